import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects

/// Markdown laid out: the typography's shares of the em, the markers in their indent, the
/// decorations where their text is, and a streamed answer that lays out as the whole does.
@Suite(.threadOfItsOwn(.computing)) struct MarkdownLayoutTests {
  static let body = Font(size: 20)
  static let fonts = EvenFonts()
  static let width = 600.0
  static let spacing = 4.0

  /// `markdown` laid out as a whole document.
  static func layout(_ markdown: String, width: Double = width) -> TextLayout {
    TextLayout(
      markdown: markdown, font: body, fonts: fonts, width: width, lineSpacing: spacing)
  }

  /// `markdown` as an answer so far, given in one piece and not finished: completed as it
  /// will most likely end.
  static func answerSoFar(_ markdown: String) -> TextLayout {
    var answer = StreamingText(markdown: true)
    answer.append(markdown, at: 0)
    return layout(of: answer, at: 0).layout
  }

  /// What `answer` shows at `time`, and the first line that changed since it was last asked.
  static func layout(of answer: StreamingText, at time: Double)
    -> (layout: TextLayout, firstChangedLine: Int)
  {
    let laid = answer.streamedLayout(
      at: time, font: body, fonts: fonts, width: width, lineSpacing: spacing, language: nil)
    return (laid.layout, laid.firstChangedLine)
  }

  /// Fonts that have every character, each half an em wide.
  struct EvenFonts: FontMetricsProvider {
    struct Metrics: FontMetrics {
      var size: Double
      var ascent: Double { 0.8 * size }
      var descent: Double { 0.2 * size }
      var lineHeight: Double { 1.2 * size }
      func shape(
        _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
        script: ScriptTag, language: String?
      ) -> [ShapedGlyph] {
        shapeOneGlyphPerCharacter(paragraph, run: run, isRightToLeft: isRightToLeft) { _, _ in
          size / 2
        }
      }
    }

    func metrics(for font: Font) -> any FontMetrics { Metrics(size: font.size) }
  }

  /// The text of `layout`'s slices, in character order.
  static func text(_ layout: TextLayout) -> String {
    layout.slices.map(\.text).joined()
  }

  @Test func syntaxDoesNotShowAndEachStyleHasItsFont() throws {
    let layout = Self.layout("# Title\n\nSome **bold**, *ju*, `code` and ~~gone~~.")
    #expect(Self.text(layout) == "TitleSome bold, ju, code and gone.")
    let fonts = Dictionary(
      layout.slices.map { ($0.text, $0.font) }, uniquingKeysWith: { first, _ in first })
    #expect(fonts["T"] == Font(weight: .bold, size: 30), "a level-1 heading is 1.5 em, bold")
    #expect(fonts["b"] == Font(weight: .bold, size: 20))
    var italic = Self.body
    italic.isItalic = true
    #expect(fonts["j"] == italic)
    #expect(fonts["c"] == Font(design: .monospaced, size: 17.5), "code is 0.875 em, monospaced")
    #expect(fonts["S"] == Self.body)
  }

  @Test(arguments: [(1, 30.0), (2, 26), (3, 23), (4, 20), (6, 20)])
  func headingsFollowTheTextSize(level: Int, size: Double) throws {
    // (A last word that may yet be an address, "h" of "https://", is held back.)
    let layout = Self.layout(String(repeating: "#", count: level) + " Heading")
    #expect(layout.slices.first?.font.size == size)
    #expect(layout.slices.first?.font.weight == (level <= 2 ? .bold : .semibold))
  }

  /// A paragraph's first line starts a block's gap (0.75 em) and the line spacing below the
  /// last line of the one before.
  @Test func blocksStandAGapApart() throws {
    let layout = Self.layout("One\n\nTwo")
    #expect(layout.lines.count == 2)
    let first = layout.lines[0]
    #expect(layout.lines[1].top == first.top + first.height + Self.spacing + 15)
  }

  /// An item's text stands 1.6 em in, a level deeper 3.2 em; its marker ends 0.4 em before
  /// the text, on the text's baseline, and comes first in reading order.
  @Test func listMarkersHangInTheirIndent() throws {
    let layout = Self.layout("- one\n  - two\n3. three")
    #expect(Self.text(layout).hasPrefix("• one◦ two"))
    let one = try #require(layout.slices.first { $0.text == "o" })
    #expect(one.origin.x == 32)
    let two = try #require(layout.slices.first { $0.text == "t" })
    #expect(two.origin.x == 64)
    // "•" is half an em wide: it ends 0.4 em (8 points) before the text at 32.
    let bullet = try #require(layout.slices.first { $0.text == "•" })
    #expect(bullet.origin.x == 32 - 8 - 10)
    #expect(bullet.origin.y == one.origin.y)
    #expect(layout.slices.contains { $0.text == "3" })
  }

  /// A code block's text is padded 0.6 em inside a background that spans the column, drawn
  /// line by line.
  @Test func codeBlocksSitInTheirBackground() throws {
    let layout = Self.layout("```swift\nlet a = 1\nlet b = 2\n```")
    #expect(Self.text(layout) == "let a = 1\nlet b = 2")
    let first = try #require(layout.slices.first)
    #expect(first.origin.x == 12)
    #expect(first.font.design == .monospaced)
    #expect(layout.decorations.count == layout.lines.count)
    let background = layout.decorations.map(\.rect)
    #expect(background.allSatisfy { $0.minX == 0 && $0.width == Self.width })
    #expect(background.first?.minY == 0)
    #expect(abs((background.last?.maxY ?? 0) - layout.size.height) < 1e-9)
  }

  /// A code span's background reaches past its text by 0.2 of its em either side; a struck
  /// word has a line through it; a link's text a line under it.
  @Test func spansAreDecoratedWhereTheirTextIs() throws {
    let layout = Self.layout("a `cd` ~~ef~~ [gh](x)")
    let c = try #require(layout.slices.first { $0.text == "c" })
    let d = try #require(layout.slices.first { $0.text == "d" })
    let code = try #require(layout.decorations.first { $0.cornerRadius > 0 })
    #expect(abs(code.rect.minX - (c.origin.x - 3.5)) < 1e-9)
    #expect(abs(code.rect.maxX - (d.origin.x + d.advance + 3.5)) < 1e-9)
    #expect(code.characterIndex == 2)
    let e = try #require(layout.slices.first { $0.text == "e" })
    let line = layout.lines[0]
    #expect(
      layout.decorations.contains {
        $0.rect.minX == e.origin.x && $0.rect.minY < line.baseline && $0.alpha == 1
      })
    #expect(layout.decorations.contains { $0.rect.minY > line.baseline })
  }

  /// A table's columns are equal, whatever their text, so a streamed table's columns stay
  /// where they are as rows arrive; each row is one line, cells a tab apart.
  @Test func tableColumnsAreEqual() throws {
    let layout = Self.layout("| a | b | c |\n|---|---|---|\n| long words | x | y |")
    #expect(layout.lines.count == 2)
    #expect(Self.text(layout) == "a\tb\tclong words\tx\ty")
    let b = try #require(layout.slices.first { $0.text == "b" })
    let x = try #require(layout.slices.first { $0.text == "x" })
    #expect(b.origin.x == 200 + 8)
    #expect(x.origin.x == b.origin.x)
    #expect(layout.slices.first { $0.text == "a" }?.font.weight == .semibold)
  }

  /// A column's delimiter aligns its cells: `--:` to the column's end, `:-:` to its middle.
  @Test func tableColumnsAlignAsTheirDelimitersSay() throws {
    let layout = Self.layout("| a | b | c |\n|---|--:|:-:|\n| d | e | f |")
    let e = try #require(layout.slices.first { $0.text == "e" })
    let f = try #require(layout.slices.first { $0.text == "f" })
    // Columns 200 wide, cells 8 in from their sides, a letter 10 wide.
    #expect(e.origin.x == 400 - 8 - 10)
    #expect(f.origin.x == 400 + 100 - 5)
  }

  /// A table's columns go left to right whatever its cells' directions, as a browser's do: a
  /// Hebrew cell stands at its column's right, never in another column.
  @Test func tableColumnsKeepTheirPlaceForCellsReadRightToLeft() throws {
    let layout = Self.layout("| שם | n |\n|---|---|\n| אב | 7 |")
    let hebrew = try #require(layout.slices.first { $0.text == "א" })
    let seven = try #require(layout.slices.first { $0.text == "7" })
    #expect(hebrew.origin.x < 300)
    #expect(hebrew.origin.x > 200)
    #expect(seven.origin.x == 308)
  }

  /// A thematic break is a line of its own with a rule across it and no characters.
  @Test func thematicBreaksAreRules() {
    let layout = Self.layout("a\n\n---\n\nb")
    #expect(Self.text(layout) == "ab")
    #expect(layout.lines.count == 3)
    #expect(layout.lines[1].slices.isEmpty)
    #expect(layout.decorations.contains { $0.line == 1 && $0.rect.width == Self.width })
  }

  /// Code in a quote, in a list, a line long enough to wrap, a line read right to left, and
  /// blank lines: a code block grows in place, and must grow into what it is laid out whole.
  static let codeAnswer = """
    > ```
    > let quoted = 1
    >
    > let more = 2
    > ```

    - item
      ```
      inside \(String(repeating: "a long line that wraps ", count: 6))
      שלום עולם
      ```

    ```
    tail
    ```
    """

  /// Grown piece by piece through every cut of the answer, the streamed layout is at each cut
  /// the layout of that much given at once, and its characters and their fonts only grow
  /// into the whole answer's: nothing shown as a literal `**`, fence or `#` turns into
  /// styling, and nothing shown plain turns bold or code. Finished, it is the whole
  /// document's layout.
  @Test(arguments: [
    MarkdownAnswers.answer, MarkdownAnswers.secondAnswer, MarkdownAnswers.indentedAnswer,
    MarkdownAnswers.answer.replacingOccurrences(of: "\n", with: "\r\n"), codeAnswer,
  ])
  func aStreamedAnswerLaysOutAsTheWholeAtEveryCut(answer: String) {
    let final = Self.layout(answer).slices.map { ($0.text, $0.font) }
    let characters = Array(answer)
    var streamed = StreamingText(markdown: true)
    var failures: [String] = []
    for cut in 0...characters.count {
      if cut > 0 { streamed.append(String(characters[cut - 1]), at: Double(cut)) }
      let prefix = String(characters[..<cut])
      let laid = Self.layout(of: streamed, at: Double(cut)).layout
      let whole = Self.answerSoFar(prefix)
      if laid.slices != whole.slices || laid.lines != whole.lines
        || laid.decorations != whole.decorations || laid.size != whole.size
      {
        failures.append("cut \(cut): the streamed layout is not the one given at once")
      }
      let shown = whole.slices.map { ($0.text, $0.font) }
      if shown.count > final.count || !zip(shown, final).allSatisfy({ $0 == $1 }) {
        failures.append("cut \(cut) (\(String(prefix.suffix(10)).debugDescription)) jumps")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(6).joined(separator: "; "))")
    streamed.finish(at: Double(characters.count))
    let finished = Self.layout(of: streamed, at: Double(characters.count)).layout
    #expect(finished.slices == Self.layout(answer).slices)
    #expect(finished.decorations == Self.layout(answer).decorations)
  }

  /// Streamed in pieces of any size, an answer lays out as it does given at once, and once
  /// finished as the whole document: where its blocks settle depends on the pieces, what
  /// shows never does.
  @Test func anyPiecesLayOutAsTheWhole() {
    let answer = MarkdownAnswers.answer + "\n" + MarkdownAnswers.secondAnswer
    let characters = Array(answer)
    let given = Self.answerSoFar(answer)
    let whole = Self.layout(answer)
    for seed in 0..<20 {
      var random = SeededRandom(seed: UInt64(seed))
      var streamed = StreamingText(markdown: true)
      var end = 0
      while end < characters.count {
        let start = end
        end = min(end + Int.random(in: 1...(seed + 2) * 8, using: &random), characters.count)
        streamed.append(String(characters[start..<end]), at: Double(end))
        _ = Self.layout(of: streamed, at: Double(end))
      }
      let laid = Self.layout(of: streamed, at: Double(end)).layout
      #expect(laid.slices == given.slices, "seed \(seed)")
      #expect(laid.decorations == given.decorations, "seed \(seed)")
      streamed.finish(at: Double(end))
      let finished = Self.layout(of: streamed, at: Double(end)).layout
      #expect(finished.slices == whole.slices, "seed \(seed)")
      #expect(finished.decorations == whole.decorations, "seed \(seed)")
    }
  }

  /// A long stream is read from its last top-level block on: each piece parses a paragraph
  /// or two however long the answer has grown, and every block before is kept as it was.
  @Test func aLongStreamReadsOnlyItsLastBlocks() {
    var stream = MarkdownStream()
    var text = ""
    var widest = 0
    for number in 0..<2_000 {
      text += "Paragraph \(number) with **bold** and `code`.\n\n"
      let read = stream.read(text[...])
      widest = max(widest, read.blocks.count)
      if read.unchanged < number - 1 { Issue.record("piece \(number) read from \(read.unchanged)") }
    }
    #expect(widest <= 2)
    #expect(stream.settled.count >= 1_999)
    // Each paragraph shows its text without `**` or backticks; numbers past 9 have more
    // digits: 90 of two, 900 of three, 1,000 of four.
    #expect(stream.shownCount == 2_000 * "Paragraph 0 with bold and code.".count + 4_890)
  }

  /// A long code block (a log piped in a fence) grows in place: each piece lays out its last
  /// line, not the block, and the block ends as it is laid out whole.
  @Test func aLongCodeBlockGrowsAtTheCostOfItsLastLine() {
    var streamed = StreamingText("Log:\n\n```\n", markdown: true)
    var text = "Log:\n\n```\n"
    var relaid = 0
    for number in 0..<1_000 {
      let time = Double(number)
      streamed.append("line \(number) of the log", at: time)
      text += "line \(number) of the log"
      let laid = Self.layout(of: streamed, at: time)
      relaid = max(relaid, laid.layout.lines.count - laid.firstChangedLine)
      streamed.append("\n", at: time)
      text += "\n"
    }
    #expect(relaid <= 2)
    streamed.finish(at: 1_000)
    let finished = Self.layout(of: streamed, at: 1_000).layout
    #expect(finished.slices == Self.layout(text).slices)
    #expect(finished.decorations == Self.layout(text).decorations)
  }

  /// Hostile Markdown lays out in time that grows with its length, as plain text does: 10,000
  /// nested quotes or lists (drawn 32 deep), runs of emphasis, open brackets, a code block as
  /// long as a scene shows; and every fuzzing check holds on each.
  @Test func hostileMarkdownLaysOutInLinearTime() {
    let makers =
      MarkdownAnswers.hostile + [{ String(repeating: "| a | b |\n|---|---|\n", count: $0 / 20) }]
    for make in makers {
      let lay = { (text: String) in
        TextLayout(markdown: text, font: Self.body, fonts: Self.fonts, width: Self.width)
          .characterCount
      }
      let large = make(DisplayText.characterLimit)
      let small = make(DisplayText.characterLimit / 10)
      var count = 0
      // This thread's processor time, which what runs beside it does not stretch.
      let tenth = ThreadTime.measure { count = lay(small) }
      let whole = ThreadTime.measure { count += lay(large) }
      #expect(count > 0)
      #expect(
        whole <= TimeBound.growingWithTheText(whatItsFirstTenthTook: tenth),
        "\(large.prefix(8).debugDescription): \(whole) against \(tenth) for a tenth")
      #expect(MarkdownCheck.problems(with: make(2_000)).isEmpty)
    }
  }

  /// The fuzzer's checks hold on the answers, and on what libFuzzer found: a mark that starts
  /// a run after a struck letter (`~r~` then U+05C1) joins the letter, in what shows as in the
  /// layout; marks brought together from between delimiters keep to 32 scalars a character;
  /// the completion closes no `[` in tab-indented code, no code span in a heading above a `=`
  /// underline, and no code span or `**` whose closers would make a line a fence or a rule; a
  /// table under a paragraph (cmark-gfm says it starts where the paragraph does) does not
  /// settle the paragraph twice; a backtick fence still being written waits for its line's end,
  /// and nothing settles above a block whose first line has not ended (`<th` grew to `<thpts`);
  /// markers held back never leave a line that opens a block (`#*[` and `#_` held back to `#`,
  /// an empty heading, settled the paragraph above it; found by the check that streams, then
  /// compares with the answer given at once); a line with a leading pipe after a table, which
  /// cmark-gfm reads as a paragraph, is held back as a header row whether the table settled
  /// before it or not (the completion guessed a table from lines and held back the whole
  /// paragraph given at once, but only its last line streamed); a fence's backticks inside
  /// raw HTML open no code (the completion took them for an open fence when given at once,
  /// and not once the HTML had settled above the part streamed).
  @Test func theFuzzingChecksHold() {
    let marks = "a" + String(repeating: "*\u{301}*", count: 200)
    for answer in [
      MarkdownAnswers.answer, MarkdownAnswers.secondAnswer, MarkdownAnswers.indentedAnswer,
      Self.codeAnswer, "~r~\u{5C1}", marks,
      "\t[\n!\t6?1", Self.found("YP8KPQpbAQAAgDHeIFsKAGD/CmBWAw=="),
      Self.found("KysrKysrKyvp6enp6SsrK2BgCmALYAouYApgCmh0dP//////////////Kw=="),
      Self.found("IGAKIGAKYGAKCkBgCgpACi5gLg=="),
      Self.found("DQoKDfUqCAoqKgoN9SoICiohW2Ag"),
      Self.found("X8oqKjBgPXBbKgr18vLyJiYmLA00DQoLLQ0NDSoKCw0NDQ0yDQ0AAAAAAAAAAAAAAAAADWh0DQ=="),
      Self.found("YFtg/wpgYGAYCQkJCQn/AAAXCwkJswkJYAE="),
      Self.found("LA08dGhwdHM6Pw=="),
      Self.found("LWA+Pj5bCiNbjKpbIFtgCiMqWwojW4wKI1tgCmA+Pj5bCiNbjKpbCiP+"),
      Self.found("IBcLCQojXwoqXypgXwojXwoqYA=="),
      Self.found(
        "fHwKfC18CnwKfAD" + String(repeating: "/", count: 129) + "AAo="),
      Self.found(
        "DSMKcm9vdCMgCiMgBYwLIyAKCiMgCiMKPgo8cz4KAAAAAAAACmBgYPMKYGDzCmALCgoKCmBg8wpgCgqBCgoKCgoKCgoKYPMKYAoKgQoKYPMKYAoKgQoKCgoKCgoKYPMKCgoKCgpg8woKCgoKCgoKCmAK"
      ),
      "Compare:\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nAfter **all**.",
    ] {
      #expect(MarkdownCheck.problems(with: answer) == [])
    }
  }

  /// An input libFuzzer found, from the base64 it prints, decoded as the fuzzer decodes it.
  private static func found(_ base64: String) -> String {
    String(decoding: Data(base64Encoded: base64) ?? Data(), as: UTF8.self)
  }

  /// The library's `StreamingText` made with `markdown` sweeps its front over what shows:
  /// "Title" and "bold" are 9 characters, where the text has 17.
  @Test func aStreamingTextOfMarkdownSweepsOverWhatShows() throws {
    var answer = StreamingText("", markdown: true)
    #expect(answer.content.isMarkdown)
    answer.append("# Ti", at: 0)
    answer.append("tle\n\n**bold**", at: 0.1)
    let layout = Self.layout(answer.content.string)
    #expect(layout.characterCount == 9)
    let renderer = try #require(answer.renderer(for: layout, at: 60) as? StreamingRenderer)
    #expect(renderer.visible == 9 + StreamingText.defaultFade)
    answer.replace(with: "# Title\n\n**bold** and more", at: 60)
    let again = try #require(answer.renderer(for: layout, at: 120) as? StreamingRenderer)
    #expect(again.visible == 18 + StreamingText.defaultFade)
    // Plain, the same pieces count every character.
    var plain = StreamingText()
    plain.append("# Title\n\n**bold**", at: 0)
    let whole = try #require(plain.renderer(for: layout, at: 60) as? StreamingRenderer)
    #expect(whole.visible == 17 + StreamingText.defaultFade)
  }

  /// A paragraph that grows says only its last lines changed: the lines a piece leaves as they
  /// were keep their place (a frame repeats them), and the paragraph ends as laid out whole.
  /// Past `StreamingReading.readsEveryPiece` bytes a paragraph is read again only once it has
  /// grown by a part of itself: a read then changes the lines its new text reaches, and those
  /// two before.
  @Test func aGrowingParagraphChangesOnlyItsLastLines() {
    var streamed = StreamingText("# Title\n\n", markdown: true)
    var text = "# Title\n\n"
    var changedBefore = 0
    var lines = 0
    var reads = 0
    for number in 0..<300 {
      let piece = "word \(number) **bold** `code` "
      streamed.append(piece, at: Double(number))
      text += piece
      let laid = Self.layout(of: streamed, at: Double(number))
      if laid.firstChangedLine < laid.layout.lines.count {
        changedBefore = max(changedBefore, lines - laid.firstChangedLine)
        reads += 1
      }
      lines = laid.layout.lines.count
    }
    #expect(lines > 40)
    #expect(changedBefore <= 2)
    #expect(reads > 100, "\(reads) reads of 300 pieces")
    streamed.finish(at: 300)
    let finished = Self.layout(of: streamed, at: 300).layout
    #expect(finished.slices == Self.layout(text).slices)
    #expect(finished.decorations == Self.layout(text).decorations)
  }

  /// Only the blocks from the first that changed are laid out again: a new paragraph leaves
  /// every line before it as it was.
  @Test func aNewBlockChangesNoLineBeforeIt() {
    var streamed = StreamingText("# Title\n\nOne paragraph.\n\n", markdown: true)
    let lines = Self.layout(of: streamed, at: 0).layout.lines.count
    streamed.append("And another", at: 1)
    #expect(Self.layout(of: streamed, at: 1).firstChangedLine == lines)
  }
}
