import Glibc

/// The glitch seed's schedule and noise: 12 ticks a second, a burst in ticks 0-9 of every 30.
package enum GlitchSchedule {
  package static let ticksPerSecond = 12.0
  package static let burstTicks = 10
  package static let cycleTicks = 30
  /// How far a copy may jump, in points at the large-title size; it scales with the text.
  package static let maxOffset = 7.0
  /// The text style `maxOffset` is scaled relative to (the seed's `@ScaledMetric(relativeTo:)`).
  package static let maxOffsetReferenceSize = 34.0

  /// The tick at `time` seconds after the scene started.
  package static func tick(at time: Double) -> Int {
    let ticks = (time * ticksPerSecond).rounded(.down)
    guard ticks.isFinite, ticks > 0 else { return 0 }
    return ticks >= Double(Int.max / 2) ? Int.max / 2 : Int(ticks)
  }

  /// Whether the copies jump at `tick`; with Reduce Motion they never do.
  package static func isBursting(tick: Int, reduceMotion: Bool) -> Bool {
    !reduceMotion && tick % cycleTicks < burstTicks
  }

  /// When the copies next move after `time`: the next tick in a burst (or while forced), else
  /// the start of the next burst; nothing moves between bursts.
  package static func nextChange(after time: Double, isForced: Bool) -> Double {
    let tick = tick(at: time)
    if isForced || isBursting(tick: tick, reduceMotion: false) {
      return Double(tick + 1) / ticksPerSecond
    }
    return Double((tick / cycleTicks + 1) * cycleTicks) / ticksPerSecond
  }

  /// A repeatable pseudo-random value in 0..<1: fract(sin(tick × 12.9898 + seed × 78.233) × 43758.5453).
  package static func noise(_ tick: Int, seed: Double) -> Double {
    let value = sin(Double(tick) * 12.9898 + seed * 78.233) * 43_758.5453
    return value - value.rounded(.down)
  }

  /// Where one coloured copy sits at `tick`, in units of `maxOffset`, and whether it shows.
  ///
  /// In a burst the copy jumps to a noise-picked place and hides now and then; outside a burst
  /// it rests at `restingOffset`, still and fully visible.
  package static func placement(
    tick: Int, seed: Double, restingOffset: Double, isBursting: Bool
  ) -> GlitchPlacement {
    guard isBursting else { return GlitchPlacement(x: restingOffset, y: 0, isVisible: true) }
    return GlitchPlacement(
      x: (noise(tick, seed: seed) - 0.5) * 2,
      y: (noise(tick, seed: seed + 10) - 0.5) * 0.8,
      isVisible: noise(tick, seed: seed + 20) > 0.2)
  }
}

extension GlitchSchedule {
  /// Where the two copies sit at `tick`: the first (seed 1) rests left, the second (seed 2)
  /// right, and both jump while a burst runs, by the schedule or `isForced` (Reduce Motion
  /// still wins).
  package static func placements(
    tick: Int, reduceMotion: Bool, isForced: Bool = false
  ) -> (first: GlitchPlacement, second: GlitchPlacement) {
    let isBursting =
      isBursting(tick: tick, reduceMotion: reduceMotion) || (isForced && !reduceMotion)
    return (
      placement(tick: tick, seed: 1, restingOffset: -0.3, isBursting: isBursting),
      placement(tick: tick, seed: 2, restingOffset: 0.3, isBursting: isBursting)
    )
  }
}

/// One copy's offset, in units of the glitch's `maxOffset`, and whether it is drawn.
package struct GlitchPlacement: Equatable, Sendable {
  package var x: Double
  package var y: Double
  package var isVisible: Bool

  package init(x: Double, y: Double, isVisible: Bool) {
    self.x = x
    self.y = y
    self.isVisible = isVisible
  }
}
