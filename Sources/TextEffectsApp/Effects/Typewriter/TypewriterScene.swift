import TextEffects

/// Seed 000's demo: a terminal card whose lines type themselves, one after another.
package final class TypewriterScene: Scene {
  package let kind = SceneKind.typewriter
  package static let demoLines = [
    "$ swift build\nCompiling your ideas...",
    "$ swift test\nAll tests passed, no bugs today.",
    "$ git push\nShipped before lunch.",
  ]
  /// How long each line stays before the next replaces it.
  package static let linePeriod = 3.2
  package static let defaultCharactersPerSecond = 20.0
  /// A line too long to type within the period stays until it has shown whole this long. The
  /// demo's longest line shows whole for 0.95 s, so the demo keeps the seed's period exactly.
  package static let shortestWholeTime = 0.5

  package var settings: SceneSettings {
    didSet {
      lines = Self.lines(for: settings)
      lengths = lines.map(\.count)
      typewriters = Self.typewriters(typing: lines, settings: settings)
      measured = nil
    }
  }
  package let background = RGBAColor.black
  /// The entries it cycles through: the demo's, or one per line of the user's text.
  package private(set) var lines: [String]
  /// Each entry's length in characters, counted once: an entry can be a megabyte long, and the
  /// timeline asks every frame.
  private var lengths: [Int]
  /// Each entry as the library's `TypewriterText`, which times and draws it.
  private var typewriters: [TypewriterText]
  /// The card for the last frame size and fonts: measuring it looks every entry up in the
  /// layout cache, which hashes each entry's whole text.
  private var measured: (frame: Rect, fonts: Int, geometry: Geometry)?
  package let layouts: Typesetter

  init(settings: SceneSettings, layouts: Typesetter) {
    self.settings = settings
    self.layouts = layouts
    lines = Self.lines(for: settings)
    lengths = lines.map(\.count)
    typewriters = Self.typewriters(typing: lines, settings: settings)
  }

  /// The entries as typewriters at the settings' speed, their cursor in the text's colour.
  private static func typewriters(typing lines: [String], settings: SceneSettings)
    -> [TypewriterText]
  {
    lines.map {
      TypewriterText(
        $0, charactersPerSecond: settings[TypewriterSettings.self].charactersPerSecond,
        cursorColor: settings.textColor ?? settings.color(.green),
        reduceMotion: settings.reduceMotion)
    }
  }

  /// At most `DisplayText.characterLimit` characters in all, so a megabyte of lines neither
  /// measures every one of them for the card nor takes days to cycle.
  private static func lines(for settings: SceneSettings) -> [String] {
    if let entries = settings[TypewriterSettings.self].entries {
      return DisplayText.bounded(entries).entries
    }
    guard let text = settings.customText else { return demoLines }
    return DisplayText.bounded(text).text.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    ).map(String.init)
  }

  /// How long `line` stays: the seed's 3.2 s, or longer for a line that takes longer to type
  /// (the user's own, or at a slower speed), so that every line is seen whole.
  package func period(of line: String) -> Double {
    period(characters: line.count)
  }

  private func period(characters: Int) -> Double {
    let speed = settings[TypewriterSettings.self].charactersPerSecond
    guard speed > 0 else { return Self.linePeriod }
    return max(Self.linePeriod, Double(characters) / speed + Self.shortestWholeTime)
  }

  /// Which line shows at `time`, and for how long it has been typing.
  ///
  /// Divisions are nudged by a billionth so that a time given as a multiple of the period, such
  /// as 9.6 s, lands on the new line despite binary rounding (9.6 / 3.2 = 2.9999…).
  package func line(at time: Double) -> (index: Int, elapsed: Double) {
    var cycle = 0.0
    for length in lengths { cycle += period(characters: length) }
    guard time > 0, cycle > 0 else { return (0, 0) }
    let cycles = (time / cycle + 1e-9).rounded(.down)
    var rest = time - cycles * cycle
    for (index, length) in lengths.enumerated() {
      let period = period(characters: length)
      if rest + 1e-9 < period { return (index, max(rest, 0)) }
      rest -= period
    }
    return (0, 0)
  }

  /// The line being typed, whole, as the seed's `.accessibilityLabel(text)` gives it.
  package func spokenTexts(at time: Double) -> [SpokenText] {
    lines.isEmpty ? [] : [SpokenText(lines[line(at: time).index])]
  }

  /// The next character, the next blink of the cursor once typed, or the next line.
  package func nextChange(after time: Double) -> Double? {
    guard !lines.isEmpty else { return nil }
    let (index, elapsed) = line(at: time)
    let lineStart = time - elapsed
    let lineEnd = lineStart + period(characters: lengths[index])
    guard let next = typewriters[index].nextChange(after: elapsed) else { return lineEnd }
    return min(lineStart + next, lineEnd)
  }

  private struct Geometry {
    var zoom: Double
    var font: Font
    var card: Rect
    var textWidth: Double
  }

  /// The card, sized for the tallest line so that it never changes size between lines.
  private func geometry(in frame: Rect) -> Geometry {
    if let measured, measured.frame == frame, measured.fonts == layouts.generation {
      return measured.geometry
    }
    let column = SceneFitting.column(in: frame)
    func measure(_ zoom: Double) -> (font: Font, textWidth: Double, cardHeight: Double) {
      let font = settings.textFont(
        .system(
          .title2, design: .monospaced, weight: .medium, dynamicType: settings.dynamicType,
          scale: zoom))
      let textWidth = max(column.width - 2 * (20 + 24) * zoom, 1)
      var textHeight = 0.0
      for line in lines {
        let laid = layouts.layout(
          line, font: font, width: textWidth, language: settings.language, fillsWidth: true)
        textHeight = max(textHeight, laid.size.height)
      }
      let cardHeight = (2 * 24 + 12 + 16) * zoom + max(160 * zoom, textHeight)
      return (font, textWidth, cardHeight)
    }
    let zoom = SceneFitting.zoom(toFit: frame.height) { measure($0).cardHeight + 40 * $0 }
    let (font, textWidth, cardHeight) = measure(zoom)
    // Centred; a card too tall even at the smallest zoom shows its top, where typing starts.
    let card = Rect(
      x: column.minX + 20 * zoom, y: frame.minY + max((frame.height - cardHeight) / 2, 20 * zoom),
      width: column.width - 40 * zoom, height: cardHeight)
    let geometry = Geometry(zoom: zoom, font: font, card: card, textWidth: textWidth)
    measured = (frame, layouts.generation, geometry)
    return geometry
  }

  package func draw(
    at time: Double, in frame: Rect, pointer: ScenePointer, into context: GraphicsContext
  ) {
    let green = settings.textColor ?? settings.color(.green)
    let geometry = geometry(in: frame)
    let zoom = geometry.zoom
    let card = geometry.card
    var context = context
    context.foregroundColor = green
    context.fill(
      .roundedRectangle(card, cornerRadius: 20 * zoom), with: RGBAColor.white.withOpacity(0.08))
    for (number, color) in [SystemColor.red, .yellow, .green].enumerated() {
      let center = Point(
        x: card.minX + (24 + Double(number) * 20 + 6) * zoom, y: card.minY + (24 + 6) * zoom)
      context.fill(.circle(center: center, radius: 6 * zoom), with: settings.color(color))
    }

    guard !lines.isEmpty else { return }
    let (index, elapsed) = line(at: time)
    let layout = layouts.layout(
      lines[index], font: geometry.font, width: geometry.textWidth, language: settings.language,
      fillsWidth: true)
    context.offset = Point(x: card.minX + 24 * zoom, y: card.minY + (24 + 12 + 16) * zoom)
    typewriters[index].renderer(for: layout, at: elapsed).draw(layout: layout, in: &context)
  }
}
