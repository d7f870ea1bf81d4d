/// Two coloured copies behind the text that jump and flicker in bursts, then rest slightly split.
///
/// The text and its copies are drawn by `content`, plainly by default: given another effect's
/// renderer (the stress scene gives the streaming fade), the copies carry that effect too.
package struct GlitchRenderer<Content: TextRenderer>: TextRenderer {
  package var tick: Int
  package var reduceMotion: Bool
  /// A burst forced by the user, whatever the schedule says (Reduce Motion still wins).
  package var isForced: Bool
  package var firstColor: RGBAColor
  package var secondColor: RGBAColor
  /// How far a copy may jump, in points of the context it draws in.
  package var maxOffset: Double
  /// Draws the text, and each copy in its colour and place.
  package var content: Content

  package init(
    tick: Int, reduceMotion: Bool, isForced: Bool = false, firstColor: RGBAColor,
    secondColor: RGBAColor, maxOffset: Double = GlitchSchedule.maxOffset, content: Content
  ) {
    self.tick = tick
    self.reduceMotion = reduceMotion
    self.isForced = isForced
    self.firstColor = firstColor
    self.secondColor = secondColor
    self.maxOffset = maxOffset
    self.content = content
  }

  /// Where each copy sits now.
  package var placements: (first: GlitchPlacement, second: GlitchPlacement) {
    GlitchSchedule.placements(tick: tick, reduceMotion: reduceMotion, isForced: isForced)
  }

  package func draw(layout: TextLayout, in context: inout GraphicsContext) {
    let (first, second) = placements
    drawCopy(of: layout, at: first, in: firstColor, context: context)
    drawCopy(of: layout, at: second, in: secondColor, context: context)
    content.draw(layout: layout, in: &context)
  }

  private func drawCopy(
    of layout: TextLayout, at placement: GlitchPlacement, in color: RGBAColor,
    context: GraphicsContext
  ) {
    guard placement.isVisible else { return }
    var copy = context
    copy.foregroundColor = color
    copy.translateBy(x: placement.x * maxOffset, y: placement.y * maxOffset)
    content.draw(layout: layout, in: &copy)
  }
}

extension GlitchRenderer where Content == PlainTextRenderer {
  /// The seed's glitch: the text and its copies drawn plainly.
  package init(
    tick: Int, reduceMotion: Bool, isForced: Bool = false, firstColor: RGBAColor,
    secondColor: RGBAColor, maxOffset: Double = GlitchSchedule.maxOffset
  ) {
    self.init(
      tick: tick, reduceMotion: reduceMotion, isForced: isForced, firstColor: firstColor,
      secondColor: secondColor, maxOffset: maxOffset, content: PlainTextRenderer())
  }
}
