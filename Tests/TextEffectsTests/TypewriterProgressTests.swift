import Testing
import TextEffectsTestSupport

@testable import TextEffects

@Suite struct TypewriterProgressTests {
  @Test func emptyTextShowsNothing() {
    #expect(TypewriterProgress.visibleCount(elapsed: 5, charactersPerSecond: 20, total: 0) == 0)
  }

  @Test(arguments: [0.0, -3.0])
  func speedOfZeroOrLessShowsEverything(speed: Double) {
    #expect(
      TypewriterProgress.visibleCount(elapsed: 0, charactersPerSecond: speed, total: 7) == 7)
  }

  @Test func typesFloorOfElapsedTimesSpeed() {
    let counts = [0.0, 0.049, 0.05, 0.0999, 0.1, 0.999, 1.0].map {
      TypewriterProgress.visibleCount(elapsed: $0, charactersPerSecond: 20, total: 100)
    }
    #expect(counts == [0, 0, 1, 1, 2, 19, 20])
  }

  @Test func clampsToTheTotal() {
    #expect(TypewriterProgress.visibleCount(elapsed: 9, charactersPerSecond: 20, total: 37) == 37)
    #expect(
      TypewriterProgress.visibleCount(elapsed: 1.85, charactersPerSecond: 20, total: 37) == 37)
    #expect(
      TypewriterProgress.visibleCount(elapsed: 1.849, charactersPerSecond: 20, total: 37) == 36)
  }

  @Test func negativeOrNaNTimeShowsNothing() {
    #expect(TypewriterProgress.visibleCount(elapsed: -1, charactersPerSecond: 20, total: 5) == 0)
    #expect(
      TypewriterProgress.visibleCount(elapsed: .nan, charactersPerSecond: 20, total: 5) == 0)
  }

  @Test func cursorShowsWhileTyping() {
    #expect(TypewriterProgress.isCursorVisible(elapsed: 0.75, visibleCount: 3, total: 10))
  }

  @Test func cursorBlinksHalfASecondOnHalfOffOnceTyped() {
    let times = [2.0, 2.49, 2.5, 2.99, 3.0, 3.5]
    let shown = times.map {
      TypewriterProgress.isCursorVisible(elapsed: $0, visibleCount: 10, total: 10)
    }
    #expect(shown == [true, true, false, false, true, false])
  }
}
