/// A Markdown answer read as it grows, at the cost of its last top-level block rather than
/// of the whole answer.
///
/// Text added at the end of a Markdown document can change its last top-level block (a
/// paragraph gains a line, a list an item, an open fence more code) but never one before it,
/// which CommonMark has closed. So each read parses the text from where the last read found
/// its last top-level block, completed as it will most likely end (`MarkdownCompletion`), and
/// keeps the blocks before that block as they are. A stream of any length then costs a piece
/// the length of its last paragraph, list or code block.
///
/// The one thing this gives up: a link reference defined after a settled block that uses it
/// (`[x]` early, `[x]: https://…` later) leaves that block's `[x]` as text, where a document
/// parsed whole would make it a link. Answers rarely write references, and never before
/// their use is shown.
package struct MarkdownStream: Sendable {
  /// The blocks no text added can change.
  package private(set) var settled: [MarkdownBlock] = []
  /// Where the settled blocks' text ends, in UTF-8 bytes.
  private var settledBytes = 0
  /// How many characters the settled blocks show.
  private var settledShown = 0
  /// How many characters the blocks read last show, the settled ones among them.
  package private(set) var shownCount = 0

  package init() {}

  /// Reads `text`, which holds the text read so far and more after it (or is the first):
  /// how many blocks at the start are as the last read gave them, and the blocks after them.
  package mutating func read(_ text: Substring) -> (unchanged: Int, blocks: [MarkdownBlock]) {
    let unchanged = settled.count
    let tail = String(Substring(text.utf8.dropFirst(settledBytes)))
    let completed = MarkdownCompletion.complete(tail)
    let document = MarkdownDocument(parsing: completed)
    shownCount = settledShown + document.blocks.reduce(0) { $0 + $1.shown.count }
    // The blocks before the last top-level one settle, where the text they come from is the
    // answer's own (the completion changes only the text's end, and ends its lines in line
    // feeds), once the line that starts it has ended: what a line begins can change as it
    // grows (`<th` opens raw HTML, `<thead` too, `<thx` is text that goes on a paragraph).
    if let last = document.lastTopLevel,
      Self.start(ofLine: last.line + 1, in: tail.utf8) != nil,
      let offset = Self.start(ofLine: last.line, in: tail.utf8),
      let completedOffset = Self.start(ofLine: last.line, in: completed.utf8),
      Self.lineFeeds(tail.utf8.prefix(offset)).elementsEqual(
        completed.utf8.prefix(completedOffset))
    {
      let settling = document.blocks[..<last.block]
      settled += settling
      settledShown += settling.reduce(0) { $0 + $1.shown.count }
      settledBytes += offset
    }
    return (unchanged, document.blocks)
  }

  /// `bytes` with each carriage return, alone or before a line feed, made one line feed.
  private static func lineFeeds(_ bytes: Substring.UTF8View.SubSequence) -> [UInt8] {
    var fed: [UInt8] = []
    fed.reserveCapacity(bytes.count)
    var afterReturn = false
    for byte in bytes {
      defer { afterReturn = byte == UInt8(ascii: "\r") }
      if byte == UInt8(ascii: "\n"), afterReturn { continue }
      fed.append(byte == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : byte)
    }
    return fed
  }

  /// What `markdown`, completed, shows: its blocks' characters one after another.
  package static func shownText(of markdown: String) -> String {
    String(
      MarkdownDocument(parsing: MarkdownCompletion.complete(markdown)).blocks.flatMap {
        $0.shown.map(\.0)
      })
  }

  /// The byte where line `line` (counted from 1) starts, lines ending as CommonMark ends them:
  /// at a line feed, a carriage return, or both.
  private static func start(ofLine line: Int, in text: String.UTF8View) -> Int? {
    guard line > 1 else { return 0 }
    var current = 1
    var offset = 0
    var bytes = text.makeIterator()
    var pending = bytes.next()
    while let byte = pending {
      offset += 1
      pending = bytes.next()
      if byte == UInt8(ascii: "\r"), pending == UInt8(ascii: "\n") {
        offset += 1
        pending = bytes.next()
      } else if byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
        continue
      }
      current += 1
      if current == line { return offset }
    }
    return nil
  }
}
