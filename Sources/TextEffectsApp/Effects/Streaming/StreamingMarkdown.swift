import TextEffects

/// What a Markdown answer shows as it arrives: how many characters each arrival shows (no
/// `**`, no `#`, a marker for each item), which is what the front sweeps over, and the text a
/// screen reader reads. Each arrival is parsed once, as it first counts.
final class StreamingMarkdown {
  private var shown: [StreamingChunks.Arrival] = []
  private var spokenCache: (bytes: Int, text: String)?

  /// The chunks were made anew (a new run, a live stream's kept half).
  func forget() {
    shown = []
    spokenCache = nil
  }

  /// `chunks`' arrivals, each counting the characters its text shows as Markdown. The last
  /// one counted is counted again: a piece may have joined its last character.
  func arrivals(of chunks: StreamingChunks) -> [StreamingChunks.Arrival] {
    let arrivals = chunks.arrivals
    if shown.count > arrivals.count { shown = [] }
    shown.removeLast(min(shown.count, 1))
    while shown.count < arrivals.count {
      var arrival = arrivals[shown.count]
      let text = chunks.text.utf8.prefix(arrival.utf8Count)
      arrival.count = Self.shownCount(of: String(Substring(text)))
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
    if let spokenCache, spokenCache.bytes == bytes { return spokenCache.text }
    let text = MarkdownDocument(parsing: MarkdownCompletion.complete(String(received))).blocks
      .map { String($0.shown.map(\.0)) }.joined(separator: "\n")
    spokenCache = (bytes, text)
    return text
  }

  private static func shownCount(of text: String) -> Int {
    MarkdownDocument(parsing: MarkdownCompletion.complete(text)).blocks.reduce(0) {
      $0 + $1.shown.count
    }
  }
}
