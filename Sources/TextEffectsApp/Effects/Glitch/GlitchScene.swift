import TextEffects

/// Seed 002's demo: "GLITCH" large and scaled up, "SIGNAL LOST" below in green and purple.
package final class GlitchScene: HoldableScene {
  package let kind = SceneKind.glitch
  package static let demoTitle = "GLITCH"
  package static let demoSubtitle = "SIGNAL LOST"
  /// The seed's `.scaleEffect(1.6)` on the title: it grows the drawing, not the layout.
  package static let titleScale = 1.6

  package var settings: SceneSettings {
    didSet {
      if settings.customText != oldValue.customText { texts = Self.texts(for: settings) }
    }
  }
  package let background = RGBAColor.black
  /// Holding the mouse or G forces a burst, whatever the schedule says.
  package var isHeld = false
  package let layouts: Typesetter

  init(settings: SceneSettings, layouts: Typesetter) {
    self.settings = settings
    self.layouts = layouts
    texts = Self.texts(for: settings)
  }

  /// The large text and the one below: the demo's, or the first line of the user's text and
  /// the rest of it, as much as `DisplayText` lets a scene show.
  package private(set) var texts: (title: String, subtitle: String)

  private static func texts(for settings: SceneSettings) -> (title: String, subtitle: String) {
    guard let text = settings.customText else { return (Self.demoTitle, Self.demoSubtitle) }
    let lines = DisplayText.bounded(text).text.split(
      maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    return (String(lines[0]), lines.count > 1 ? String(lines[1]) : "")
  }

  /// The title once (its coloured copies are the seed's `EmptyView()` to a screen reader),
  /// then the line below it.
  package func spokenTexts(at time: Double) -> [SpokenText] {
    [texts.title, texts.subtitle].filter { !$0.isEmpty }.map { SpokenText($0) }
  }

  /// The next tick in a burst (or while held); at rest, the start of the next burst.
  package func nextChange(after time: Double) -> Double? {
    glitch("", .white, .white, maxOffset: 0).nextChange(after: time)
  }

  package func draw(
    at time: Double, in frame: Rect, pointer: ScenePointer, into context: GraphicsContext
  ) {
    let column = SceneFitting.column(in: frame)
    let (titleText, subtitleText) = texts
    // A text of one line has no line below: the title alone sits in the middle.
    let below = { (zoom: Double, subtitle: TextLayout) in
      subtitleText.isEmpty ? 0 : (18 + 36) * zoom + subtitle.size.height
    }
    // `@ScaledMetric(relativeTo: .largeTitle)`: the jump grows with the text size.
    let baseOffset =
      GlitchText.defaultMaxOffset * settings.dynamicType.scale(relativeTo: .largeTitle)

    // The title is laid out at its drawn size so the glyphs are crisp; the stack still spaces
    // it by its unscaled height, as SwiftUI does with a scale effect.
    func layouts(_ zoom: Double) -> (title: TextLayout, subtitle: TextLayout, height: Double) {
      let margin = 2 * baseOffset * Self.titleScale * zoom
      let title = self.layouts.layout(
        titleText,
        font: settings.textFont(
          .system(
            .largeTitle, design: .monospaced, weight: .black, dynamicType: settings.dynamicType,
            scale: zoom * Self.titleScale)), width: max(column.width - margin, 1),
        alignment: .center, language: settings.language)
      let subtitle = self.layouts.layout(
        subtitleText,
        font: settings.textFont(
          .system(
            .title3, design: .monospaced, weight: .bold, dynamicType: settings.dynamicType,
            scale: zoom)), width: max(column.width - margin, 1), alignment: .center,
        language: settings.language)
      let stack = title.size.height / Self.titleScale + below(zoom, subtitle)
      // The scaled title spills past its frame by the scale effect and the jumps.
      let spill = title.size.height * (1 - 1 / Self.titleScale) + 2 * baseOffset * zoom
      return (title, subtitle, stack + spill)
    }
    let zoom = SceneFitting.zoom(toFit: frame.height) { layouts($0).height }
    let (title, subtitle, neededHeight) = layouts(zoom)
    let titleHeight = title.size.height / Self.titleScale
    let stackHeight = titleHeight + below(zoom, subtitle)
    // Centred; a text too tall even at the smallest zoom shows its beginning.
    let top = frame.minY + max((frame.height - stackHeight) / 2, 0)
    let titleCenterY = top + titleHeight / 2
    let maxOffset = baseOffset * zoom

    let colors = settings[GlitchSettings.self].colors
    // The scaled title grows about its centre; one too tall for the window even at the
    // smallest zoom starts at the top instead, so its first words show, not its middle.
    let titleTop =
      neededHeight <= frame.height + 0.01 ? titleCenterY - title.size.height / 2 : frame.minY
    var context = context
    context.foregroundColor = settings.textColor ?? .white
    context.offset = Point(x: frame.minX + (frame.width - title.size.width) / 2, y: titleTop)
    glitch(
      titleText, colors?.first ?? settings.color(.cyan), colors?.second ?? settings.color(.pink),
      maxOffset: maxOffset * Self.titleScale
    ).renderer(for: title, at: time).draw(layout: title, in: &context)

    context.offset = Point(
      x: frame.minX + (frame.width - subtitle.size.width) / 2,
      y: top + titleHeight + (18 + 36) * zoom)
    glitch(
      subtitleText, colors?.first ?? settings.color(.green),
      colors?.second ?? settings.color(.purple), maxOffset: maxOffset
    ).renderer(for: subtitle, at: time).draw(layout: subtitle, in: &context)
  }

  /// One of the two texts as the library's `GlitchText`, bursting while the scene is held.
  private func glitch(
    _ text: String, _ first: RGBAColor, _ second: RGBAColor, maxOffset: Double
  ) -> GlitchText {
    GlitchText(
      text, firstColor: first, secondColor: second, maxOffset: maxOffset, isBursting: isHeld,
      reduceMotion: settings.reduceMotion)
  }
}
