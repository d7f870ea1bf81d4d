import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// A screen at rest is not redrawn: each scene says when its next pixel changes.
@Suite struct NextChangeTests {
  func scene(_ kind: SceneKind, _ settings: SceneSettings = SceneSettings()) -> any Scene {
    kind.makeScene(settings: settings, fonts: FakeMonospaceMetrics()).scene
  }

  func close(_ value: Double?, _ expected: Double) -> Bool {
    value.map { abs($0 - expected) < 1e-9 } ?? false
  }

  @Test func typewriterWakesForEachCharacterThenEachBlinkThenTheNextLine() {
    let typewriter = scene(.typewriter)
    #expect(close(typewriter.nextChange(after: 0.51), 0.55))  // the 11th character
    #expect(close(typewriter.nextChange(after: 2.1), 2.5))  // typed: the cursor blinks off
    #expect(close(typewriter.nextChange(after: 3.0), 3.2))  // then the next line
    let still = scene(.typewriter, SceneSettings(reduceMotion: true))
    #expect(close(still.nextChange(after: 1), 3.2))
  }

  @Test func typewriterNeverAsksForMoreThanThirtyFramesASecond() {
    var fast = SceneSettings()
    fast[TypewriterSettings.self].charactersPerSecond = 120
    let typewriter = scene(.typewriter, fast)
    #expect(close(typewriter.nextChange(after: 0.1), 0.1 + 1.0 / 30))
  }

  @Test func glitchWakesEachTickInABurstAndSleepsThroughTheRest() throws {
    // The glitch is made holdable: the showcase reaches its burst through what was made.
    let glitch = try #require(
      SceneKind.glitch.makeScene(settings: SceneSettings(), fonts: FakeMonospaceMetrics()).holdable)
    #expect(close(glitch.nextChange(after: 0.1), 2.0 / 12))
    #expect(close(glitch.nextChange(after: 1.0), 2.5))  // tick 12 rests until tick 30
    glitch.isHeld = true
    #expect(close(glitch.nextChange(after: 1.0), 13.0 / 12))
    #expect(scene(.glitch, SceneSettings(reduceMotion: true)).nextChange(after: 1) == nil)
  }

  @Test func streamingDrawsEveryFrameWhileTheFrontMovesThenWaitsForText() {
    let streaming = StreamingScene(
      settings: SceneSettings(), layouts: Typesetter(fonts: FakeMonospaceMetrics()))
    let first = streaming.chunks.arrivals[0].time
    #expect(close(streaming.nextChange(after: 0.01), first))  // nothing moving yet
    #expect(streaming.nextChange(after: first + 0.01) == first + 0.01)  // moving: every frame
    #expect(streaming.nextChange(after: 60) == nil)  // all in, settled
  }

  @Test func showcaseSleepsWhilePausedOrHeld() {
    let show = showcase(.glitch)
    #expect(show.nextRedraw(after: 100.1) != nil)
    show.perform(.togglePause, at: 100.1)
    #expect(show.nextRedraw(after: 101) == nil)
    let held = Showcase(
      scene: .typewriter, settings: SceneSettings(), showsChrome: true,
      fonts: FakeMonospaceMetrics(), now: 0, frozenAt: 1)
    #expect(held.nextRedraw(after: 5) == nil)
  }
}
