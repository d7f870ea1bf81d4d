import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects

/// Right-to-left and mixed text laid out as Unicode's bidi algorithm orders it, and the effects
/// following it in reading order: the typewriter grows an Arabic or Hebrew line from the right,
/// the streaming front fades in as it is read, decode settles in that order.
@Suite struct ReadingOrderTests {
  /// Hebrew letters, each 10 points wide in the stand-in font.
  let hebrew = "\u{05D0}\u{05D1}\u{05D2}"

  @Test func aRightToLeftLineStartsAtTheRight() {
    let laid = layout(hebrew + " " + hebrew)
    #expect(laid.isRightToLeft)
    #expect(laid.slices.allSatisfy { $0.isRightToLeft })
    // The first letter read stands rightmost.
    #expect(laid.slices.map(\.origin.x) == [60, 50, 40, 30, 20, 10, 0])
    #expect(laid.lines[0].width == 70)
  }

  @Test func aMixedLineKeepsEachRunInItsOwnDirection() {
    // "ab אבג cd": the Hebrew word between two Latin ones reads right to left.
    let laid = layout("ab " + hebrew + " cd")
    #expect(!laid.isRightToLeft)
    #expect(laid.slices.map(\.origin.x) == [0, 10, 20, 50, 40, 30, 60, 70, 80])
  }

  @Test func leadingAlignmentPutsARightToLeftParagraphAtTheRight() {
    let laid = layout("abcd\n" + hebrew, alignment: .leading)
    #expect(laid.lines.map(\.minX) == [0, 10])
    // A layout that fills its width starts each paragraph on its own side of all of it.
    let filling = TextLayout(
      text: "abcd\n" + hebrew, font: testFont, fonts: FakeMonospaceMetrics(), width: 100,
      fillsWidth: true)
    #expect(filling.size.width == 100)
    #expect(filling.lines.map(\.minX) == [0, 70])
    #expect(filling.slices[5].origin.x == 90)
  }

  @Test func wrappedRightToLeftLinesAlignRightAndHangTheirSpaces() {
    let laid = layout(hebrew + " " + hebrew + " " + hebrew, width: 75)
    #expect(laid.lines.count == 2)
    // Each line's ink ends at the right edge of the box; the space that ends the first line
    // hangs at its left.
    for line in laid.lines { #expect(line.minX + line.width == laid.size.width) }
    #expect(laid.slices[7].origin.x < laid.lines[0].minX)
  }

  @Test func theCaretStandsAfterTheLastTypedCharacterInReadingOrder() {
    let laid = layout(hebrew)
    // Nothing typed: at the line's start, its right end; then left of each letter typed.
    #expect(laid.caretPlacement(at: 0).point == Point(x: 30, y: 0))
    #expect(laid.caretPlacement(at: 0).isRightToLeft)
    #expect(laid.caret(at: 1) == Point(x: 20, y: 0))
    #expect(laid.caret(at: 3) == Point(x: 0, y: 0))
    // In a mixed line the caret follows the direction of the character it follows.
    let mixed = layout("ab " + hebrew)
    #expect(mixed.caret(at: 2) == Point(x: 20, y: 0))
    #expect(!mixed.caretPlacement(at: 2).isRightToLeft)
    #expect(mixed.caret(at: 4) == Point(x: 50, y: 0))
    #expect(mixed.caretPlacement(at: 4).isRightToLeft)
  }

  @Test func theTypewriterShowsTheFirstWordsAtTheRightWithTheCursorLeftOfThem() {
    let laid = layout(hebrew + " " + hebrew)
    let list = DrawList()
    var context = GraphicsContext.standIn(list)
    TypewriterRenderer(visibleCount: 2, showsCursor: true, cursorColor: .white)
      .draw(layout: laid, in: &context)
    let glyphs = list.glyphs
    #expect(glyphs.count == 3)
    #expect(glyphs.prefix(2).map(\.origin.x) == [60, 50])
    // The cursor ends where the second letter starts: text grows leftwards.
    #expect(glyphs[2].text == TypewriterRenderer.cursor)
    #expect(glyphs[2].origin.x == 40)
  }

  @Test func theStreamingFrontFadesInReadingOrderAcrossAMixedLine() {
    let laid = layout("ab " + hebrew + " cd")
    let list = DrawList()
    var context = GraphicsContext(list: list)
    // The front has reached the Hebrew word's middle: "ab" and its first letter (at its
    // right) show whole, the second half, the third and "cd" not yet, though they stand
    // left and right of the shown ones.
    StreamingRenderer(visible: 5, fade: 2).draw(layout: laid, in: &context)
    let opacity = Dictionary(
      uniqueKeysWithValues: list.glyphs.map { ($0.text, $0.color.alpha) })
    #expect(opacity["a"] == 1 && opacity["\u{05D0}"] == 1)
    #expect(opacity["\u{05D1}"] == 0.5)
    #expect(opacity["\u{05D2}"] == nil && opacity["c"] == nil)
  }

  @Test func decodeSettlesInReadingOrder() {
    let laid = layout(hebrew)
    let list = DrawList()
    var context = GraphicsContext.standIn(list)
    DecodeRenderer(settledCount: 1, tick: 0, seed: 0, scrambleColor: .white)
      .draw(layout: laid, in: &context)
    // The first letter read, at the right, is itself; the two after it still cycle, stand-in
    // letters in their places.
    #expect(list.glyphs[0].text == "\u{05D0}" && list.glyphs[0].origin.x == 20)
    #expect(list.glyphs.dropFirst().map(\.origin.x) == [10, 0])
    #expect(list.glyphs.dropFirst().allSatisfy { !"\u{05D0}\u{05D1}\u{05D2}".contains($0.text) })
  }
}
