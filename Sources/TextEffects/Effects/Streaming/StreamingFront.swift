/// The streaming text's front over time: where `visible` stands while text keeps arriving.
///
/// Each change of the text starts a linear run of the front to `count + fade`. As in SwiftUI, a
/// run that starts while another is still moving adds to it instead of replacing it, so a burst
/// of chunks reads as one smooth sweep. The front is a pure function of the changes and the time.
package struct StreamingFront: Sendable, Equatable {
  /// One linear run: it moves the front by `distance` characters over `duration` seconds.
  struct Run: Sendable, Equatable {
    var start: Double
    var duration: Double
    var distance: Double
  }

  /// How long a finished run is kept, so that the front can be read that far back: a view
  /// easing towards where the front was (`StreamingScroll`) reads it over the last
  /// quarter of a second.
  package static let memory = 1.0

  package var charactersPerSecond: Double
  package var fade: Double
  /// Where the front ends once every run has finished.
  package private(set) var target: Double
  private var runs: [Run] = []

  package init(
    charactersPerSecond: Double = StreamingMath.defaultCharactersPerSecond,
    fade: Double = StreamingMath.defaultFade
  ) {
    self.charactersPerSecond = charactersPerSecond
    self.fade = max(fade, 0)
    target = 0
  }

  /// Where the front is at `time`.
  package func visible(at time: Double) -> Double {
    var value = target
    for run in runs {
      let progress = run.duration > 0 ? min(max((time - run.start) / run.duration, 0), 1) : 1
      value -= run.distance * (1 - progress)
    }
    return value
  }

  /// Whether the front still moves at `time` (a screen at rest needs no redraw).
  package func isMoving(at time: Double) -> Bool {
    runs.contains { time < $0.start + $0.duration }
  }

  /// The text changed from `old` to `new` at `time`. Text that was replaced rather than extended
  /// starts again from the prefix the two share.
  package mutating func textChanged(from old: String, to new: String, at time: Double) {
    let kept = Double(StreamingMath.sharedPrefix(old, new))
    if kept < Double(old.count) {
      target = min(visible(at: time), kept)
      runs.removeAll()
    }
    textExtended(to: new.count, at: time)
  }

  /// The text grew to `count` characters at `time`, keeping all it had: no text to compare.
  package mutating func textExtended(to count: Int, at time: Double) {
    runs.removeAll { time >= $0.start + $0.duration + Self.memory }
    // The front ends past the last character, so that one becomes whole too.
    let newTarget = Double(count) + fade
    let distance = newTarget - target
    guard distance != 0 else { return }
    runs.append(
      Run(
        start: time,
        duration: StreamingMath.duration(for: distance, charactersPerSecond: charactersPerSecond),
        distance: distance))
    target = newTarget
  }
}
