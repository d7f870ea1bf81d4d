/// When each chunk of a streamed answer arrives: the seed's stand-in for a language model, which
/// sends 2 to 6 words every 120 to 380 ms, drawn here from a seeded generator; or text that
/// arrives live, appended as it comes.
///
/// The text is kept once, with how many characters had arrived at each time, so a long stream
/// (a kiosk fed for days) costs its own length in memory, not its length times its chunks.
package struct StreamingChunks: Sendable, Equatable {
  /// How many characters had arrived, and when (seconds after the run started).
  package struct Arrival: Sendable, Equatable {
    package var time: Double
    package var count: Int
    /// How many bytes of UTF-8 those characters are: where the text they make ends.
    package var utf8Count = 0
  }

  package static let delayMilliseconds = 120...380
  package static let wordsPerChunk = 2...6

  package private(set) var arrivals: [Arrival] = []
  /// Everything that has arrived, or will have by the last arrival.
  package private(set) var text = ""
  /// The last character of `text`, which the next piece may join.
  private var lastCharacter: Character?

  /// Nothing yet: text will come with `append`.
  package init() {}

  /// The seed's stand-in for a model streaming `answer` (read as `language` is written): its
  /// words, as Unicode finds them, 2 to 6 a chunk. A Chinese, Japanese or Thai answer, written
  /// without spaces, streams word by word too, as Vercel's smoothStream cuts one with
  /// `Intl.Segmenter`.
  package init(answer: String, seed: UInt64, language: String? = nil) {
    var random = SeededRandom(seed: seed)
    // Each word with the spaces before it, so that joining the chunks gives the text exactly.
    var words = TextBoundaries.words(of: answer, language: language)[...]
    var time = 0.0
    while !words.isEmpty {
      time += Double(Int.random(in: Self.delayMilliseconds, using: &random)) / 1000
      let chunk = words.prefix(Int.random(in: Self.wordsPerChunk, using: &random))
      words = words.dropFirst(chunk.count)
      append(chunk.joined(), at: time)
    }
  }

  /// `text` arrived at `time`: it extends what came before.
  package mutating func append(_ piece: String, at time: Double) {
    let previousCount = arrivals.last?.count ?? 0
    // A piece may join the last character (an accent after a letter): count across the seam,
    // and keep each character to the scalars every text a scene shows keeps, so that a stream
    // of accents on nothing stays one small character rather than megabytes of one. The last
    // character is kept apart: finding it in the text means walking back over every flag in
    // a row (each regional indicator pairs with the one before), for each piece.
    let last = lastCharacter.map(String.init) ?? ""
    let lastStart = text.utf8.count - last.utf8.count
    if !last.isEmpty {
      text.removeSubrange(text.utf8.index(text.utf8.endIndex, offsetBy: -last.utf8.count)...)
    }
    let seam = DisplayText.prefix(of: last + piece, characters: .max)
    text += seam.text
    // The arrivals that ended with the last character end with what it became (an accent
    // joined it): a count of characters shows whole characters, whenever it is shown.
    let joinedEnd = lastStart + (seam.text.first.map { String($0).utf8.count } ?? 0)
    var earlier = arrivals.count - 1
    while !last.isEmpty, earlier >= 0, arrivals[earlier].utf8Count > lastStart {
      arrivals[earlier].utf8Count = joinedEnd
      earlier -= 1
    }
    lastCharacter = seam.text.last ?? lastCharacter
    let count = previousCount - (last.isEmpty ? 0 : 1) + seam.count
    arrivals.append(
      Arrival(
        time: max(time, arrivals.last?.time ?? time), count: count, utf8Count: text.utf8.count))
  }

  /// Takes the last `count` Unicode scalars back, as a terminal program that writes over its
  /// line takes back what it showed: the arrivals that brought them bring less (a trace's
  /// replay of a live stream that did).
  package mutating func takeBack(_ count: Int) {
    guard count > 0 else { return }
    var scalars = text.unicodeScalars
    scalars.removeLast(min(count, scalars.count))
    text = String(scalars)
    lastCharacter = text.last
    let characters = text.count
    for index in arrivals.indices {
      arrivals[index].count = min(arrivals[index].count, characters)
      arrivals[index].utf8Count = min(arrivals[index].utf8Count, text.utf8.count)
    }
  }

  /// Forgets all but the last `count` characters, which stay as if they had come at the run's
  /// start: already shown, so nothing fades in again. A `markdown` answer keeps fewer, from
  /// the first top-level block among them (`MarkdownCut`), so its top reads as that part of
  /// the answer does.
  package mutating func keepLast(_ count: Int, markdown: Bool) {
    let count = markdown ? MarkdownCut.keptCharacters(of: text, atMost: count) : count
    let kept = String(text.suffix(count))
    text = kept
    lastCharacter = kept.last
    arrivals = [Arrival(time: 0, count: kept.count, utf8Count: kept.utf8.count)]
  }

  /// How many characters have arrived by `time`.
  package func count(at time: Double) -> Int {
    arrival(at: time)?.count ?? 0
  }

  /// The text that has arrived by `time`.
  package func text(at time: Double) -> String {
    String(received(at: time))
  }

  /// The text that has arrived by `time`, without a copy.
  package func received(at time: Double) -> Substring {
    let end = text.utf8.index(text.utf8.startIndex, offsetBy: arrival(at: time)?.utf8Count ?? 0)
    return text[..<end]
  }

  /// How many characters `arrivals` (in time order) counted by `time`: another count's, such
  /// as the characters a Markdown answer shows.
  package static func count(of arrivals: [Arrival], at time: Double) -> Int {
    let next = arrivals.partitioningIndex { $0.time > time }
    return next > 0 ? arrivals[next - 1].count : 0
  }

  /// The last arrival by `time`.
  private func arrival(at time: Double) -> Arrival? {
    let next = firstArrival(after: time)
    return next > 0 ? arrivals[next - 1] : nil
  }

  /// When the first arrival after `time` comes, if one does.
  package func nextArrival(after time: Double) -> Double? {
    let next = firstArrival(after: time)
    return next < arrivals.count ? arrivals[next].time : nil
  }

  /// The index of the first arrival after `time`: found by bisection, since arrivals keep
  /// their order in time.
  private func firstArrival(after time: Double) -> Int {
    arrivals.partitioningIndex { $0.time > time }
  }
}
