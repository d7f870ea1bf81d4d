import FoundationEssentials
import TextEffects

/// What a kiosk shows, from a JSON file: a list of items, each a scene with its texts,
/// colours, speeds, how long it stays and when it may show. See `examples/kiosk.json`.
package struct KioskContent: Equatable, Sendable {
  package struct Item: Equatable, Sendable {
    package var scene: SceneKind
    /// What the scene draws with: its text, question, colours and speeds.
    package var settings: SceneSettings
    /// Seconds on screen; nil takes the kiosk's `--cycle`.
    package var duration: Double?
    package var window: ShowWindow?

    package init(
      scene: SceneKind, settings: SceneSettings, duration: Double?, window: ShowWindow? = nil
    ) {
      self.scene = scene
      self.settings = settings
      self.duration = duration
      self.window = window
    }
  }

  package var items: [Item]
  /// Whether the items take the desktop's Reduce Motion, appearance, text size and contrast
  /// (`"followDesktop": false` in the file keeps each item's own).
  package var followsDesktop = true
  /// Seconds between two burn-in shifts (`"burnInShiftSeconds"` in the file); 0 never shifts,
  /// for a screen that cannot mark or a capture that must hold still.
  package var burnInPeriod = 180.0
  /// What a person should know about content that reads well: each item whose text is longer
  /// than a scene shows, and so was cut. Said once, when the content is read.
  package var notes: [String] = []

  package init(items: [Item]) {
    self.items = items
  }

  /// One line saying what is wrong with a content file and where.
  package struct Problem: Error, Equatable, CustomStringConvertible {
    package let description: String
  }

  /// Reads the JSON of a content file, on top of `base` settings (Reduce Motion, seed...).
  package static func parse(_ data: Data, base: SceneSettings = SceneSettings()) throws(Problem)
    -> KioskContent
  {
    let file: ContentFile
    do {
      file = try JSONProblem.decode(ContentFile.self, from: data, in: "the file")
    } catch {
      throw Problem(description: error.description)
    }
    guard !file.items.isEmpty else {
      throw Problem(description: "'items' is empty: nothing to show")
    }
    var content = KioskContent(items: [])
    content.followsDesktop = file.followDesktop ?? true
    if let period = file.burnInShiftSeconds {
      guard period == 0 || (period >= 1 && period <= 86_400) else {
        throw Problem(
          description: "'burnInShiftSeconds' must be 0 (no shift) or seconds from 1 to 86400, "
            + "not \(Printed.number(period))")
      }
      content.burnInPeriod = period
    }
    for (index, raw) in file.items.enumerated() {
      do {
        var item = try raw.item(base: base)
        if item.settings.cutToWhatScenesShow() {
          content.notes.append(
            "items[\(index)]: its text is longer than the \(DisplayText.characterLimitName) "
              + "characters a scene shows; the screen shows its beginning, ending in \u{2026}")
        }
        content.items.append(item)
      } catch {
        throw Problem(description: "items[\(index)]: \(error.description)")
      }
    }
    return content
  }
}

extension SceneSettings {
  /// Cuts the texts to what `DisplayText` lets a scene show, once, where they come in; true
  /// when something was left out.
  mutating func cutToWhatScenesShow() -> Bool {
    var wasCut = false
    if let text = customText {
      let bounded = DisplayText.bounded(text)
      (customText, wasCut) = (bounded.text, bounded.wasCut)
    }
    wasCut = effects.cutToWhatScenesShow() || wasCut
    return wasCut
  }
}
