import TextEffects

/// Not a seed's demo, but built as one: a headline that decodes itself on black, its letters
/// cycling through random glyphs in terminal green before settling white, left to right.
package final class DecodeScene: Scene {
  package let kind = SceneKind.decode
  package static let demoText = "ACCESS GRANTED\nWelcome back, operator."

  package var settings: SceneSettings {
    didSet {
      if settings.customText != oldValue.customText { text = Self.text(for: settings) }
      total = text.count
    }
  }
  package let background = RGBAColor.black
  /// The demo's text, or the user's, as much as `DisplayText` lets a scene show.
  package private(set) var text: String
  /// Its length in characters, counted once: the timeline asks every frame.
  private var total: Int
  package let layouts: Typesetter

  init(settings: SceneSettings, layouts: Typesetter) {
    self.settings = settings
    self.layouts = layouts
    text = Self.text(for: settings)
    total = text.count
  }

  private static func text(for settings: SceneSettings) -> String {
    settings.customText.map { DisplayText.bounded($0).text } ?? demoText
  }

  private var speed: Double { settings[DecodeSettings.self].charactersPerSecond }

  /// The time since the text last started to decode: the demo plays again after each hold.
  package func elapsed(at time: Double) -> Double {
    let period = DecodeSchedule.period(total: total, charactersPerSecond: speed)
    guard time > 0, period > 0, time.isFinite else { return 0 }
    return time - (time / period + 1e-9).rounded(.down) * period
  }

  /// The text it settles into, never the letters it passes through.
  package func spokenTexts(at time: Double) -> [SpokenText] {
    text.isEmpty ? [] : [SpokenText(text)]
  }

  /// The next glyph change or settling character; once settled, the next start.
  package func nextChange(after time: Double) -> Double? {
    guard !settings.reduceMotion, speed > 0, total > 0 else { return nil }
    let elapsed = elapsed(at: time)
    let start = time - elapsed
    let next = DecodeSchedule.nextChange(
      after: elapsed, charactersPerSecond: speed, total: total)
    return start + (next ?? DecodeSchedule.period(total: total, charactersPerSecond: speed))
  }

  package func draw(
    at time: Double, in frame: Rect, pointer: ScenePointer, into context: GraphicsContext
  ) {
    let column = SceneFitting.column(in: frame)
    func layout(_ zoom: Double) -> TextLayout {
      layouts.layout(
        text,
        font: settings.textFont(
          .system(
            .largeTitle, design: .monospaced, weight: .bold, dynamicType: settings.dynamicType,
            scale: zoom)), width: max(column.width - 40 * zoom, 1), alignment: .center,
        language: settings.language)
    }
    let zoom = SceneFitting.zoom(toFit: frame.height) { layout($0).size.height + 40 * $0 }
    let laidOut = layout(zoom)
    var context = context
    context.foregroundColor = settings.textColor ?? .white
    // Centred; a text too tall even at the smallest zoom shows its beginning, 20 points down
    // as the zoom counted, so a fallback font's taller glyphs stay inside.
    context.offset = Point(
      x: frame.minX + (frame.width - laidOut.size.width) / 2,
      y: frame.minY + max((frame.height - laidOut.size.height) / 2, 20 * zoom))
    DecodeRenderer(
      elapsed: elapsed(at: time), total: laidOut.characterCount, charactersPerSecond: speed,
      seed: settings.seed, scrambleColor: settings.color(.green),
      reduceMotion: settings.reduceMotion
    ).draw(layout: laidOut, in: &context)
  }
}
