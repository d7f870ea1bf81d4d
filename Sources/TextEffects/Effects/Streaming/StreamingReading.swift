// Sections: Reading, The front, The layout, Lines as layers, Speaking

/// What a ``StreamingText`` shows at the times asked: how many characters each arrival shows
/// (what the front sweeps over), the front, the text laid out, and what a screen reader reads.
/// One reader of the answer serves them all, worked forward from where the last time asked left
/// it, each arrival read once; an earlier time starts it again from the answer's start.
///
/// A cache, so a frame of a text is a function of its stream and the time whatever was asked
/// before; copies of a text share it, under its lock, until one changes.
final class StreamingReading: @unchecked Sendable {
  private let lock = Lock()

  // MARK: Reading

  /// The one reader of a Markdown answer, where `readTo` arrivals (and the finish, with
  /// `readsFinish`) have brought it: it last read the text up to arrival `readerAt`.
  private var reader = MarkdownStream()
  private var readTo = 0
  private var readsFinish = false
  private var readerAt: Int?
  /// The arrivals read for what they show, in order: every one, but those of a long open
  /// block between its reads (``readsEveryPiece``).
  private var readArrivals: [Int] = []
  /// Counts the reader's changes: a layout or a spoken text made at one count is still right.
  private var version = 0
  /// What each arrival read shows, for a Markdown answer: its time, how many characters the
  /// answer shows once it came, and where its text ends. Kept when an earlier time starts the
  /// reader again, as it depends only on the text.
  private var counts: [StreamingChunks.Arrival] = []
  /// How many characters the whole answer shows, once read finished, and of how many
  /// arrivals.
  private var finished: (count: Int, arrivals: Int)?

  /// How many characters the finished answer shows, when it has been read so.
  private func finishedCount(of stream: StreamingText.Stream) -> Int? {
    guard let finished, finished.arrivals == stream.chunks.arrivals.count else { return nil }
    return finished.count
  }

  /// How many characters `markdown`, the whole of an answer so far, shows.
  static func shownCount(of markdown: String) -> Int {
    var stream = MarkdownStream()
    stream.read(markdown[...])
    return stream.shownCount
  }

  /// How many arrivals have come by `time`, and whether the finish has.
  private func due(_ stream: StreamingText.Stream, at time: Double) -> (arrivals: Int, finish: Bool)
  {
    let arrivals = stream.chunks.arrivals
    let due = arrivals.partitioningIndex { $0.time > time }
    return (due, due == arrivals.count && stream.finishedAt.map { $0 <= time } == true)
  }

  /// An open block (the last, which a piece can change) up to this many bytes is read again
  /// with every piece: nearly every block of an answer. So is code of any length, which is
  /// read without its inlines and grows its layout in place (a log piped in a fence).
  static let readsEveryPiece = 2_048
  /// A longer one (a long paragraph, a wide table, thousands of nested markers: each read
  /// costs its length) is read again once it has grown by this part of itself since it was
  /// last read; the pieces between show with that read (or the answer's end). So its reads
  /// cost a piece no more, on the whole, than an answer of short blocks costs, whatever its
  /// length. Which pieces are read depends on the text alone, never on the times asked.
  static let growthBeforeReading = 24

  /// Whether `arrival` is read for what it shows, the reader standing at the arrival read last
  /// before it, `previous`.
  private func reads(
    _ arrival: StreamingChunks.Arrival, after previous: StreamingChunks.Arrival?
  ) -> Bool {
    let open = arrival.utf8Count - reader.settledBytes
    guard open > Self.readsEveryPiece else { return true }
    if case .code = reader.open.last?.kind { return true }
    return (arrival.utf8Count - (previous?.utf8Count ?? 0)) * Self.growthBeforeReading >= open
  }

  /// Brings the reader to what has come by `time`: each arrival counted once for what it
  /// shows, then the reader standing at the last arrival read by then.
  private func read(_ stream: StreamingText.Stream, at time: Double) {
    let arrivals = stream.chunks.arrivals
    let (due, finishes) = due(stream, at: time)
    guard stream.isMarkdown else {
      finished = (arrivals.last?.count ?? 0, arrivals.count)
      return
    }
    // A piece that joined the last character counted (an accent after its letter) changed
    // what that arrival made: it is read again.
    if let last = counts.last, arrivals[counts.count - 1].utf8Count != last.utf8Count {
      counts.removeLast()
      if readArrivals.last == counts.count { readArrivals.removeLast() }
      if readTo > counts.count || readerAt.map({ $0 >= counts.count }) == true { startAgain() }
      if frontApplied > counts.count { front = nil }
    }
    if due < readTo || readsFinish && !finishes { startAgain() }
    let text = stream.chunks.text
    /// Has the reader read the text up to arrival `index` (none: nothing read yet).
    func move(to index: Int?) {
      guard let index, readerAt != index else { return }
      if readerAt.map({ $0 > index }) == true || readsFinish { resetReader() }
      reader.read(Substring(text.utf8.prefix(arrivals[index].utf8Count)))
      version += 1
      readerAt = index
    }
    while readTo < due {
      let index = readTo
      readTo += 1
      guard index >= counts.count else { continue }
      move(to: readArrivals.last)
      let arrival = arrivals[index]
      if reads(arrival, after: readArrivals.last.map { arrivals[$0] }) {
        readArrivals.append(index)
        move(to: index)
      }
      counts.append(
        StreamingChunks.Arrival(
          time: arrival.time, count: readerAt == nil ? 0 : reader.shownCount,
          utf8Count: arrival.utf8Count))
    }
    if finishes {
      if !readsFinish {
        reader.finish(Substring(text.utf8.prefix(arrivals.last?.utf8Count ?? 0)))
        readsFinish = true
        readerAt = nil
        version += 1
        finished = (reader.shownCount, arrivals.count)
        unchangedBlocks = 0
      }
    } else {
      // What shows now: the text up to the last arrival read by now.
      move(to: readArrivals[..<readArrivals.partitioningIndex { $0 >= due }].last)
    }
  }

  /// Reads from the answer's start again: an earlier time was asked, or what an arrival made
  /// changed.
  private func startAgain() {
    readTo = 0
    resetReader()
  }

  /// A reader that has read nothing yet.
  private func resetReader() {
    reader = MarkdownStream(parses: reader.parses)
    readsFinish = false
    readerAt = nil
    version += 1
    unchangedBlocks = 0
    speaking = Speaking()
  }

  /// How many characters show at `time`: counted already for an earlier time (a view easing
  /// back over the last quarter second asks), without moving the reader back.
  func shownCount(of stream: StreamingText.Stream, at time: Double) -> Int {
    lock.withLock {
      let (due, finishes) = due(stream, at: time)
      let arrivals = stream.chunks.arrivals
      let counted =
        due <= counts.count
        && (due == 0 || counts[due - 1].utf8Count == arrivals[due - 1].utf8Count)
      if stream.isMarkdown, !counted || finishes && finishedCount(of: stream) == nil {
        read(stream, at: time)
      }
      if finishes, let finishedCount = finishedCount(of: stream) { return finishedCount }
      return due > 0 ? (stream.isMarkdown ? counts : arrivals)[due - 1].count : 0
    }
  }

  /// How many cmark-gfm parses the reader made: two a piece, one for the finish.
  var parses: Int { lock.withLock { reader.parses } }

  // MARK: The front

  /// The front as the arrivals up to `frontApplied` (and the finish, with `frontFinished`)
  /// left it, at `frontTime`.
  private var front: StreamingFront?
  private var frontApplied = 0
  private var frontFinished = false
  private var frontTime = -Double.infinity

  /// The front at `time`: the arrivals since the last time asked run on from where it stood.
  func front(of stream: StreamingText.Stream, at time: Double) -> StreamingFront {
    lock.withLock {
      read(stream, at: time)
      let (due, finishes) = due(stream, at: time)
      let arrivals = stream.isMarkdown ? counts : stream.chunks.arrivals
      if front == nil || time < frontTime || frontApplied > arrivals.count {
        front = stream.base
        frontApplied = stream.baseArrivals
        frontFinished = false
      }
      var current = front!
      while frontApplied < due {
        current.textExtended(to: arrivals[frontApplied].count, at: arrivals[frontApplied].time)
        frontApplied += 1
      }
      if finishes, !frontFinished, let finishedCount = finishedCount(of: stream),
        let finishedAt = stream.finishedAt
      {
        current.textExtended(to: finishedCount, at: finishedAt)
        frontFinished = true
      }
      front = current
      frontTime = time
      return current
    }
  }

  // MARK: The layout

  /// What a layout is laid out with; the fonts' scale too, as fonts measure a little
  /// differently at each (a window moved to a display of another density).
  struct LayoutKey: Equatable {
    var font: Font
    var width: Double
    var lineSpacing: Double
    var language: String?
    var pixelsPerPoint: Double
  }

  /// The layout as last asked for, of plain text or of Markdown, grown in place (a layout
  /// held twice would be copied whole as it grows); what it was laid out with, and how many
  /// bytes of plain text it holds or the reader's version it shows.
  private var plain: StreamedLayout?
  private var markdown: MarkdownStreamedLayout?
  private var laid: (key: LayoutKey, bytes: Int, version: Int)?
  /// How many layouts were made from nothing.
  private var generation = 0

  /// The layout last asked for, and the height of a line in it (as the library's renderer
  /// last said): what a column that follows the newest line scrolls over. Not a copy: a
  /// layout kept twice would be copied whole as it grows.
  var lastLayout: (layout: TextLayout, lineAdvance: Double)? {
    lock.withLock {
      (plain?.layout ?? markdown?.layout).map { ($0, lastLineAdvance) }
    }
  }
  /// How many lines of the Markdown layout last asked for show settled blocks, which no text
  /// added later changes; nil for plain text or before a layout.
  var settledLines: Int? { lock.withLock { markdown?.settledLines } }
  /// The height of a line in the layout a renderer asks for.
  var lineAdvance: Double {
    get { lock.withLock { lastLineAdvance } }
    set { lock.withLock { lastLineAdvance = newValue } }
  }
  private var lastLineAdvance = 0.0

  /// How many of the reader's settled blocks are as the layout last showed them.
  private var unchangedBlocks = 0

  /// Lines that end above it lose their slices as the layout grows: a column's view, which
  /// follows the newest line, is far below them. Minus infinity keeps every slice.
  private var forgetsAbove = -Double.infinity

  /// Lets the layout let go of the slices of lines that end above `top` as it grows (a column
  /// that follows the newest line no longer shows them), or with nil keeps every slice (a
  /// column scrolled back, or none). True when the layout last given lacks slices of lines from
  /// `top` on: it is laid out again, whole, when next asked for, and must be.
  func keepSlices(from top: Double?) -> Bool {
    lock.withLock {
      forgetsAbove = top ?? -.infinity
      let layout = plain?.layout ?? markdown?.layout
      guard let layout, forgetsAbove < layout.topOfHeldSlices else { return false }
      laid = nil
      return true
    }
  }

  /// The text as it shows at `time`, laid out with `key`: grown from the layout last asked for
  /// by what came since, or made anew for another key or an earlier time.
  func layout(
    of stream: StreamingText.Stream, at time: Double, key: LayoutKey,
    fonts: any FontMetricsProvider
  ) -> (layout: TextLayout, firstChangedLine: Int, generation: Int) {
    lock.withLock {
      read(stream, at: time)
      let received = stream.chunks.received(at: time)
      let bytes = stream.isMarkdown ? 0 : received.utf8.count
      if laid?.key != key || (laid?.bytes ?? 0) > bytes || (plain == nil) == !stream.isMarkdown {
        generation += 1
        unchangedBlocks = 0
        laid = (key, -1, -1)
        plain = nil
        markdown = nil
        if stream.isMarkdown {
          markdown = MarkdownStreamedLayout(
            font: key.font, fonts: fonts, width: key.width, lineSpacing: key.lineSpacing,
            language: key.language)
        } else {
          plain = StreamedLayout(
            font: key.font, fonts: fonts, width: key.width, lineSpacing: key.lineSpacing,
            language: key.language)
        }
      }
      if plain != nil {
        guard laid?.bytes != bytes else {
          return counted(plain!.layout, firstChangedLine: plain!.layout.lines.count)
        }
        plain!.grow(to: received)
        plain!.forgetSlices(above: forgetsAbove)
        laid = (key, bytes, version)
        return counted(plain!.layout, firstChangedLine: plain!.firstChangedLine)
      }
      guard laid?.version != version else {
        return counted(markdown!.layout, firstChangedLine: markdown!.layout.lines.count)
      }
      markdown!.show(reader, unchanged: unchangedBlocks)
      markdown!.forgetSlices(above: forgetsAbove)
      unchangedBlocks = reader.settled.count
      laid = (key, bytes, version)
      return counted(markdown!.layout, firstChangedLine: markdown!.firstChangedLine)
    }
  }

  // MARK: Lines as layers

  /// What a column's lines are drawn as layers in (``GraphicsContext/scoped(by:)``): an
  /// object of this reading's own, not the reading, which a frame's draw list holds a frame
  /// after it drew and which must stay uniquely held for the text to grow in place.
  let lines = LineScope()
  final class LineScope: Sendable {}

  /// Each line's layer version: when it last changed, counted in changes to the layout or to
  /// the column's size and fading edges. A line drawn whole at the version it had in the
  /// frame before is repeated from that frame, not drawn again.
  private var lineVersions: [Int] = []
  private var changes = 0
  /// The layout generation and the column the versions were counted for.
  private var countedGeneration: Int?
  private var countedColumn: (height: Double, edge: Double)?

  /// `layout`, whose lines from `firstChangedLine` on changed, with the lines' versions
  /// counted for it.
  private func counted(_ layout: TextLayout, firstChangedLine: Int) -> (
    layout: TextLayout, firstChangedLine: Int, generation: Int
  ) {
    let count = layout.lines.count
    let kept =
      countedGeneration == generation ? min(firstChangedLine, lineVersions.count) : 0
    if kept < count || kept < lineVersions.count {
      changes += 1
      lineVersions.removeSubrange(kept...)
      lineVersions.append(contentsOf: repeatElement(changes, count: count - kept))
    }
    countedGeneration = generation
    return (layout, firstChangedLine, generation)
  }

  /// The lines' versions in a column `height` tall whose lines fade out over `edge` points:
  /// all of them change when the column does.
  func lineVersions(height: Double, edge: Double) -> [Int] {
    lock.withLock {
      if countedColumn.map({ $0 != (height, edge) }) ?? true {
        changes += 1
        lineVersions = Array(repeating: changes, count: lineVersions.count)
        countedColumn = (height, edge)
      }
      return lineVersions
    }
  }

  // MARK: Speaking

  /// The text read for a screen reader: the settled blocks' text (kept, as they never
  /// change) and how many blocks that is, and the whole text, for the reader where it was.
  private var speaking = Speaking()
  private struct Speaking {
    var settledText = ""
    var settledBlocks = 0
    var text = ""
    var position: Int?
  }

  /// What a screen reader reads at `time`: the text received, or the text a Markdown answer
  /// shows, a line to a block. A long answer costs a copy of its text, as plain text does.
  func spokenText(of stream: StreamingText.Stream, at time: Double) -> String {
    guard stream.isMarkdown else { return String(stream.chunks.received(at: time)) }
    return lock.withLock {
      read(stream, at: time)
      if let position = speaking.position, position == version {
        return speaking.text
      }
      if speaking.settledBlocks > reader.settled.count || readsFinish { speaking = Speaking() }
      let line = { (block: MarkdownBlock) in String(block.shown.map(\.0)) }
      for block in reader.settled[speaking.settledBlocks...] {
        speaking.settledText += (speaking.settledBlocks > 0 ? "\n" : "") + line(block)
        speaking.settledBlocks += 1
      }
      let open = reader.open.map(line)
      speaking.text = ((speaking.settledBlocks > 0 ? [speaking.settledText] : []) + open)
        .joined(separator: "\n")
      speaking.position = version
      return speaking.text
    }
  }
}
