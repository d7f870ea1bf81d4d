import Testing
import TextEffectsTestSupport

@testable import TextEffects

@Suite struct GlitchScheduleTests {
  /// fract(sin(t × 12.9898 + s × 78.233) × 43758.5453), computed independently with Python.
  @Test(arguments: [
    (0, 1.0, 0.1829163520505972), (0, 2.0, 0.027104793796752347),
    (1, 11.0, 0.008267846053058747), (5, 22.0, 0.06989628908922896),
    (30, 21.0, 0.9070308870875579), (12345, 12.0, 0.06369187279778998),
  ])
  func noiseMatchesTheSeed(tick: Int, seed: Double, expected: Double) {
    #expect(abs(GlitchSchedule.noise(tick, seed: seed) - expected) < 1e-9)
  }

  @Test func noiseStaysInUnitInterval() {
    for tick in 0..<5000 {
      let value = GlitchSchedule.noise(tick, seed: 1)
      #expect(value >= 0 && value < 1)
    }
  }

  @Test func twelveTicksASecond() {
    let ticks = [0.0, 0.0833, 1.0 / 12, 1.0, 2.5, -1, .nan].map { GlitchSchedule.tick(at: $0) }
    #expect(ticks == [0, 0, 1, 12, 30, 0, 0])
  }

  @Test func burstIsTicksZeroToNineOfEveryThirty() {
    let bursting = (0..<61).filter { GlitchSchedule.isBursting(tick: $0, reduceMotion: false) }
    #expect(bursting == Array(0...9) + Array(30...39) + [60])
  }

  @Test func reduceMotionNeverBursts() {
    #expect((0..<60).allSatisfy { !GlitchSchedule.isBursting(tick: $0, reduceMotion: true) })
  }

  @Test func copiesRestSplitAndVisibleOutsideABurst() {
    let first = GlitchSchedule.placement(tick: 15, seed: 1, restingOffset: -0.3, isBursting: false)
    #expect(first == GlitchPlacement(x: -0.3, y: 0, isVisible: true))
  }

  @Test func burstPlacementFollowsTheNoise() {
    let placement = GlitchSchedule.placement(
      tick: 5, seed: 2, restingOffset: 0.3, isBursting: true)
    #expect(abs(placement.x - (0.5378593164859922 - 0.5) * 2) < 1e-9)
    #expect(abs(placement.y - (0.28146693431335734 - 0.5) * 0.8) < 1e-9)
    #expect(!placement.isVisible)  // noise(5, 22) = 0.0699 is not above 0.2
    let first = GlitchSchedule.placement(tick: 5, seed: 1, restingOffset: -0.3, isBursting: true)
    #expect(first.isVisible)  // noise(5, 21) = 0.577
  }
}
