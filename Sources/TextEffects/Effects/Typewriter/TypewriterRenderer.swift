/// Draws the typed part of a text and a cursor at the caret; the untyped part keeps its place.
///
/// The seed types clear text after an inline cursor, so lines wrap once and never jump; here the
/// whole text is laid out once and the cursor is drawn over the caret, so it cannot push a word
/// onto the next line either.
package struct TypewriterRenderer: TextRenderer {
  package var visibleCount: Int
  package var showsCursor: Bool
  package var cursorColor: RGBAColor

  package static let cursor = "|"

  package init(visibleCount: Int, showsCursor: Bool, cursorColor: RGBAColor) {
    self.visibleCount = visibleCount
    self.showsCursor = showsCursor
    self.cursorColor = cursorColor
  }

  /// The renderer for `elapsed` seconds of typing at `charactersPerSecond`, as the seed computes it.
  package init(
    elapsed: Double, total: Int, charactersPerSecond: Double, cursorColor: RGBAColor,
    reduceMotion: Bool
  ) {
    guard !reduceMotion else {
      self.init(visibleCount: total, showsCursor: false, cursorColor: cursorColor)
      return
    }
    let count = TypewriterProgress.visibleCount(
      elapsed: elapsed, charactersPerSecond: charactersPerSecond, total: total)
    self.init(
      visibleCount: count,
      showsCursor: TypewriterProgress.isCursorVisible(
        elapsed: elapsed, visibleCount: count, total: total),
      cursorColor: cursorColor)
  }

  package func draw(layout: TextLayout, in context: inout GraphicsContext) {
    for index in context.visibleSlices(of: layout).clamped(to: 0..<max(visibleCount, 0)) {
      context.draw(layout.slices[index])
    }
    guard showsCursor else { return }
    var cursorContext = context
    cursorContext.foregroundColor = cursorColor
    let caret = layout.caretPlacement(at: visibleCount)
    if caret.isRightToLeft {
      cursorContext.draw(Self.cursor, font: layout.font, endingAt: caret.point)
    } else {
      cursorContext.draw(Self.cursor, font: layout.font, at: caret.point)
    }
  }
}
