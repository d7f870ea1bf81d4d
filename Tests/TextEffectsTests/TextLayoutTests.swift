import Testing
import TextEffectsTestSupport

@testable import TextEffects

@Suite struct TextLayoutTests {
  @Test func oneSlicePerCharacterIncludingSpaces() {
    let laid = layout("ab c")
    #expect(laid.slices.map(\.text) == ["a", "b", " ", "c"])
    #expect(laid.slices.map(\.origin.x) == [0, 10, 20, 30])
    #expect(laid.slices.map(\.isBlank) == [false, false, true, false])
    #expect(laid.characterCount == 4)
  }

  @Test func graphemeClustersAreOneSliceEach() {
    let text = "e\u{301}🇫🇷👨‍👩‍👧👍🏽漢字"
    let laid = layout(text)
    #expect(laid.slices.map(\.text) == ["e\u{301}", "🇫🇷", "👨‍👩‍👧", "👍🏽", "漢", "字"])
    #expect(laid.slices.map(\.characterIndex) == Array(0..<6))
    #expect(laid.characterCount == text.count)
  }

  @Test func kerningComesFromShapingTheWholeLine() {
    // "AV" is 2 points tighter, so V starts at 8 and the second A at 18, not 20.
    let laid = layout("AVA")
    #expect(laid.slices.map(\.origin.x) == [0, 8, 18])
    #expect(laid.slices.map(\.advance) == [8, 10, 10])
    #expect(laid.size.width == 28)
  }

  @Test func wrapsAtSpacesToTheWidth() {
    let laid = layout("the quick brown fox", width: 100)
    #expect(lineTexts(laid) == ["the quick ", "brown fox"])
    #expect(laid.lines.map(\.width) == [90, 90])
    #expect(laid.slices[10].origin == Point(x: 0, y: 12))
  }

  @Test func aWordExactlyAsWideAsTheLineFits() {
    #expect(lineTexts(layout("abcde fghij", width: 50)) == ["abcde ", "fghij"])
  }

  @Test func aWordWiderThanTheLineBreaksInside() {
    #expect(lineTexts(layout("abcdefghij", width: 35)) == ["abc", "def", "ghi", "j"])
    #expect(lineTexts(layout("ab abcdefgh", width: 40)) == ["ab ", "abcd", "efgh"])
  }

  @Test func aLineTooNarrowForOneCharacterStillTakesOne() {
    #expect(lineTexts(layout("abc", width: 4)) == ["a", "b", "c"])
  }

  @Test func newlinesBreakLinesAndBelongToTheLineTheyEnd() {
    let laid = layout("ab\ncd")
    #expect(lineTexts(laid) == ["ab", "cd"])
    #expect(laid.lines[0].slices == 0..<3)
    #expect(laid.slices[2].isBlank)
    #expect(laid.slices[2].advance == 0)
    #expect(laid.slices[3].origin == Point(x: 0, y: 12))
  }

  @Test func crlfIsOneLineBreak() {
    let laid = layout("ab\r\ncd")
    #expect(laid.lines.count == 2)
    #expect(laid.characterCount == 5)
  }

  @Test func emptyTextHasOneEmptyLine() {
    let laid = layout("")
    #expect(laid.lines.count == 1)
    #expect(laid.slices.isEmpty)
    #expect(laid.size == Size(width: 0, height: 12))
    #expect(laid.caret(at: 0) == .zero)
  }

  @Test func caretFollowsTheText() {
    let laid = layout("ab\ncd\n")
    #expect(laid.caret(at: 1) == Point(x: 10, y: 0))
    #expect(laid.caret(at: 2) == Point(x: 20, y: 0))  // before the line break: end of line
    #expect(laid.caret(at: 3) == Point(x: 0, y: 12))  // typed the break: next line
    #expect(laid.caret(at: 6) == Point(x: 0, y: 24))  // after a final break: an empty line
    #expect(layout("ab").caret(at: 2) == Point(x: 20, y: 0))
  }

  @Test func linesAlignWithinTheWidestLine() {
    let centered = layout("abcd\nab", alignment: .center)
    #expect(centered.lines.map(\.minX) == [0, 10])
    #expect(centered.slices[5].origin.x == 10)
    let trailing = layout("abcd\nab", alignment: .trailing)
    #expect(trailing.lines.map(\.minX) == [0, 20])
    #expect(trailing.size.width == 40)
  }

  @Test func trailingSpacesDoNotCountForAlignment() {
    let laid = layout("ab  \nabcd", alignment: .trailing)
    #expect(laid.lines[0].width == 20)
    #expect(laid.lines[0].minX == 20)
  }

  @Test func lineSpacingGoesBetweenLines() {
    let laid = layout("a\nb\nc", lineSpacing: 4)
    #expect(laid.lines.map(\.top) == [0, 16, 32])
    #expect(laid.lines.map(\.baseline) == [9, 25, 41])
    #expect(laid.size.height == 3 * 12 + 2 * 4)
  }

  @Test func slicesCarryTheirFontAndGlyphs() {
    let laid = layout("ab\ncd")
    #expect(laid.slices.map(\.font) == Array(repeating: testFont, count: 5))
    #expect(laid.slices[3].glyphs.map(\.id) == [Character("c").unicodeScalars.first!.value])
    #expect(laid.slices[2].glyphs.isEmpty)
  }
}

/// A font without "#": the fallback font has it, 20 points wide, with a lower ascent.
struct HashlessMetrics: FontMetrics {
  var ascent: Double { 9 }
  var descent: Double { 3 }
  var lineHeight: Double { 12 }
  func shape(
    _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
    script: ScriptTag, language: String?
  ) -> [ShapedGlyph] {
    FakeMonospaceMetrics().shape(
      paragraph, run: run, isRightToLeft: isRightToLeft, script: script, language: language)
  }
  func covers(_ character: Character) -> Bool { character != "#" && character != "@" }
}

struct WideHashMetrics: FontMetrics {
  var ascent: Double { 7 }
  var descent: Double { 3 }
  var lineHeight: Double { 10 }
  func shape(
    _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
    script: ScriptTag, language: String?
  ) -> [ShapedGlyph] {
    shapeEach(paragraph, run: run, isRightToLeft: isRightToLeft, width: 20)
  }
  func covers(_ character: Character) -> Bool { character != "@" }
}

@Suite struct FontFallbackTests {
  let fallbackFont = Font(design: .proportional, weight: .regular, size: 10)

  func laid(_ text: String) -> TextLayout {
    TextLayout(
      text: text, font: testFont,
      fonts: FixedFonts(primary: HashlessMetrics(), others: [(fallbackFont, WideHashMetrics())]))
  }

  @Test func missingCharactersGoToTheFallbackInARunOfTheirOwn() {
    let layout = laid("ab##c")
    #expect(
      layout.slices.map(\.font) == [testFont, testFont, fallbackFont, fallbackFont, testFont])
    #expect(layout.slices.map(\.origin.x) == [0, 10, 20, 40, 60])
  }

  @Test func fallbackGlyphsSitOnTheSameBaseline() {
    let layout = laid("a#")
    #expect(layout.slices[1].origin.y == 9 - 7)
  }

  @Test func charactersNeitherFontHasKeepTheirPlaceInTheMainFont() {
    let layout = laid("a@b")
    #expect(layout.slices.map(\.font) == [testFont, testFont, testFont])
    #expect(layout.slices[2].origin.x == 20)
  }

  /// A space between two words of a fallback font is the text's own, as a browser has it.
  @Test func spacesAreTheTextsFontEvenBetweenFallbackWords() {
    let layout = laid("## #")
    #expect(layout.slices.map(\.font) == [fallbackFont, fallbackFont, testFont, fallbackFont])
    #expect(layout.slices.map(\.origin.x) == [0, 20, 40, 50])
  }
}
