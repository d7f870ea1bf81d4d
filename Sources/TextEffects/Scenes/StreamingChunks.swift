/// When each chunk of a streamed answer arrives: the seed's stand-in for a language model, which
/// sends 2 to 6 words every 120 to 380 ms, drawn here from a seeded generator.
public struct StreamingChunks: Sendable, Equatable {
  /// The text as it stands after each arrival, and when (seconds after the run started).
  public struct Arrival: Sendable, Equatable {
    public var time: Double
    public var text: String

    public init(time: Double, text: String) {
      self.time = time
      self.text = text
    }
  }

  public static let delayMilliseconds = 120...380
  public static let wordsPerChunk = 2...6

  public private(set) var arrivals: [Arrival]

  /// Arrivals given as they are, such as text read live.
  public init(arrivals: [Arrival]) {
    self.arrivals = arrivals
  }

  /// `text` arrived at `time`: it extends what came before.
  public mutating func append(_ text: String, at time: Double) {
    let previous = arrivals.last?.text ?? ""
    arrivals.append(Arrival(time: max(time, arrivals.last?.time ?? time), text: previous + text))
  }

  public init(answer: String, seed: UInt64) {
    var random = SeededRandom(seed: seed)
    // Split on every single space, so that joining the words back gives the text exactly.
    var words = answer.split(separator: " ", omittingEmptySubsequences: false)[...]
    var text = ""
    var time = 0.0
    var arrivals: [Arrival] = []
    while !words.isEmpty {
      time += Double(Int.random(in: Self.delayMilliseconds, using: &random)) / 1000
      let chunk = words.prefix(Int.random(in: Self.wordsPerChunk, using: &random))
      words = words.dropFirst(chunk.count)
      text += (arrivals.isEmpty ? "" : " ") + chunk.joined(separator: " ")
      arrivals.append(Arrival(time: time, text: text))
    }
    self.arrivals = arrivals
  }

  /// The text that has arrived by `time`.
  public func text(at time: Double) -> String {
    arrivals.last { $0.time <= time }?.text ?? ""
  }

  /// The front at `time`, replaying every arrival up to then through the seed's animation.
  public func front(
    at time: Double, charactersPerSecond: Double = StreamingMath.defaultCharactersPerSecond,
    fade: Double = StreamingMath.defaultFade
  ) -> StreamingFront {
    var front = StreamingFront(charactersPerSecond: charactersPerSecond, fade: fade)
    // The seed's `onChange(initial: true)` runs once for the empty text when the view appears.
    front.textChanged(from: "", to: "", at: 0)
    var old = ""
    for arrival in arrivals where arrival.time <= time {
      front.textChanged(from: old, to: arrival.text, at: arrival.time)
      old = arrival.text
    }
    return front
  }
}
