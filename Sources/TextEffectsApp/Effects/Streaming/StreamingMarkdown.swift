import TextEffects

/// What a Markdown answer shows as it arrives: how many characters each arrival shows (no
/// `**`, no `#`, a marker for each item), which is what the front sweeps over, and the text a
/// screen reader reads. Each arrival is read once, as it first counts, from its last
/// top-level block on (`MarkdownStream`).
final class StreamingMarkdown {
  private var shown: [StreamingChunks.Arrival] = []
  /// The arrivals read so far, and the bytes the last one read ends at.
  private var counting = (stream: MarkdownStream(), bytes: 0)
  private var speaking = (stream: MarkdownStream(), bytes: 0, text: "")

  /// The chunks were made anew (a new run, a live stream's kept half).
  func forget() {
    shown = []
    counting = (MarkdownStream(), 0)
    speaking = (MarkdownStream(), 0, "")
  }

  /// `chunks`' arrivals, each counting the characters its text shows as Markdown. The last
  /// one counted is counted again: a piece may have joined its last character.
  func arrivals(of chunks: StreamingChunks) -> [StreamingChunks.Arrival] {
    let arrivals = chunks.arrivals
    if shown.count > arrivals.count { forget() }
    shown.removeLast(min(shown.count, 1))
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

  /// What a screen reader reads of `received`: the text it shows, a line to a block.
  func spoken(_ received: Substring) -> String {
    let bytes = received.utf8.count
    guard bytes != speaking.bytes || bytes == 0 else { return speaking.text }
    if bytes < speaking.bytes { speaking = (MarkdownStream(), 0, "") }
    let read = speaking.stream.read(received)
    speaking.bytes = bytes
    speaking.text = (speaking.stream.settled.prefix(read.unchanged) + read.blocks)
      .map { String($0.shown.map(\.0)) }.joined(separator: "\n")
    return speaking.text
  }
}
