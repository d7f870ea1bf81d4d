/// Two coloured copies behind the text that jump and flicker in bursts, then rest slightly split.
public struct GlitchRenderer: TextRenderer {
  public var tick: Int
  public var reduceMotion: Bool
  /// A burst forced by the user, whatever the schedule says (Reduce Motion still wins).
  public var isForced: Bool
  public var firstColor: RGBAColor
  public var secondColor: RGBAColor
  /// How far a copy may jump, in points of the context it draws in.
  public var maxOffset: Double

  public init(
    tick: Int, reduceMotion: Bool, isForced: Bool = false, firstColor: RGBAColor,
    secondColor: RGBAColor, maxOffset: Double = GlitchSchedule.maxOffset
  ) {
    self.tick = tick
    self.reduceMotion = reduceMotion
    self.isForced = isForced
    self.firstColor = firstColor
    self.secondColor = secondColor
    self.maxOffset = maxOffset
  }

  /// Where each copy sits now.
  public var placements: (first: GlitchPlacement, second: GlitchPlacement) {
    GlitchSchedule.placements(tick: tick, reduceMotion: reduceMotion, isForced: isForced)
  }

  public func draw(layout: TextLayout, in context: inout GraphicsContext) {
    let (first, second) = placements
    drawCopy(of: layout, at: first, in: firstColor, context: context)
    drawCopy(of: layout, at: second, in: secondColor, context: context)
    for index in context.visibleSlices(of: layout) { context.draw(layout.slices[index]) }
  }

  private func drawCopy(
    of layout: TextLayout, at placement: GlitchPlacement, in color: RGBAColor,
    context: GraphicsContext
  ) {
    guard placement.isVisible else { return }
    var copy = context
    copy.foregroundColor = color
    copy.translateBy(x: placement.x * maxOffset, y: placement.y * maxOffset)
    for index in copy.visibleSlices(of: layout) { copy.draw(layout.slices[index]) }
  }
}
