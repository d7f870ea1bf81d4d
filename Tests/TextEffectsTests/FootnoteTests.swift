import Testing
import TextEffectsFuzzing

@testable import TextEffects

/// GitHub's footnotes (`[^1]` and `[^1]: …`), as github.com shows them: each reference a
/// superscript number, counted in the order the notes are first referred to; the notes
/// themselves at the answer's end, under a rule, numbered, smaller, each ending in a "↩";
/// a note no one refers to not shown, a reference to no note the text it is.
@Suite struct FootnoteTests {
  static let answer = """
    A claim[^1] and another[^note], then the first again[^1] and one with no note[^none].

    [^note]: The second, with *emphasis*.

    [^unused]: Never referred to.

    [^1]: The first.

        Its second paragraph.

    After the notes.

    """

  @Test func theNotesAreNumberedAndGatheredAtTheEnd() {
    let blocks = MarkdownDocument(parsing: Self.answer).blocks
    #expect(
      blocks[0].runs == [
        .init("A claim"), .init("¹", .link), .init(" and another"), .init("²", .link),
        .init(", then the first again"), .init("¹", .link),
        .init(" and one with no note[^none]."),
      ])
    #expect(!blocks[0].isFootnote)
    #expect(blocks[1] == MarkdownBlock(.paragraph, runs: [.init("After the notes.")]))
    let notes = Array(blocks.dropFirst(2))
    #expect(notes.allSatisfy { $0.isFootnote })
    #expect(notes.map(\.kind) == [.thematicBreak, .paragraph, .paragraph, .paragraph])
    #expect(notes[1].containers == [.item(marker: "1.")])
    #expect(notes[1].runs == [.init("The first.")])
    #expect(notes[2].containers == [.item(marker: nil)])
    #expect(notes[2].runs == [.init("Its second paragraph. "), .init("↩", .link)])
    #expect(notes[3].containers == [.item(marker: "2.")])
    #expect(
      notes[3].runs == [
        .init("The second, with "), .init("emphasis", .italic), .init(". "),
        .init("↩", .link),
      ])
  }

  /// Numbers past 9 are superscript digits each.
  @Test func numbersPastNineAreSuperscriptDigits() {
    let references = (1...12).map { "[^\($0)]" }.joined()
    let notes = (1...12).map { "[^\($0)]: Note \($0).\n" }.joined()
    let blocks = MarkdownDocument(parsing: references + "\n\n" + notes).blocks
    #expect(blocks[0].runs == [.init("¹²³⁴⁵⁶⁷⁸⁹¹⁰¹¹¹²", .link)])
    #expect(blocks.last?.containers == [.item(marker: "12.")])
  }

  /// Notes set smaller than the answer's text, as GitHub sets them.
  @Test func notesAreSetSmaller() {
    let typography = MarkdownTypography(body: Font(size: 16))
    var note = MarkdownBlock(.paragraph, runs: [])
    note.isFootnote = true
    #expect(typography.font(of: note).size == 12)
    #expect(typography.font(of: MarkdownBlock(.paragraph, runs: [])).size == 16)
  }

  /// Streamed a character a frame: a reference shows as its number as soon as its bracket
  /// closes (its note comes at the end, as models write them), no settled line changes and
  /// nothing shows that then goes; the notes gather at the end as they come. (A reference to
  /// a note that never comes shows a number until the answer ends: `MarkdownFootnotes`.)
  @Test(arguments: [
    answer.replacing(" and one with no note[^none]", with: ""),
    "Swift's async sequences[^1] make streaming simple[^2].\n\n- a list item[^2]\n\n[^1]: See SE-0298.\n[^2]: And AsyncStream.\n",
    "> A quote[^q].\n\n| a | b |\n|---|---|\n| cell[^t] | x |\n\n[^q]: From a book.\n\n[^t]: From a table.\n",
  ])
  func notesStreamWithoutAFlash(answer: String) {
    let problems = MarkdownPrefixCheck.problems(streaming: answer)
    #expect(problems.isEmpty, "\(problems)")
  }
}
