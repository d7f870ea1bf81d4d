import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects

/// Markdown read by cmark-gfm into styled blocks, and a streamed answer completed so that what
/// shows only ever grows into what the whole answer shows.
@Suite(.threadOfItsOwn(.computing)) struct MarkdownTests {
  @Test func theAnswerReadsAsItsBlocks() throws {
    let blocks = MarkdownDocument(parsing: MarkdownAnswers.answer).blocks
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
  @Test(arguments: [
    MarkdownAnswers.answer, MarkdownAnswers.secondAnswer, MarkdownAnswers.indentedAnswer,
  ])
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
    // A link's address on its way is held back: the link shows as one at once.
    ("~~gone", "~~gone~~"), ("see [the docs](https://sw", "see [the docs](#)"),
    ("see [the do", "see [the do](#)"), ("see [the docs]", "see [the docs](#)"),
    ("text **", "text "), ("text *", "text "), ("**bold *it", "**bold *it***"),
    ("snake_case_name", "snake_case_name"), ("2 * 3", "2 * 3"), ("a\n-", "a\n"), ("a\n1.", "a\n"),
    ("# T", "# T"), ("#", ""), ("```swift\nlet a = \"**\"", "```swift\nlet a = \"**\""),
    ("```\ncode\n``", "```\ncode"), ("| a | b |\n|---|", ""),
    ("| a | b |\n|---|---|\n| x", "| a | b |\n|---|---|\n| x"),
    ("**bold\n", "**bold**\n"), ("- **a\n- b", "- **a\n- b"),
    // A closer that would run into the stars before it closes nothing: its opener is held
    // back instead. A line that what is held back would make a rule, an underline or a
    // fence is held back whole.
    ("a *b\n**\n", "a b\n**\n"), ("text\n-- www.", "text\n"), ("- - - www.", ""),
    ("a\n```sw", "a\n"), ("a\n```swift\n", "a\n```swift"),
    // Backticks before a code span's line end may be the start of its closer: held back.
    ("``a\n`\n", "``a``"),
    ("a\n~~~sw", "a\n~~~sw"),
    // A code span with nothing in it yet waits: closed, two backticks show as themselves.
    ("- `one\n- two`\n", "- `one\n- two"), ("use ` \n", "use "),
    // A table's header row waits for its delimiter row as cmark-gfm reads the blocks: the
    // last line of a paragraph with a leading pipe, not prose with a pipe in it.
    ("x\n| a |", "x"), ("|\n|a\n", "|"), ("a | b\n", "a | b\n"), ("x *y\n| a |", "x *y*"),
    // Whether the text ends in code is cmark-gfm's answer: backticks in raw HTML open no
    // fence, and the paragraph after it closes its markers.
    ("<s>\n```x\n\nhi *a", "<s>\n```x\n\nhi *a*"), ("a\n```x\n\nhi *a", "a\n```x\n\nhi *a"),
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
    for make in MarkdownAnswers.hostile {
      let work = { (text: String) in
        MarkdownDocument(parsing: MarkdownCompletion.complete(text)).blocks.count
      }
      let small = make(100_000)
      let large = make(1_000_000)
      var count = 0
      // This thread's processor time: a busy machine stretches the wall clock's measure of one
      // of the two and not the other (the whole took 47 times its tenth so, beside a busy core).
      let tenth = ThreadTime.measure { count = work(small) }
      let whole = ThreadTime.measure { count += work(large) }
      #expect(count > 0)
      #expect(
        whole <= TimeBound.growingWithTheText(whatItsFirstTenthTook: tenth),
        "\(large.prefix(8).debugDescription): \(whole) against \(tenth) for a tenth")
    }
  }
}
