import TextEffects

/// What a Markdown answer shows as it arrives: how many characters each arrival shows (no
/// `**`, no `#`, a marker for each item), which is what the front sweeps over, and the text a
/// screen reader reads. Each arrival is read once, as it first counts, from its last
/// top-level block on (`MarkdownStream`).
final class StreamingMarkdown {
  private var shown: [StreamingChunks.Arrival] = []
  /// The arrivals read so far, and the bytes the last one read ends at.
  private var counting = (stream: MarkdownStream(), bytes: 0)
  /// The text read for a screen reader: its stream, the bytes it read, the settled blocks'
  /// text (kept, as they never change) and how many blocks that is, and the whole text.
  private var speaking = Speaking()
  private struct Speaking {
    var stream = MarkdownStream()
    var bytes = 0
    var settledText = ""
    var settledBlocks = 0
    var text = ""
  }

  /// The chunks were made anew (a new run, a live stream's kept half).
  func forget() {
    shown = []
    counting = (MarkdownStream(), 0)
    speaking = Speaking()
  }

  /// `chunks`' arrivals, each counting the characters its text shows as Markdown. The last
  /// one counted is counted again when a piece joined its last character.
  func arrivals(of chunks: StreamingChunks) -> [StreamingChunks.Arrival] {
    let arrivals = chunks.arrivals
    if shown.count > arrivals.count { forget() }
    if let last = shown.last, arrivals[shown.count - 1].utf8Count != last.utf8Count {
      shown.removeLast()
    }
    while shown.count < arrivals.count {
      var arrival = arrivals[shown.count]
      if arrival.utf8Count < counting.bytes { counting = (MarkdownStream(), 0) }
      _ = counting.stream.read(Substring(chunks.text.utf8.prefix(arrival.utf8Count)))
      counting.bytes = arrival.utf8Count
      arrival.count = counting.stream.shownCount
      shown.append(arrival)
    }
    return shown
  }

  /// How many characters show by `time`.
  func count(of chunks: StreamingChunks, at time: Double) -> Int {
    StreamingChunks.count(of: arrivals(of: chunks), at: time)
  }

  /// What a screen reader reads of `received`: the text it shows, a line to a block. The
  /// settled blocks' text is kept, so a long answer costs a copy of it, as plain text does.
  func spoken(_ received: Substring) -> String {
    let bytes = received.utf8.count
    guard bytes != speaking.bytes || bytes == 0 else { return speaking.text }
    if bytes < speaking.bytes { speaking = Speaking() }
    let read = speaking.stream.read(received)
    speaking.bytes = bytes
    let line = { (block: MarkdownBlock) in String(block.shown.map(\.0)) }
    let settled = speaking.stream.settled
    for block in settled[speaking.settledBlocks...] {
      speaking.settledText += (speaking.settledBlocks > 0 ? "\n" : "") + line(block)
      speaking.settledBlocks += 1
    }
    let open = read.blocks.dropFirst(settled.count - read.unchanged).map(line)
    speaking.text = ((speaking.settledBlocks > 0 ? [speaking.settledText] : []) + open).joined(
      separator: "\n")
    return speaking.text
  }
}
