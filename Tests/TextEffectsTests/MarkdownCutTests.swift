import Testing

@testable import TextEffects

/// A long Markdown answer keeps its newest part from a top-level block's start, so what is
/// kept reads as that part of the whole answer does.
@Suite struct MarkdownCutTests {
  /// An answer of every kind of top-level block cmark-gfm reads, over and over.
  static let answer: String = {
    var random = SeededRandom(seed: 7)
    let blocks = [
      "A paragraph with **bold words** and `code` that goes on for a while.\n\n",
      "## A heading with *emphasis*\n\n",
      "- an item\n- another with **bold**\n  still the item\n\n",
      "3. three\n4. four\n\n",
      "```swift\nlet code = \"**not bold**\"\n\nlet more = 1\n```\n\n",
      "> A quote that *goes*\n> over two lines.\n\n",
      "| a | b |\n| --- | --- |\n| 1 | **2** |\n\n",
      "---\n\n",
      "A paragraph\r\nwith carriage returns.\r\n\r\n",
    ]
    return (0..<300).map { _ in blocks.randomElement(using: &random)! }.joined()
  }()

  /// Cut at every 97th length, the kept text is the end of the answer, starts where a block
  /// of the whole does, and its blocks, read alone, are the whole answer's last ones.
  @Test func theKeptTextReadsAsTheEndOfTheWhole() throws {
    let whole = MarkdownDocument(parsing: Self.answer).blocks
    let total = Self.answer.count
    for count in stride(from: total / 2, to: total, by: 97) {
      let kept = MarkdownCut.keptCharacters(of: Self.answer, atMost: count)
      #expect(kept <= count && kept * 2 >= count, "\(kept) of \(count)")
      let text = String(Self.answer.suffix(kept))
      let blocks = MarkdownDocument(parsing: text).blocks
      #expect(
        blocks.count <= whole.count && Array(whole.suffix(blocks.count)) == blocks,
        "kept \(kept) characters from \(text.prefix(30).debugDescription)")
    }
  }

  /// A cut inside `**bold**` moves on to the next paragraph: no stray `**` at the top.
  @Test func aCutInsideBoldMovesToTheNextParagraph() {
    let paragraph = "Words and **bold words** here.\n\n"
    let answer = String(repeating: paragraph, count: 100)
    let count = 50 * paragraph.count + 14  // from "old words** here."
    let kept = MarkdownCut.keptCharacters(of: answer, atMost: count)
    #expect(kept == 50 * paragraph.count)
    #expect(answer.suffix(kept).hasPrefix("Words and **bold"))
  }

  /// One block as long as the answer (a log in a fence) has nowhere to cut but where the
  /// count falls; so has a count as long as the answer, or none.
  @Test func oneLongBlockIsCutWhereTheCountFalls() {
    let log = "```\n" + String(repeating: "a log line\n", count: 1_000) + "```\n"
    #expect(MarkdownCut.keptCharacters(of: log, atMost: 5_000) == 5_000)
    #expect(MarkdownCut.keptCharacters(of: "# Short", atMost: 100) == 7)
    #expect(MarkdownCut.keptCharacters(of: "# Short", atMost: 0) == 0)
  }

  /// A Markdown `StreamingText` kept to its newest part keeps it from a block's start.
  @Test func aStreamKeepsItsEndFromABlock() {
    let paragraph = "Words and **bold words** here.\n\n"
    var answer = StreamingText(markdown: true)
    answer.append(String(repeating: paragraph, count: 100), at: 0)
    answer.keepLast(50 * paragraph.count + 14)
    #expect(answer.timedChunks.text == String(repeating: paragraph, count: 50))
  }
}
