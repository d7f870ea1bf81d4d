import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// A tab moves the pen to the next stop, every eight spaces' width from the line's start, as a
/// terminal does; the fake font's space is 10 points, so stops fall every 80.
@Suite struct TabStopTests {
  func origins(_ laidOut: TextLayout) -> [Double] { laidOut.slices.map(\.origin.x) }

  @Test func aTabGoesToTheNextStop() {
    let laidOut = layout("a\tb")
    #expect(origins(laidOut) == [0, 10, 80])
    #expect(laidOut.slices[1].isBlank && laidOut.slices[1].advance == 70)
  }

  @Test func aTabAtAStopGoesToTheOneAfter() {
    #expect(origins(layout("abcdefgh\tb")).last == 160)
    #expect(origins(layout("\t\tb")) == [0, 80, 160])
  }

  /// As CSS has it: a stop nearer than half a space is skipped for the one after, so a tab
  /// always shows as a gap.
  @Test func aStopTooNearIsSkipped() {
    // Six a and a kerned "AV" end at 78, two points short of the stop at 80.
    #expect(origins(layout("aaaaaaAV\tb")).last == 160)
  }

  @Test func stopsCountFromEachLinesStart() {
    let laidOut = layout("abc\tx\nq\ty")
    #expect(laidOut.slices[4].origin == Point(x: 80, y: 0))
    #expect(laidOut.slices[8].origin == Point(x: 80, y: 12))
  }

  /// Wrapping counts a tab as a whole stop wide, the most it can be, so a line with tabs
  /// never runs past the width once its stops are set from its own start.
  @Test func wrappedLinesSetTheirStopsFromTheirOwnStart() {
    let laidOut = layout("ab\tcd ef\tg", width: 130)
    #expect(lineTexts(laidOut) == ["ab\tcd ", "ef\tg"])
    #expect(laidOut.slices[3].origin.x == 80)
    #expect(laidOut.slices[9].origin == Point(x: 80, y: 12))
    for line in laidOut.lines { #expect(line.minX + line.width <= 130) }
  }

  @Test func alignmentCountsTheTabsWidth() {
    let laidOut = layout("a\tb\nccccccccccc", alignment: .trailing)
    #expect(laidOut.lines[0].width == 90)
    #expect(laidOut.slices[2].origin.x == 110 - 10)
  }
}
