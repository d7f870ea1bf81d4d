/// The streaming front at one time after another without replaying every arrival each frame:
/// arrivals since the last call are applied to the front kept from it, so a frame allocates
/// nothing and costs nothing for the chunks already seen. Going back in time, or other
/// arrivals, speed or fade, starts the replay over; the front is the same either way.
package struct StreamingFrontCache {
  private var front: StreamingFront?
  private var applied = 0
  private var time = -Double.infinity
  private var firstArrivalTime: Double?
  private var arrivalCount = 0
  private var appeared = 0.0

  package init() {}

  /// The front at `time`, the view having appeared at `appeared` (0, the run's start, unless
  /// the text is a replay of a stream that came after the view was up).
  package mutating func front(
    of chunks: StreamingChunks, at time: Double, charactersPerSecond: Double, fade: Double,
    appeared: Double = 0
  ) -> StreamingFront {
    front(
      of: chunks.arrivals, at: time, charactersPerSecond: charactersPerSecond, fade: fade,
      appeared: appeared)
  }

  /// The front at `time` over `arrivals` (a Markdown answer's, counted in the characters it
  /// shows), as above.
  package mutating func front(
    of arrivals: [StreamingChunks.Arrival], at time: Double, charactersPerSecond: Double,
    fade: Double, appeared: Double = 0
  ) -> StreamingFront {
    if front == nil || time < self.time || front?.charactersPerSecond != charactersPerSecond
      || front?.fade != max(fade, 0) || arrivals.count < arrivalCount
      || arrivals.first?.time != firstArrivalTime || appeared != self.appeared
    {
      var fresh = StreamingFront(charactersPerSecond: charactersPerSecond, fade: fade)
      // The seed's `onChange(initial: true)` runs once for the empty text when the view appears.
      fresh.textChanged(from: "", to: "", at: appeared)
      self.appeared = appeared
      front = fresh
      applied = 0
    }
    while applied < arrivals.count, arrivals[applied].time <= time {
      front?.textExtended(to: arrivals[applied].count, at: arrivals[applied].time)
      applied += 1
    }
    self.time = time
    arrivalCount = arrivals.count
    firstArrivalTime = arrivals.first?.time
    return front!
  }
}
