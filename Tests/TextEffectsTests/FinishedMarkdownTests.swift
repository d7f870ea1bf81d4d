import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// A Markdown answer that has finished shows as the whole text does: every block exactly as
/// cmark-gfm reads the whole document, however the answer arrived. Checked over every example
/// of GitHub's Markdown spec (Tests/Conformance), each streamed in pieces and finished.
@Suite(.threadOfItsOwn(.computing)) struct FinishedMarkdownTests {
  /// The Markdown of each of the GFM spec's 673 examples.
  static let specExamples: [String] = {
    struct Spec: Decodable { var examples: [String] }
    let file = Repository.file("Tests/Conformance/gfm-spec-examples.json")
    guard let data = try? Data(contentsOf: file),
      let spec = try? JSONDecoder().decode(Spec.self, from: data)
    else { return [] }
    return spec.examples
  }()

  /// What the issue found ending wrong, and the answers the other tests share.
  static let answers = [
    "A rule ends it:\n\n---", "---", "- `one\n- two`", "***\n", "Setext\n---",
    "| a | b |\n|---|---|", "[x]\n\n[x]: https://example.com", "1. one\n2.",
    MarkdownAnswers.answer, MarkdownAnswers.secondAnswer, MarkdownAnswers.indentedAnswer,
  ]

  /// What a stream counts of a block, without making its characters, is their count: for
  /// every block of the spec's examples, read whole.
  @Test func aBlockCountsWhatItShows() {
    #expect(Self.specExamples.count == 673)
    for example in Self.specExamples + Self.answers {
      for block in MarkdownDocument(parsing: example).blocks {
        #expect(block.shownCount == block.shown.count, "\(example.debugDescription)")
      }
    }
  }

  static func layout(of answer: StreamingText, at time: Double) -> TextLayout {
    answer.streamedLayout(
      at: time, font: MarkdownLayoutTests.body, fonts: MarkdownLayoutTests.fonts,
      width: MarkdownLayoutTests.width, lineSpacing: MarkdownLayoutTests.spacing, language: nil
    ).layout
  }

  /// `text` streamed in pieces of 1 to `longest` characters, each laid out as it comes, then
  /// finished.
  static func streamedAndFinished(_ text: String, seed: UInt64, longest: Int) -> TextLayout {
    var random = SeededRandom(seed: seed)
    let characters = Array(text)
    var answer = StreamingText(markdown: true)
    var end = 0
    while end < characters.count {
      let start = end
      end = min(end + Int.random(in: 1...longest, using: &random), characters.count)
      answer.append(String(characters[start..<end]), at: Double(end))
      _ = layout(of: answer, at: Double(end))
    }
    answer.finish(at: Double(end))
    return layout(of: answer, at: Double(end) + 5)
  }

  /// Every difference between two layouts, named; none when they are the same.
  static func differences(_ laid: TextLayout, _ whole: TextLayout) -> [String] {
    var found: [String] = []
    if laid.slices != whole.slices { found.append("slices") }
    if laid.lines != whole.lines { found.append("lines") }
    if laid.decorations != whole.decorations { found.append("decorations") }
    if laid.size != whole.size { found.append("size") }
    return found
  }

  @Test func theSpecIsThere() {
    #expect(Self.specExamples.count == 673)
  }

  /// Streamed in pieces (each piece laid out as it came) and finished, every example lays out
  /// as the whole document does: the same slices, lines, decorations and size, so the same
  /// frame once the front has passed.
  @Test func aFinishedAnswerLaysOutAsTheWhole() {
    var failures: [String] = []
    for (index, text) in (Self.specExamples + Self.answers).enumerated() {
      let whole = MarkdownLayoutTests.layout(text)
      for (seed, longest) in [(1, 1), (2, 7)] {
        let laid = Self.streamedAndFinished(
          text, seed: UInt64(index * 10 + seed), longest: longest)
        let found = Self.differences(laid, whole)
        if !found.isEmpty {
          failures.append(
            "\(text.prefix(30).debugDescription) in pieces up to \(longest): \(found)")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(8).joined(separator: "; "))")
  }

  /// The whole document draws every block cmark-gfm reads: each character its blocks show,
  /// and a rule for each thematic break (a lone `---` included).
  @Test func theWholeDrawsEveryBlock() {
    for text in Self.specExamples + Self.answers {
      let blocks = MarkdownDocument(parsing: text).blocks
      let whole = MarkdownLayoutTests.layout(text)
      #expect(
        whole.characterCount == blocks.reduce(0) { $0 + $1.shown.count },
        "\(text.prefix(30).debugDescription)")
      let rules = blocks.filter { $0.kind == .thematicBreak }.count
      let lines = whole.decorations.filter { $0.alpha == 0.25 && $0.rect.height < 2 }.count
      #expect(lines >= rules, "\(text.prefix(30).debugDescription): \(lines) rules of \(rules)")
    }
  }

  /// What the issue saw end wrong now ends right: a last rule is drawn, and a backtick that a
  /// list item's end leaves unclosed shows as the backtick it is.
  @Test func theIssuesAnswersEndAsTheyRead() {
    let rule = Self.streamedAndFinished("A rule ends it:\n\n---", seed: 1, longest: 3)
    #expect(rule.decorations.count == 1)
    #expect(Self.streamedAndFinished("---", seed: 1, longest: 1).decorations.count == 1)
    let list = Self.streamedAndFinished("- `one\n- two`", seed: 1, longest: 2)
    #expect(MarkdownLayoutTests.text(list) == "• `one• two`")
  }

  /// While it streams, what shows only grows; the finish may then close it as the whole reads.
  @Test func whileItStreamsTheAnswerIsCompleted() {
    var answer = StreamingText(markdown: true)
    answer.append("Some **bold", at: 0)
    #expect(MarkdownLayoutTests.text(Self.layout(of: answer, at: 0)) == "Some bold")
    answer.finish(at: 1)
    #expect(MarkdownLayoutTests.text(Self.layout(of: answer, at: 0.5)) == "Some bold")
    #expect(MarkdownLayoutTests.text(Self.layout(of: answer, at: 1)) == "Some **bold")
    #expect(answer.nextChange(after: 0.5) == 1)
  }

  /// A reader reads a piece in two parses (the completion's look at the last block, then the
  /// completed text) and the finish in one, however many want what shows: the front, the
  /// layout and a screen reader share it. A table's header row waiting for its delimiter row,
  /// or code in an open fence, costs no parse more.
  @Test func eachPieceIsParsedTwice() {
    var answer = StreamingText(markdown: true)
    let pieces = [
      "# Ti", "tle\n\nSome **bo", "ld** and `co", "de`\n\n- one\n- t", "wo\n\n| a ", "| b |\n|--",
      "|---|\n| 1 |", " 2 |\n", "\n```swift\nlet a", " = 1\n",
    ]
    for (index, piece) in pieces.enumerated() {
      let time = Double(index)
      answer.append(piece, at: time)
      _ = answer.front(at: time)
      _ = Self.layout(of: answer, at: time)
      _ = answer.accessibilityLabel(at: time)
      _ = answer.nextChange(after: time)
    }
    #expect(answer.markdownParses == 2 * pieces.count)
    answer.finish(at: 10)
    _ = Self.layout(of: answer, at: 10)
    _ = answer.accessibilityLabel(at: 10)
    #expect(answer.markdownParses == 2 * pieces.count + 1)

  }
}
