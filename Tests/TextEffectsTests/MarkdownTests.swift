import Foundation
import Testing
import TextEffectsFuzzing

@testable import TextEffects

/// Markdown read by cmark-gfm into styled blocks, and a streamed answer completed so that what
/// shows only ever grows into what the whole answer shows.
@Suite struct MarkdownTests {
  /// A real-looking model answer: a heading, a nested list, bold, italic, inline code, a
  /// link, strikethrough, a fenced Swift block, a table, a quote and a task list.
  static let answer = """
    # Streaming text in Swift

    Here is how to **stream** a model's answer *as it arrives*, with `AsyncSequence`:

    1. Open a **connection** to the model.
    2. Read each chunk:
       - append it to the *buffer*
       - redraw only what ~~all~~ changed
    3. Show the [documentation](https://swift.org/documentation) when done.

    ```swift
    for try await chunk in stream {
        answer += chunk   // **not bold** in code
    }
    ```

    | Effect | Speed | Notes |
    |---|---:|---|
    | Typewriter | 20/s | blinking `cursor` |
    | Streaming | 80/s | **fades** in |

    > Note: a *quote* with `code`.

    - [x] parse with cmark-gfm
    - [ ] lay out styled runs

    That's all.

    """

  /// A second answer, harder on the completion: code inside a list item, underscores, emphasis
  /// inside a link, a heading after a list, a bare address, an escaped star.
  static let secondAnswer = """
    ## Steps

    1) Install the __package__ with _one_ command:
       ```sh
       apt-get install libcmark-gfm-dev | tee log_file
       ```
    2) Read [the *guide*](https://example.org/guide) or www.example.org, not \\*this\\*.

    ### Done

    snake_case_names stay as they are; 2 * 3 = 6.

    """

  /// A third, on lines indented four columns or a tab: code after a blank line or at the start
  /// (nothing in it opens a marker), a paragraph's or a list item's continuation otherwise
  /// (where an open `**` or code span still closes).
  static let indentedAnswer = """
    A paragraph with **bold that
        goes on, indented,** and *more
    of it, lazily*.

    \tlet code = [1, 2] // a [bracket and **stars
        more code `here

    After the code, **bold** again.

    - an item with `a code
      span` and **bold
        still the item's**
    lazily, still the *item*

    """

  @Test func theAnswerReadsAsItsBlocks() throws {
    let blocks = MarkdownDocument(parsing: Self.answer).blocks
    #expect(
      blocks.first == MarkdownBlock(.heading(level: 1), runs: [.init("Streaming text in Swift")]))
    #expect(
      blocks[1].runs == [
        .init("Here is how to "), .init("stream", .bold), .init(" a model's answer "),
        .init("as it arrives", .italic), .init(", with "), .init("AsyncSequence", .code),
        .init(":"),
      ])
    let items = blocks.filter {
      $0.containers.contains { if case .item = $0 { true } else { false } }
    }
    #expect(items[0].containers == [.item(marker: "1.")])
    #expect(
      items[2].containers == [.item(marker: nil), .item(marker: "◦")],
      "a nested item's bullet: a circle")
    #expect(items[3].runs.contains(.init("all", .strikethrough)))
    #expect(items[4].runs.contains(.init("documentation", .link)))
    let code = try #require(blocks.first { if case .code = $0.kind { true } else { false } })
    #expect(code.kind == .code(language: "swift"))
    #expect(
      code.runs == [
        .init(
          "for try await chunk in stream {\n    answer += chunk   // **not bold** in code\n}", .code
        )
      ])
    let rows = blocks.filter { if case .tableRow = $0.kind { true } else { false } }
    #expect(
      rows.map(\.kind) == [
        .tableRow(isHeader: true), .tableRow(isHeader: false), .tableRow(isHeader: false),
      ])
    #expect(
      rows[1].cells == [
        [.init("Typewriter")], [.init("20/s")], [.init("blinking "), .init("cursor", .code)],
      ])
    let quote = try #require(blocks.first { $0.containers == [.quote] })
    #expect(quote.runs[1] == .init("quote", .italic))
    #expect(
      blocks.contains {
        $0.containers == [.item(marker: "✓")] && $0.runs == [.init("parse with cmark-gfm")]
      })
    #expect(blocks.contains { $0.containers == [.item(marker: "□")] })
    #expect(blocks.last?.runs == [.init("That's all.")])
  }

  /// Raw HTML shows as the text it is; a thematic break is a block of its own; a soft line
  /// break is a space, a hard one a line feed.
  @Test func htmlBreaksAndLineBreaks() {
    let blocks = MarkdownDocument(parsing: "<div>hi</div>\n\nA <b>b</b>\nc  \nd\n\n---\n").blocks
    #expect(blocks[0] == MarkdownBlock(.paragraph, runs: [.init("<div>hi</div>")]))
    #expect(blocks[1].runs == [.init("A <b>b</b> c\nd")])
    #expect(blocks[2].kind == .thematicBreak)
    // A fence just opened is an empty code block: no run at all (libFuzzer found the empty
    // run it once had).
    #expect(
      MarkdownDocument(parsing: "\n```[").blocks == [MarkdownBlock(.code(language: "["), runs: [])])
  }

  /// Every character of the answer: what shows of the answer so far, completed, is the start
  /// of what the whole answer shows, character for character and style for style, in blocks of
  /// the same kinds. No literal `**`, backtick, `#` or `|` shows that a later character turns
  /// into styling, and no text turns bold, code or a heading after it showed plain.
  @Test(arguments: [answer, secondAnswer, indentedAnswer])
  func whatShowsOnlyGrowsAtEveryCut(answer: String) {
    let final = Self.shown(MarkdownDocument(parsing: answer))
    let characters = Array(answer)
    var failures: [String] = []
    for cut in 0...characters.count {
      let prefix = String(characters[..<cut])
      let shown = Self.shown(MarkdownDocument(parsing: MarkdownCompletion.complete(prefix)))
      guard shown.count <= final.count, zip(shown, final).allSatisfy({ $0 == $1 }) else {
        let common = min(shown.count, final.count)
        let at = (0..<common).first { shown[$0] != final[$0] } ?? common
        let showing = String(shown[at...].prefix(12).map(\.character))
        let answer = String(final[at...].prefix(12).map(\.character))
        let tail = String(prefix.suffix(12))
        failures.append(
          "cut \(cut) (\(tail.debugDescription)): shows \(showing.debugDescription) "
            + "where the answer shows \(answer.debugDescription)")
        continue
      }
    }
    #expect(
      failures.isEmpty, "\(failures.count) cuts jump: \(failures.prefix(8).joined(separator: "; "))"
    )
  }

  /// Makers of hostile Markdown of a given length: nested quotes and lists, emphasis and
  /// bracket runs, one long code block.
  static let hostile: [@Sendable (Int) -> String] = [
    { String(repeating: "> ", count: $0 / 2) + "deep" },
    { String(repeating: "- ", count: $0 / 2) + "deep" },
    { String(repeating: "*a _b ", count: $0 / 6) },
    { String(repeating: "**", count: $0 / 2) + "x" },
    { String(repeating: "[", count: $0) },
    { "```\n" + String(repeating: "let x = 1 ** 2\n", count: $0 / 15) },
  ]

  /// What a document shows, character by character: each with its style and its block's
  /// kind, the blocks apart by a line feed.
  struct Shown: Equatable {
    var character: Character
    var style: MarkdownStyle
    var kind: MarkdownBlock.Kind?
    var depth: Int
  }

  static func shown(_ document: MarkdownDocument) -> [Shown] {
    var shown: [Shown] = []
    for (index, block) in document.blocks.enumerated() {
      if index > 0 { shown.append(Shown(character: "\n", style: [], kind: nil, depth: 0)) }
      shown += block.shown.map {
        Shown(character: $0.0, style: $0.1, kind: block.kind, depth: block.containers.count)
      }
    }
    return shown
  }

  @Test(arguments: [
    ("**bo", "**bo**"), ("**bold** and *it", "**bold** and *it*"), ("use `co", "use `co`"),
    ("~~gone", "~~gone~~"), ("see [the docs](https://sw", "see [the docs](https://sw)"),
    ("see [the do", "see [the do](#)"), ("see [the docs]", "see [the docs](#)"),
    ("text **", "text "), ("text *", "text "), ("**bold *it", "**bold *it***"),
    ("snake_case_name", "snake_case_name"), ("2 * 3", "2 * 3"), ("a\n-", "a"), ("a\n1.", "a"),
    ("# T", "# T"), ("#", ""), ("```swift\nlet a = \"**\"", "```swift\nlet a = \"**\""),
    ("```\ncode\n``", "```\ncode"), ("| a | b |\n|---|", ""),
    ("| a | b |\n|---|---|\n| x", "| a | b |\n|---|---|\n| x"),
    ("**bold\n", "**bold**\n"), ("- **a\n- b", "- **a\n- b"),
    // What would make a line a rule, an underline or a fence is left open.
    ("a *b\n**\n", "a *b\n**\n"), ("text\n-- www.", "text\n-- www."),
    ("- - - www.", "- - - www."),
    ("``a\n`\n", "``a\n`\n"), ("a\n```sw", "a"), ("a\n```swift\n", "a\n```swift"),
    ("a\n~~~sw", "a\n~~~sw"),
  ])
  func completionClosesWhatIsOpen(text: String, completed: String) {
    #expect(MarkdownCompletion.complete(text) == completed)
  }

  /// Random Markdown of markers and words, cut anywhere: the completion never traps, and
  /// what it makes parses.
  @Test func anyTextCompletes() {
    var random = SeededRandom(seed: 35)
    let tokens = [
      "*", "**", "_", "__", "`", "```", "~~", "~", "[", "]", "(", ")", "|", "|---|", "-", "#",
      ">", "\n", "\n\n", "\\", "www.", "https://", "a", "word", " ", "1.", "- [ ] ", "   ",
      "é", "👩‍💻",
    ]
    for _ in 0..<5_000 {
      let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in
        tokens.randomElement(using: &random) ?? ""
      }.joined()
      let completed = MarkdownCompletion.complete(text)
      #expect(completed.count <= text.count + 40, "\(text.debugDescription)")
      _ = MarkdownDocument(parsing: completed)
    }
  }

  /// Hostile Markdown stays bounded: deep nesting, long runs of markers, a huge code block,
  /// each parsed and completed in time that grows with its length, not its square (timed
  /// against a tenth of it, as the other extremes are).
  @Test func hostileMarkdownIsLinear() {
    let clock = ContinuousClock()
    for make in Self.hostile {
      let work = { (text: String) in
        MarkdownDocument(parsing: MarkdownCompletion.complete(text)).blocks.count
      }
      let small = make(100_000)
      let large = make(1_000_000)
      var count = 0
      let tenth = clock.measure { count = work(small) }
      let whole = clock.measure { count += work(large) }
      #expect(count > 0)
      #expect(
        whole <= TimeBound.growingWithTheText(whatItsFirstTenthTook: tenth),
        "\(large.prefix(8).debugDescription): \(whole) against \(tenth) for a tenth")
    }
  }
}
