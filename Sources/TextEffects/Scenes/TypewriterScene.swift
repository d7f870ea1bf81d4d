/// Seed 000's demo: a terminal card whose lines type themselves, one every 3.2 seconds.
public final class TypewriterScene: Scene {
  public let kind = SceneKind.typewriter
  public static let lines = [
    "$ swift build\nCompiling your ideas...",
    "$ swift test\nAll tests passed, no bugs today.",
    "$ git push\nShipped before lunch.",
  ]
  /// How long each line stays before the next replaces it.
  public static let linePeriod = 3.2
  public static let charactersPerSecond = 20.0

  private let settings: SceneSettings
  private let layouts: TextLayoutCache

  init(settings: SceneSettings, layouts: TextLayoutCache) {
    self.settings = settings
    self.layouts = layouts
  }

  /// Which line shows at `time`, and for how long it has been typing.
  ///
  /// The division is nudged by a billionth so that a time given as a multiple of the period,
  /// such as 9.6 s, lands on the new line despite binary rounding (9.6 / 3.2 = 2.9999…).
  public static func line(at time: Double) -> (index: Int, elapsed: Double) {
    let period = max((time / linePeriod + 1e-9).rounded(.down), 0)
    let index = Int(period.truncatingRemainder(dividingBy: Double(lines.count)))
    return (index, max(time - period * linePeriod, 0))
  }

  public func draw(at time: Double, in size: Size, into list: DrawList) {
    list.reset(background: .black)
    let appearance = settings.appearance
    let green = SystemColor.green.color(in: appearance)
    let font = Font.system(
      .title2, design: .monospaced, weight: .medium, scale: settings.textScale)
    let column = SceneColumn.frame(in: size)
    let outerPadding = 20.0
    let innerPadding = 24.0
    let dotSize = 12.0
    let spacing = 16.0
    let textWidth = max(column.width - 2 * (outerPadding + innerPadding), 1)
    let (index, elapsed) = Self.line(at: time)
    let text = Self.lines[index]
    let layout = layouts.layout(text, font: font, width: textWidth)

    let cardHeight = 2 * innerPadding + dotSize + spacing + max(160, layout.size.height)
    let card = Rect(
      x: column.minX + outerPadding, y: (size.height - cardHeight) / 2,
      width: column.width - 2 * outerPadding, height: cardHeight)
    var context = GraphicsContext(list: list, foregroundColor: green)
    context.fill(
      .roundedRectangle(card, cornerRadius: 20), with: RGBAColor.white.withOpacity(0.08))
    for (number, color) in [SystemColor.red, .yellow, .green].enumerated() {
      let center = Point(
        x: card.minX + innerPadding + Double(number) * (dotSize + 8) + dotSize / 2,
        y: card.minY + innerPadding + dotSize / 2)
      context.fill(.circle(center: center, radius: dotSize / 2), with: color.color(in: appearance))
    }

    context.offset = Point(
      x: card.minX + innerPadding, y: card.minY + innerPadding + dotSize + spacing)
    let renderer = TypewriterRenderer(
      elapsed: elapsed, total: layout.characterCount,
      charactersPerSecond: Self.charactersPerSecond, cursorColor: green,
      reduceMotion: settings.reduceMotion)
    renderer.draw(layout: layout, in: &context)
  }
}
