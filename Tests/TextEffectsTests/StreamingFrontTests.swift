import Testing
import TextEffectsTestSupport

@testable import TextEffects

@Suite struct StreamingFrontTests {
  /// The first chunk: the front runs from 0 to count + fade linearly.
  @Test func firstChunkRunsLinearlyToCountPlusFade() {
    var front = StreamingFront()
    front.textChanged(from: "", to: String(repeating: "a", count: 30), at: 1)
    // 40 characters at 80 per second: half a second.
    #expect(front.target == 40)
    #expect(front.visible(at: 1) == 0)
    #expect(front.visible(at: 1.25) == 20)
    #expect(front.visible(at: 1.5) == 40)
    #expect(front.visible(at: 9) == 40)
    #expect(front.isMoving(at: 1.49))
    #expect(!front.isMoving(at: 1.5))
  }

  /// A chunk landing mid-run adds its own run: no jump, and the sweep goes on to the new end.
  @Test func runsAddUpWithoutAJump() {
    var front = StreamingFront()
    let first = String(repeating: "a", count: 30)
    let second = first + String(repeating: "b", count: 40)
    front.textChanged(from: "", to: first, at: 0)
    let before = front.visible(at: 0.25)
    front.textChanged(from: first, to: second, at: 0.25)
    #expect(front.visible(at: 0.25) == before)
    // Run 1: 40 over 0.5 s; run 2: 40 over 0.5 s from 0.25 s.
    #expect(front.visible(at: 0.5) == 40 + 20)
    #expect(front.visible(at: 0.75) == 80)
    #expect(front.target == 80)
  }

  @Test func replacedTextRestartsFromTheSharedPrefix() {
    var front = StreamingFront()
    front.textChanged(from: "", to: "hello world", at: 0)
    front.textChanged(from: "hello world", to: "hello there", at: 5)
    #expect(front.visible(at: 5) == 6)  // "hello " is kept
    #expect(front.visible(at: 5 + StreamingMath.duration(for: 15, charactersPerSecond: 80)) == 21)
  }

  @Test func replacingBeforeTheFrontArrivedKeepsWhatWasShown() {
    var front = StreamingFront()
    front.textChanged(from: "", to: String(repeating: "a", count: 70), at: 0)
    // At 0.1 s the front is at 8: nothing past that was shown, so it does not pop in.
    front.textChanged(from: String(repeating: "a", count: 70), to: "aaaaaaaaaaaaaaaaaaab", at: 0.1)
    #expect(front.visible(at: 0.1) == 8)
  }

  @Test func unchangedTextStartsNoRun() {
    var front = StreamingFront()
    front.textChanged(from: "", to: "abc", at: 0)
    front.textChanged(from: "abc", to: "abc", at: 3)
    #expect(!front.isMoving(at: 3))
    #expect(front.visible(at: 3) == 13)
  }
}
