import TextEffects

/// What a screen reader must be told as the window changes, so it is never stale: names and
/// switches that changed, and what to say aloud. A new text is said
/// whole (a typewriter's next line, another scene, a kiosk's next item); a text that grows (a
/// live answer) is said a sentence at a time as each is complete, never a piece of one.
package struct AccessibleChanges {
  /// One thing to tell.
  package enum Event: Equatable, Sendable {
    /// The window's title changed.
    case titleChanged(String)
    /// The part's name changed (a text's, or the appearance button's).
    case nameChanged(id: String, name: String)
    /// The switch or tab `id` turned on or off.
    case switched(id: String, isOn: Bool)
    /// Words for the reader to say, from part `id`.
    case announce(id: String, text: String)
  }

  private var last: AccessibleWindow?
  /// For each text, how much of it has been said, and whether it was growing then: one that
  /// grew is said on from there.
  private var said: [String: (text: String, grows: Bool)] = [:]

  package init() {}

  /// The events that take a reader from the last window given to `window`. The first window
  /// is told as it is: what it shows is said.
  package mutating func update(to window: AccessibleWindow) -> [Event] {
    defer { last = window }
    var events: [Event] = []
    let before = Dictionary(
      (last?.allParts ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    if let last, last.title != window.title { events.append(.titleChanged(window.title)) }
    let parts = window.allParts
    for part in parts {
      if let old = before[part.id] {
        if old.name != part.name { events.append(.nameChanged(id: part.id, name: part.name)) }
        if old.isOn != part.isOn { events.append(.switched(id: part.id, isOn: part.isOn)) }
      }
      if part.role == .label, let words = newWords(of: part) {
        events.append(.announce(id: part.id, text: words))
      }
    }
    said = said.filter { id, _ in parts.contains { $0.id == id } }
    return events
  }

  /// What of `label` is yet to be said, if anything is ready to be.
  private mutating func newWords(of label: AccessiblePart) -> String? {
    let text = label.name
    var start = text.startIndex
    if let done = said[label.id] {
      guard done.text != text || done.grows != label.grows else { return nil }
      // A text that grew goes on from what was said, its end too once it stops growing; one
      // replaced is said anew, whole.
      if done.grows, text.hasPrefix(done.text) {
        start = text.index(text.startIndex, offsetBy: done.text.count)
      }
    }
    let end =
      label.grows ? TextBoundaries.completeSentencesEnd(in: text[start...]) : text.endIndex
    guard end > start else {
      if !label.grows { said[label.id] = (text, false) }
      return nil
    }
    said[label.id] = (String(text[..<end]), label.grows)
    let words = text[start..<end].trimmingScalars(where: \.properties.isWhitespace)
    return words.isEmpty ? nil : words
  }
}
