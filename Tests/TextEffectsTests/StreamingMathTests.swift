import Testing
import TextEffectsTestSupport

@testable import TextEffects

@Suite struct StreamingMathTests {
  @Test func opacityRampsOverTheFade() {
    let values = [0.0, 5, 9, 10, 14, 20].map {
      StreamingMath.opacity(of: $0, visible: 15, fade: 10)
    }
    #expect(values == [1, 1, 0.6, 0.5, 0.1, 0])
  }

  @Test(arguments: [0.0, -2.0])
  func noFadeIsAStep(fade: Double) {
    #expect(StreamingMath.opacity(of: 4, visible: 5, fade: fade) == 1)
    #expect(StreamingMath.opacity(of: 5, visible: 5, fade: fade) == 0)
  }

  @Test func durationIsCharactersOverSpeedWithinLimits() {
    let durations = [8.0, 12, 40, 120, 200].map {
      StreamingMath.duration(for: $0, charactersPerSecond: 80)
    }
    #expect(durations == [0.15, 0.15, 0.5, 1.5, 1.5])
  }

  @Test func durationOfNothingOrNoSpeedIsTheShortest() {
    #expect(StreamingMath.duration(for: 0, charactersPerSecond: 80) == 0.15)
    #expect(StreamingMath.duration(for: -4, charactersPerSecond: 80) == 0.15)
    #expect(StreamingMath.duration(for: 40, charactersPerSecond: 0) == 0.15)
  }

  @Test func sharedPrefixCountsCharacters() {
    #expect(StreamingMath.sharedPrefix("abc", "abd") == 2)
    #expect(StreamingMath.sharedPrefix("", "abc") == 0)
    #expect(StreamingMath.sharedPrefix("abc", "abc def") == 3)
    // "é" as e + combining acute is one Character, unequal to a bare "e".
    #expect(StreamingMath.sharedPrefix("cafe\u{301}s", "cafes") == 3)
    #expect(StreamingMath.sharedPrefix("🇫🇷🇩🇪", "🇫🇷🇮🇹") == 1)
  }
}
