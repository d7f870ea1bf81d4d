import TextEffects

/// Time since the scene started, from a "now" the window passes in: the core never reads a
/// clock itself. It can pause, resume and restart.
package struct SceneClock: Equatable, Sendable {
  private var start: Double
  private var pausedAt: Double?

  package init(startingAt now: Double) {
    start = now
  }

  package var isPaused: Bool { pausedAt != nil }

  /// Seconds of scene time at `now`; it stands still while paused.
  package func time(at now: Double) -> Double {
    max((pausedAt ?? now) - start, 0)
  }

  package mutating func pause(at now: Double) {
    if pausedAt == nil { pausedAt = now }
  }

  package mutating func resume(at now: Double) {
    guard let pausedAt else { return }
    start += now - pausedAt
    self.pausedAt = nil
  }

  /// Back to 0, still paused if it was.
  package mutating func restart(at now: Double) {
    start = now
    if pausedAt != nil { pausedAt = now }
  }
}
