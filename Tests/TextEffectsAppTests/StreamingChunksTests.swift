import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

@Suite struct StreamingChunksTests {
  @Test func sameSeedSameChunksOtherSeedOtherChunks() {
    let first = StreamingChunks(answer: StreamingScene.demoAnswer, seed: 7)
    #expect(first == StreamingChunks(answer: StreamingScene.demoAnswer, seed: 7))
    #expect(first != StreamingChunks(answer: StreamingScene.demoAnswer, seed: 8))
  }

  @Test(arguments: [0, 1, 2, 99] as [UInt64])
  func delaysAndSizesStayInTheSeedsRanges(seed: UInt64) {
    let chunks = StreamingChunks(answer: StreamingScene.demoAnswer, seed: seed)
    var previousTime = 0.0
    var previousWords = 0
    for (number, arrival) in chunks.arrivals.enumerated() {
      let delay = arrival.time - previousTime
      #expect(delay >= 0.119_999 && delay <= 0.380_001)
      let words = chunks.text(at: arrival.time).split(separator: " ").count
      let isLast = number == chunks.arrivals.count - 1
      #expect((2...6).contains(words - previousWords) || (isLast && words > previousWords))
      previousTime = arrival.time
      previousWords = words
    }
    #expect(chunks.text == StreamingScene.demoAnswer)
    #expect(chunks.arrivals.last?.count == StreamingScene.demoAnswer.count)
  }

  @Test func textGrowsByExtensionOnly() {
    let chunks = StreamingChunks(answer: StreamingScene.demoAnswer, seed: 3)
    #expect(chunks.text(at: 0) == "")
    for (earlier, later) in zip(chunks.arrivals, chunks.arrivals.dropFirst()) {
      let earlierText = chunks.text(at: earlier.time)
      let laterText = chunks.text(at: later.time)
      #expect(laterText.hasPrefix(earlierText + " "))
      #expect(laterText.count == later.count)
      #expect(chunks.text(at: later.time - 0.0001) == earlierText)
    }
  }

  @Test func frontReachesTheEndAfterTheLastChunk() {
    let chunks = StreamingChunks(answer: StreamingScene.demoAnswer, seed: 0)
    let end = chunks.arrivals.last!.time + 2
    #expect(chunks.front(at: end).visible(at: end) == Double(StreamingScene.demoAnswer.count) + 10)
  }
}

@Suite struct LiveChunksTests {
  @Test func piecesAreCountedAcrossTheirSeams() {
    var chunks = StreamingChunks()
    chunks.append("cafe", at: 1)
    chunks.append("\u{301} au lait", at: 2)  // the accent joins the e: still one character
    #expect(chunks.arrivals.map(\.count) == [4, 12])
    #expect(chunks.text == "cafe\u{301} au lait" && chunks.text.count == 12)
    // The fourth character is the accented e now, whenever it is shown.
    #expect(chunks.text(at: 1.5) == "cafe\u{301}")
  }

  /// A stream of accents on nothing is one character however long: it keeps the scalars
  /// every text a scene shows keeps (`DisplayText.scalarsPerCharacter`), whether they come in
  /// one piece or one at a time, so no frame hashes or shapes megabytes of one character.
  @Test func aCharacterKeepsItsFirstScalarsAcrossPieces() {
    let mark = "\u{301}"
    var whole = StreamingChunks()
    whole.append("e" + String(repeating: mark, count: 10_000) + "x", at: 0)
    var pieces = StreamingChunks()
    pieces.append("e", at: 0)
    for _ in 0..<10_000 { pieces.append(mark, at: 0) }
    pieces.append("x", at: 0)
    for chunks in [whole, pieces] {
      #expect(chunks.text.count == 2 && chunks.arrivals.last?.count == 2)
      #expect(chunks.text.unicodeScalars.count == DisplayText.scalarsPerCharacter + 1)
      #expect(chunks.text.hasSuffix("x"))
      #expect(chunks.text.unicodeScalars.starts(with: ("e" + mark).unicodeScalars))
    }
  }

  @Test func aLongStreamKeepsItsTextOnce() {
    var chunks = StreamingChunks()
    for index in 0..<2000 { chunks.append("word\(index) ", at: Double(index)) }
    #expect(chunks.text.utf8.count < 20_000)
    #expect(chunks.count(at: 5000) == chunks.text.count)
  }
}

@Suite struct StreamingTextFrontTests {
  /// A `StreamingText` runs its front on from where the last time asked left it: that gives
  /// the front replaying everything gives, forwards, backwards and at another speed.
  @Test func theKeptFrontIsTheReplayedFront() {
    let chunks = StreamingChunks(answer: StreamingScene.demoAnswer, seed: 5)
    let stream = { (speed: Double) in
      StreamingText(
        chunks: chunks, appeared: 0, charactersPerSecond: speed, fade: 10, reduceMotion: false,
        markdown: false)
    }
    let (normal, slow) = (stream(80), stream(40))
    let times = stride(from: 0.0, to: 8, by: 0.07).map { $0 } + [3.1, 0.5, 7.9, 2]
    for (index, time) in times.enumerated() {
      let speed = index > times.count - 3 ? 40.0 : 80.0
      let kept = (speed == 80 ? normal : slow).front(at: time)
      let replayed = chunks.front(at: time, charactersPerSecond: speed, fade: 10)
      #expect(kept.visible(at: time) == replayed.visible(at: time), "at \(time)")
    }
  }
}

extension StreamingChunks {
  /// The oracle for `StreamingText`'s front: the front at `time`, replaying every arrival up to
  /// then through the seed's animation, from the start, as the seed's view would.
  func front(
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
