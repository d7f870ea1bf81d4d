import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects

/// Every prefix of every answer in the corpus, streamed a character a frame: a settled line
/// never changes, and nothing shows that then goes (`MarkdownPrefixCheck`).
@Suite(.threadOfItsOwn(.computing)) struct StreamedPrefixTests {
  /// The sentence that showed the completion's own `](#)`: brackets in brackets, a link among
  /// them, a citation, a subscript.
  static let brackets =
    "The element m[i][j] of the matrix [see [Golub](https://example.com) and [Van Loan] for "
    + "details] is computed [1, [2, 3]] row by row."

  /// A run of openers that never close, which showed whole lines of `(#)](#)`.
  static let openBrackets = String(repeating: "[a", count: 300) + " and a last word."

  @Test(arguments: [brackets, openBrackets]) func bracketsShowNoCompletion(answer: String) {
    for length in [1, 3] {
      let problems = MarkdownPrefixCheck.problems(streaming: answer, pieceLength: length)
      #expect(problems.isEmpty, "\(problems)")
    }
  }

  /// What libFuzzer found (fuzz/PrefixFuzzer.swift), kept: a NUL, which cmark-gfm reads as
  /// U+FFFD, in a link reference definition's destination; a footnote-like label defined by a
  /// line that turns out no definition; a number in a quote (`> 1.5`: no list); a
  /// table's row whose last cell opens a code span (a closer after its pipe made a cell); a
  /// bracket held back that left a list's marker in a list item.
  static let findings = [
    "1. - 2.[X] foo\n",
    "> 1.5 million, said the quote.\n",
    "| a | b |\n|---|:-:|\n| `* |\n\n| **x | y |\n",
    "[foo][]\n\n[foo]: /\u{0}\u{0}l \"title\"\n",
    "<think>\nThe user asks.\n</think>\n\nAnswer: see [^1].\n\n[^1]: A note.\n",
    "_пристан[Толпой][Толпой] is a Russian word.\n\n[ТОЛПОЙ]: ям_стре/urмят",
    "1. ```\n   foo\n  ` ``\n\n   bar\n",
    "<script type=\"text/javascript\">\n// JavaScript example\n\ndocument.getElementB```\naaa\n    ```yId",
  ]

  @Test(arguments: findings) func libFuzzersFindingsStreamCleanly(answer: String) {
    let problems = MarkdownPrefixCheck.problems(streaming: answer)
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test(arguments: 0..<4)
  func everySpecExampleStreamsCleanly(quarter: Int) {
    let examples = FinishedMarkdownTests.specExamples
    let part = examples.count / 4 + 1
    for (number, example) in examples.enumerated().dropFirst(quarter * part).prefix(part) {
      let problems = MarkdownPrefixCheck.problems(streaming: example, limit: 2)
      #expect(problems.isEmpty, "example \(number + 1) \(example.debugDescription): \(problems)")
    }
  }
}
