/// Time since the scene started, from a "now" the window passes in: the core never reads a
/// clock itself. It can pause, resume and restart.
public struct SceneClock: Equatable, Sendable {
  private var start: Double
  private var pausedAt: Double?

  public init(startingAt now: Double) {
    start = now
  }

  public var isPaused: Bool { pausedAt != nil }

  /// Seconds of scene time at `now`; it stands still while paused.
  public func time(at now: Double) -> Double {
    max((pausedAt ?? now) - start, 0)
  }

  public mutating func pause(at now: Double) {
    if pausedAt == nil { pausedAt = now }
  }

  public mutating func resume(at now: Double) {
    guard let pausedAt else { return }
    start += now - pausedAt
    self.pausedAt = nil
  }

  /// Back to 0, still paused if it was.
  public mutating func restart(at now: Double) {
    start = now
    if pausedAt != nil { pausedAt = now }
  }
}
