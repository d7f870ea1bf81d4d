/// Seed 002's demo: "GLITCH" large and scaled up, "SIGNAL LOST" below in green and purple.
public final class GlitchScene: Scene {
  public let kind = SceneKind.glitch
  /// The seed's `.scaleEffect(1.6)` on the title: it grows the drawing, not the layout.
  public static let titleScale = 1.6

  private let settings: SceneSettings
  private let layouts: TextLayoutCache

  init(settings: SceneSettings, layouts: TextLayoutCache) {
    self.settings = settings
    self.layouts = layouts
  }

  public func draw(at time: Double, in size: Size, into list: DrawList) {
    list.reset(background: .black)
    let appearance = settings.appearance
    let scale = settings.textScale
    let tick = GlitchSchedule.tick(at: time)
    // The title is laid out at its drawn size so the glyphs are crisp; the stack still spaces
    // it by its unscaled height, as SwiftUI does with a scale effect.
    let title = layouts.layout(
      "GLITCH",
      font: .system(
        .largeTitle, design: .monospaced, weight: .black, scale: scale * Self.titleScale))
    let subtitle = layouts.layout(
      "SIGNAL LOST", font: .system(.title3, design: .monospaced, weight: .bold, scale: scale))
    let titleHeight = title.size.height / Self.titleScale
    let stackHeight = titleHeight + 18 + 36 + subtitle.size.height
    let top = (size.height - stackHeight) / 2
    let titleCenterY = top + titleHeight / 2

    let maxOffset = GlitchSchedule.maxOffset * scale
    var context = GraphicsContext(
      list: list, foregroundColor: .white,
      offset: Point(
        x: (size.width - title.size.width) / 2, y: titleCenterY - title.size.height / 2))
    GlitchRenderer(
      tick: tick, reduceMotion: settings.reduceMotion,
      firstColor: SystemColor.cyan.color(in: appearance),
      secondColor: SystemColor.pink.color(in: appearance),
      maxOffset: maxOffset * Self.titleScale
    ).draw(layout: title, in: &context)

    context.offset = Point(
      x: (size.width - subtitle.size.width) / 2, y: top + titleHeight + 18 + 36)
    GlitchRenderer(
      tick: tick, reduceMotion: settings.reduceMotion,
      firstColor: SystemColor.green.color(in: appearance),
      secondColor: SystemColor.purple.color(in: appearance),
      maxOffset: maxOffset
    ).draw(layout: subtitle, in: &context)
  }
}
