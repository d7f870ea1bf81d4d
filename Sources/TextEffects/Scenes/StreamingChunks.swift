/// When each chunk of a streamed answer arrives: the seed's stand-in for a language model, which
/// sends 2 to 6 words every 120 to 380 ms, drawn here from a seeded generator.
public struct StreamingChunks: Sendable, Equatable {
  /// The text as it stands after each arrival, and when (seconds after the run started).
  public struct Arrival: Sendable, Equatable {
    public var time: Double
    public var text: String
    /// How many characters `text` has, counted once (counting a string walks all of it).
    public var count: Int

    public init(time: Double, text: String) {
      self.time = time
      self.text = text
      count = text.count
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
    let previous = arrivals.last
    var arrival = Arrival(time: max(time, previous?.time ?? time), text: "")
    arrival.text = (previous?.text ?? "") + text
    // The new text may join the old at a character boundary (an accent after a letter).
    arrival.count = arrival.text.count
    arrivals.append(arrival)
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

  /// How many characters have arrived by `time`.
  public func count(at time: Double) -> Int {
    arrivals.last { $0.time <= time }?.count ?? 0
  }

  /// The front at `time`, replaying every arrival up to then through the seed's animation.
  public func front(
    at time: Double, charactersPerSecond: Double = StreamingMath.defaultCharactersPerSecond,
    fade: Double = StreamingMath.defaultFade
  ) -> StreamingFront {
    var front = StreamingFront(charactersPerSecond: charactersPerSecond, fade: fade)
    // The seed's `onChange(initial: true)` runs once for the empty text when the view appears.
    front.textChanged(from: "", to: "", at: 0)
    // Every arrival extends the one before, so counts are enough: no text is compared.
    for arrival in arrivals where arrival.time <= time {
      front.textExtended(to: arrival.count, at: arrival.time)
    }
    return front
  }
}
