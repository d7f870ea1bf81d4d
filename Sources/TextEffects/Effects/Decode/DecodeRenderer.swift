/// Draws each settled character as itself and each other one as a random glyph of the same
/// font, at the settled character's place: the text is laid out once, so it never reflows while
/// it decodes, as the seed's typewriter never does while it types.
package struct DecodeRenderer: TextRenderer {
  /// How many characters, from the first, show as themselves.
  package var settledCount: Int
  /// Which glyph change the scramble is at.
  package var tick: Int
  package var seed: UInt64
  /// The colour of the glyphs that have not settled.
  package var scrambleColor: RGBAColor

  package init(settledCount: Int, tick: Int, seed: UInt64, scrambleColor: RGBAColor) {
    self.settledCount = settledCount
    self.tick = tick
    self.seed = seed
    self.scrambleColor = scrambleColor
  }

  /// The renderer `elapsed` seconds in; Reduce Motion shows the settled text.
  package init(
    elapsed: Double, total: Int, charactersPerSecond: Double, seed: UInt64,
    scrambleColor: RGBAColor, reduceMotion: Bool
  ) {
    let settled =
      reduceMotion
      ? total
      : DecodeSchedule.settledCount(
        elapsed: elapsed, charactersPerSecond: charactersPerSecond, total: total)
    self.init(
      settledCount: settled, tick: DecodeSchedule.tick(at: elapsed), seed: seed,
      scrambleColor: scrambleColor)
  }

  package func draw(layout: TextLayout, in context: inout GraphicsContext) {
    var scramble = context
    scramble.foregroundColor = scrambleColor
    for index in context.visibleSlices(of: layout) {
      let slice = layout.slices[index]
      // A space stays a space, so the words keep their shape while their letters cycle.
      guard index >= settledCount, !slice.isBlank else {
        context.draw(slice)
        continue
      }
      // A whole grapheme cluster (an accented letter, an emoji, an Indic syllable) cycles as
      // one stand-in letter, at the cluster's left edge.
      let stand = String(DecodeSchedule.glyph(index: index, tick: tick, seed: seed))
      var origin = slice.origin
      // The stand-in is a letter, which a fallback font (an emoji's, an Arabic one) may lack:
      // it is drawn in the text's own font, on its line's baseline.
      if slice.font != layout.font, let top = layout.lineTop(ofSlice: index) {
        origin.y = top
      }
      scramble.draw(stand, font: layout.font, at: origin)
    }
  }
}
