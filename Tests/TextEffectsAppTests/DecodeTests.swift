import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The decode effect: characters cycle through random glyphs, then settle left to right.
@Suite struct DecodeTests {
  /// The glyphs of a decode frame, in drawing order.
  func glyphs(
    at time: Double, text: String? = nil, settings base: SceneSettings = SceneSettings()
  ) -> [GlyphDraw] {
    var settings = base
    if let text { settings.customText = text }
    return frame(.decode, at: time, settings: settings).glyphs
  }

  @Test func charactersSettleLeftToRightAtASteadyRate() {
    let count = { (elapsed: Double) in
      DecodeSchedule.settledCount(elapsed: elapsed, charactersPerSecond: 24, total: 100)
    }
    // Half a second of scramble, then one character every 1/24 s.
    #expect(count(0) == 0 && count(0.499) == 0)
    #expect(count(0.5) == 1)
    #expect(count(0.5 + 10.0 / 24 + 1e-9) == 11)
    #expect(count(0.5 + 99.0 / 24 + 1e-9) == 100 && count(1000) == 100)
    #expect(count(.nan) == 0 && count(-.infinity) == 0)
    for index in 1..<100 {
      let step =
        DecodeSchedule.settleTime(of: index, charactersPerSecond: 24)
        - DecodeSchedule.settleTime(of: index - 1, charactersPerSecond: 24)
      #expect(abs(step - 1.0 / 24) < 1e-12)
    }
    // No speed settles everything at once, as a typewriter that never types shows it all.
    #expect(DecodeSchedule.settledCount(elapsed: 0, charactersPerSecond: 0, total: 7) == 7)
  }

  @Test func glyphsAreAFunctionOfSeedCharacterAndTick() {
    let first = (0..<64).map { DecodeSchedule.glyph(index: $0, tick: 3, seed: 0) }
    #expect(first == (0..<64).map { DecodeSchedule.glyph(index: $0, tick: 3, seed: 0) })
    let nextTick = (0..<64).map { DecodeSchedule.glyph(index: $0, tick: 4, seed: 0) }
    let otherSeed = (0..<64).map { DecodeSchedule.glyph(index: $0, tick: 3, seed: 1) }
    // A uniform pick among 76 glyphs repeats about one time in 76: most must differ.
    #expect(zip(first, nextTick).filter { $0 != $1 }.count > 56)
    #expect(zip(first, otherSeed).filter { $0 != $1 }.count > 56)
    #expect(Set(first).count > 30)
    #expect(first.allSatisfy(DecodeSchedule.glyphs.contains))
  }

  @Test func theSameSeedAndTimeDrawTheSameFrame() {
    var seeded = SceneSettings()
    seeded.seed = 42
    let texts = { (settings: SceneSettings) in self.glyphs(at: 0.73, settings: settings).map(\.text)
    }
    #expect(texts(seeded) == texts(seeded))
    #expect(texts(seeded) != texts(SceneSettings()))
  }

  @Test func settledCharactersAreThemselvesAndTheRestCycleInGreen() {
    let text = "ACCESS GRANTED"
    let at1s = glyphs(at: 0.5 + 5.0 / 24 + 1e-6, text: text)  // six settled
    #expect(at1s.count == 13)  // the space draws nothing
    #expect(at1s.prefix(6).map(\.text).joined() == "ACCESS")
    #expect(at1s.prefix(6).allSatisfy { $0.color == .white })
    let green = SystemColor.green.color(in: .dark)
    #expect(at1s.dropFirst(6).allSatisfy { $0.color == green })
    #expect(glyphs(at: 3, text: text).map(\.text).joined() == "ACCESSGRANTED")
  }

  @Test func reduceMotionShowsTheSettledTextAndNeverWakes() {
    let still = SceneSettings(reduceMotion: true)
    for time in [0.0, 0.2, 0.7, 5] {
      #expect(glyphs(at: time, text: "Hi there", settings: still).map(\.text).joined() == "Hithere")
    }
    let scene = SceneKind.decode.makeScene(settings: still, fonts: FakeMonospaceMetrics()).scene
    #expect(scene.nextChange(after: 0) == nil)
  }

  /// Each glyph keeps the place of the character it stands for: the text never reflows.
  @Test func cyclingGlyphsKeepTheSettledLayout() {
    let text = "Decoding wraps\nacross lines, then settles where it will stay."
    let settled = glyphs(at: 10, text: text).map(\.origin)
    for time in stride(from: 0.0, through: 3.5, by: 0.05) {
      #expect(glyphs(at: time, text: text).map(\.origin) == settled, "at \(time) s")
    }
  }

  /// A cluster (an accent, a flag, a family, a skin tone, Devanagari) cycles as one glyph and
  /// settles as itself: its own glyphs, which the stand-in font shapes as one, numbered by the
  /// cluster's first scalar.
  @Test func eachGraphemeClusterCyclesAsOneGlyph() {
    let clusters = ["e\u{301}", "🇫🇷", "👨‍👩‍👧", "👍🏽", "नि", "Z\u{351}\u{352}\u{353}"]
    let text = clusters.joined()
    #expect(glyphs(at: 0.1, text: text).count == clusters.count)
    #expect(
      glyphs(at: 0.1, text: text).allSatisfy {
        $0.text.count == 1 && $0.text.unicodeScalars.count == 1
      })
    #expect(
      glyphs(at: 5, text: text).map(\.text) == clusters.map { String($0.unicodeScalars.first!) })
  }

  @Test func wakesForEachGlyphChangeAndSettleThenSleepsUntilTheNextRun() {
    let scene = SceneKind.decode.makeScene(
      settings: SceneSettings(), fonts: FakeMonospaceMetrics()
    ).scene
    let near = { (value: Double?, expected: Double) in
      value.map { abs($0 - expected) < 1e-9 } ?? false
    }
    #expect(near(scene.nextChange(after: 0), 0.05))  // the next glyph change
    #expect(near(scene.nextChange(after: 0.49), 0.5))  // the first character settles
    #expect(near(scene.nextChange(after: 0.51), 0.5 + 1.0 / 24))  // then the second
    // Settled: asleep through the hold, awake when the scramble starts again.
    let count = DecodeScene.demoText.count
    let period = 0.5 + Double(count - 1) / 24 + DecodeSchedule.holdTime
    #expect(near(scene.nextChange(after: period - 1), period))
    #expect(glyphs(at: period + 0.01).map(\.text) == glyphs(at: 0.01).map(\.text))
  }

  /// Every change the scene says it waits for is one: frames between two wake-ups are equal.
  @Test func framesBetweenWakeUpsAreEqual() {
    let scene = SceneKind.decode.makeScene(
      settings: SceneSettings(), fonts: FakeMonospaceMetrics()
    ).scene
    var time = 0.0
    // Three runs of the demo: the scramble, the settling, the hold, and again.
    while time < 16 {
      let next = try! #require(scene.nextChange(after: time))
      #expect(next > time)
      let mid = glyphs(at: (time + next) / 2).map(\.text)
      #expect(glyphs(at: time).map(\.text) == mid, "between \(time) and \(next)")
      time = next
    }
  }
}
