import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// A stream's layout, grown piece by piece, is the layout of the text it has: the same lines and
/// slices as the text laid out whole, however the pieces fell, at a cost that follows the piece.
@Suite(.threadOfItsOwn(.computing)) struct StreamedLayoutTests {
  /// `text` as it arrives: pieces of 1 to `longest` Unicode scalars, so a piece may end inside
  /// a character (a flag's first half, a letter before its accent).
  static func stream(
    _ text: String, seed: UInt64, longest: Int = 12, width: Double = 200,
    fonts: any FontMetricsProvider = FakeMonospaceMetrics()
  ) -> StreamedLayout {
    var random = SeededRandom(seed: seed)
    var streamed = StreamedLayout(font: testFont, fonts: fonts, width: width, lineSpacing: 3)
    let scalars = Array(text.unicodeScalars)
    var end = 0
    while end < scalars.count {
      end = min(end + Int.random(in: 1...longest, using: &random), scalars.count)
      var received = String.UnicodeScalarView()
      received.append(contentsOf: scalars[..<end])
      streamed.grow(to: String(received))
    }
    return streamed
  }

  static func whole(_ text: String, width: Double = 200) -> TextLayout {
    TextLayout(
      text: text, font: testFont, fonts: FakeMonospaceMetrics(), width: width, lineSpacing: 3,
      fillsWidth: true)
  }

  /// The two have the same lines and slices; a difference is told by its first line or slice.
  static func expectSame(_ streamed: TextLayout, _ whole: TextLayout) {
    #expect(streamed.lines.count == whole.lines.count)
    #expect(streamed.slices.count == whole.slices.count)
    #expect(streamed.size == whole.size)
    if let line = zip(streamed.lines, whole.lines).enumerated().first(where: { $1.0 != $1.1 })?
      .offset
    {
      Issue.record("Line \(line): \(streamed.lines[line]), whole: \(whole.lines[line])")
    }
    if let slice = zip(streamed.slices, whole.slices).enumerated().first(where: { $1.0 != $1.1 })?
      .offset
    {
      Issue.record("Slice \(slice): \(streamed.slices[slice]), whole: \(whole.slices[slice])")
    }
  }

  static let paragraphs = [
    "Sourdough needs time more than effort.\nMix flour, water and salt.\n\n\tFold it.\n",
    "A stream of e\u{301}tudes, flags 🇫🇷🇯🇵 and 👩‍💻 at work, then a word longer than the column "
      + "can hold: Donaudampfschifffahrtsgesellschaftskapitän.",
    "English, then עברית עם 42 מספרים, then العربية ١٢٣ and back.\nשורה שנייה.\nEnd.",
    "",
    "\n\n\n",
  ]

  @Test(arguments: paragraphs.indices, [1, 2, 3]) func piecesLayOutAsTheWhole(
    text: Int, seed: UInt64
  ) {
    let text = Self.paragraphs[text]
    Self.expectSame(Self.stream(text, seed: seed).layout, Self.whole(text))
  }

  /// A paragraph of 30,000 characters is cut into segments where its lines start, so its
  /// lines are those of the whole; English in one direction loses nothing at the cuts.
  @Test(arguments: [1, 2] as [UInt64]) func aLongParagraphLaysOutAsTheWhole(seed: UInt64) {
    let words = ["stream", "of", "text", "that", "never", "ends", "with", "a", "line", "break"]
    var random = SeededRandom(seed: seed)
    let text = (0..<4_000).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
    Self.expectSame(Self.stream(text, seed: seed, longest: 60).layout, Self.whole(text))
  }

  /// A long Hebrew paragraph keeps its direction past each cut, even where the line after a
  /// cut starts with English: every line starts at the right.
  @Test func aLongRightToLeftParagraphKeepsItsDirection() {
    let text =
      "שלום " + Array(repeating: "English words, עולם 123", count: 600).joined(separator: " ")
    let streamed = Self.stream(text, seed: 4, longest: 80).layout
    #expect(streamed.lines.allSatisfy { $0.isRightToLeft })
    Self.expectSame(streamed, Self.whole(text))
  }

  /// Where the cuts fall depends on the text, not on the pieces: a text given whole and the
  /// same text in pieces lay out alike even where a cut loses context (a number after Arabic
  /// in an English paragraph reads as Arabic's only before the cut).
  @Test func theCutsDependOnTheTextAlone() {
    let text = Array(repeating: "word العربية 12 word", count: 700).joined(separator: " ")
    var once = StreamedLayout(
      font: testFont, fonts: FakeMonospaceMetrics(), width: 200, lineSpacing: 3)
    once.grow(to: text)
    let pieces = Self.stream(text, seed: 5, longest: 40).layout
    Self.expectSame(pieces, once.layout)
  }

  /// The work for a piece follows the piece: laying out 300 characters more costs the same
  /// after 150,000 characters as after 15,000 (code units shaped, counted).
  @Test func aPieceCostsTheSameHoweverMuchCameBefore() {
    let metrics = CountingMetrics()
    var streamed = StreamedLayout(font: testFont, fonts: metrics, width: 600, lineSpacing: 3)
    let piece = String(repeating: "a stream that keeps on coming ", count: 10)
    var text = ""
    var costs: [Int] = []
    for _ in 0..<500 {
      text += piece
      metrics.shapedUnits = 0
      streamed.grow(to: text)
      costs.append(metrics.shapedUnits)
    }
    let early = costs[50..<100].reduce(0, +)
    let late = costs[450..<500].reduce(0, +)
    #expect(Double(late) <= 1.25 * Double(early), "\(early) units early, \(late) late")
    #expect(late < 50 * 4 * StreamedLayout.segmentLength)
    #expect(streamed.layout.characterCount == text.count)
  }

  /// A piece shapes what it can reach, not its whole paragraph: a paragraph of 3,000
  /// characters that arrives 30 at a time is shaped again from the start of the word each
  /// piece joins (the kerning pair "AV" is never split), but where the paragraph is cut into a
  /// new segment (once two lines follow its 2,048th character), whose lines are shaped anew; laid out whole at each
  /// piece it would take 30 times as many code units.
  @Test func aPieceShapesOnlyWhatItReaches() {
    let metrics = CountingMetrics()
    var streamed = StreamedLayout(font: testFont, fonts: metrics, width: 600, lineSpacing: 3)
    let text = String(repeating: "an AVAV stream keeps coming ", count: 107)
    var shaped = 0
    var pastThePiece: [Int] = []
    for end in stride(from: 30, through: text.count + 29, by: 30) {
      metrics.shapedUnits = 0
      streamed.grow(to: String(text.prefix(end)))
      shaped += metrics.shapedUnits
      // The piece, and the end of the word it joins (six letters and a space at most).
      if metrics.shapedUnits > 30 + 7 { pastThePiece.append(end) }
    }
    #expect(pastThePiece == [2_220], "pieces that shaped more than they reach, by their end")
    #expect(shaped < 2 * text.count)
    Self.expectSame(streamed.layout, Self.whole(String(text), width: 600))
  }

  /// A shaper that looks two characters ahead: "x" is narrower when the character after next
  /// is "!", so a cut just before the "!" changes it. Its glyphs say so (unsafe to concatenate
  /// after an "x" and after the character following one), as HarfBuzz's do for a font's
  /// contextual lookups.
  struct LookaheadMetrics: FontMetrics, FontMetricsProvider {
    var ascent: Double { 9 }
    var descent: Double { 3 }
    var lineHeight: Double { 12 }

    func shape(
      _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
      script: ScriptTag, language: String?
    ) -> [ShapedGlyph] {
      let units = Array(paragraph[run])
      let (x, bang) = (UInt16(UInt8(ascii: "x")), UInt16(UInt8(ascii: "!")))
      return units.indices.map { index in
        let afterNext = index + 2 < units.count ? units[index + 2] : nil
        return ShapedGlyph(
          id: UInt32(units[index]), cluster: run.lowerBound + index,
          advance: units[index] == x && afterNext == bang ? 6 : 10,
          isUnsafeToConcat: units[max(index - 2, 0)..<index].contains(x))
      }
    }

    func metrics(for font: Font) -> any FontMetrics { self }
  }

  /// Where the shaper says a cut is unsafe, shaping starts further back: every "x" two
  /// characters before a "!" is narrow, however the pieces fell.
  @Test(arguments: 1...3) func shapingStartsWhereTheShaperSaysItMay(longest: Int) {
    let text = String(repeating: "word xa! then xb! and ya! ", count: 40)
    let streamed = Self.stream(text, seed: 7, longest: longest, fonts: LookaheadMetrics())
    let whole = TextLayout(
      text: text, font: testFont, fonts: LookaheadMetrics(), width: 200, lineSpacing: 3,
      fillsWidth: true)
    #expect(whole.slices.filter { $0.text == "x" }.allSatisfy { $0.advance == 6 })
    Self.expectSame(streamed.layout, whole)
  }

  /// An answer given again from nothing lays out from nothing: a new layout, as the scene makes.
  @Test func emptyTextHasOneEmptyLine() {
    var streamed = StreamedLayout(
      font: testFont, fonts: FakeMonospaceMetrics(), width: 200, lineSpacing: 3)
    streamed.grow(to: "")
    Self.expectSame(streamed.layout, Self.whole(""))
  }
}
