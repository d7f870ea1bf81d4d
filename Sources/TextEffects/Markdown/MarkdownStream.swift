/// A Markdown answer read as it grows, at the cost of its last top-level block rather than
/// of the whole answer; once finished, read whole.
///
/// Text added at the end of a Markdown document can change its last top-level block (a
/// paragraph gains a line, a list an item, an open fence more code) but never one before it,
/// which CommonMark has closed. So each read parses the text from where the last read found
/// its last top-level block, completed as it will most likely end (`MarkdownCompletion`), and
/// keeps the blocks before that block as they are. A stream of any length then costs a piece
/// the length of its last paragraph, list or code block.
///
/// An answer that has ended is not completed: ``finish(_:)`` parses the whole text once, so
/// every block is cmark-gfm's own reading of it (a last `---` a rule, a backtick that closes
/// nothing a backtick). The link reference definitions among the settled blocks are read
/// with every later block (`MarkdownDefinitions`), so a reference to one is a link as it
/// arrives. One thing no stream can know is given up: a reference defined after a settled
/// block that uses it (`[x]` early, `[x]: https://…` later) leaves that block's `[x]` as
/// text until the answer ends, when the whole answer is read. Footnotes, whose notes models
/// write at the end, are numbered as their references come (`MarkdownFootnotes`).
package struct MarkdownStream: Sendable {
  /// The blocks no text added can change.
  package private(set) var settled: [MarkdownBlock] = []
  /// The blocks after them, as the last read gave them.
  package private(set) var open: [MarkdownBlock] = []
  /// Whether the text read last was the whole answer (``finish(_:)``).
  package private(set) var isFinished = false
  /// Where the settled blocks' text ends, in UTF-8 bytes.
  package private(set) var settledBytes = 0
  /// How many characters the settled blocks show.
  private var settledShown = 0
  /// How many characters the blocks read last show, the settled ones among them.
  package private(set) var shownCount = 0
  /// How many times cmark-gfm parsed: each read twice (the completion's look at the last
  /// block, then the completed text), a finish once.
  package private(set) var parses = 0
  /// The link reference definitions the settled blocks hold, read before the text after
  /// them, and how many lines they take.
  private var definitions = ""
  private var labels: Set<String> = []
  /// The footnotes the settled blocks refer to and hold, read before the text after them.
  private var footnotes = MarkdownFootnotes()

  package init() {}

  /// A new reader that goes on counting the parses of another.
  package init(parses: Int) {
    self.parses = parses
  }

  /// Every block read so far: the settled ones, then the open ones.
  package var blocks: [MarkdownBlock] { settled + open }

  /// Reads `text`, which holds the text read so far and more after it (or is the first):
  /// how many blocks at the start are as the last read gave them, and the blocks after them.
  @discardableResult
  package mutating func read(_ text: Substring) -> (unchanged: Int, blocks: [MarkdownBlock]) {
    if isFinished { self = MarkdownStream(parses: parses) }
    let unchanged = settled.count
    let tail = String(Substring(text.utf8.dropFirst(settledBytes)))
    let completed = MarkdownCompletion.complete(tail, labels: labels, parses: &parses)
    // The notes and definitions before it, then a blank line, so none of its lines joins
    // theirs.
    let notes = footnotes.preamble(for: completed)
    let preamble = notes.text + (definitions.isEmpty ? "" : definitions + "\n")
    var document = MarkdownDocument(parsing: preamble + completed, notesShown: notes.notesShown)
    document.dropLines(preamble.utf8.count { $0 == UInt8(ascii: "\n") })
    parses += 1
    isFinished = false
    shownCount = settledShown + document.blocks.reduce(0) { $0 + $1.shownCount }
    open = document.blocks
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
      open.removeFirst(settling.count)
      settledShown += settling.reduce(0) { $0 + $1.shownCount }
      footnotes.settle(
        Substring(tail.utf8.prefix(offset)),
        notesOn: document.footnoteLines.filter { $0.upperBound < last.line })
      let held = MarkdownDefinitions.held(
        in: Substring(tail.utf8.prefix(offset)), showing: Array(settling))
      if !held.text.isEmpty {
        definitions += held.text
        labels.formUnion(held.labels)
      }
      settledBytes += offset
    }
    return (unchanged, document.blocks)
  }

  /// Reads `text` as the whole answer, which has ended: parsed whole and as it is, nothing
  /// completed or held back. Its blocks are then exactly those of a document parsed whole;
  /// reading more after it starts again.
  package mutating func finish(_ text: Substring) {
    let document = MarkdownDocument(parsing: String(text))
    parses += 1
    settled = document.blocks
    open = []
    settledBytes = text.utf8.count
    settledShown = document.blocks.reduce(0) { $0 + $1.shownCount }
    shownCount = settledShown
    isFinished = true
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
