import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The newest text stays in view: once a streamed answer passes the view's bottom, the view
/// scrolls a third of its height at a time, eased over a quarter of a second, as a pure
/// function of the time.
@Suite(.threadOfItsOwn(.computing)) struct StreamingFollowTests {
  /// Twenty lines of ten characters, 12 points tall and 3 apart: line n's bottom is 15n + 12.
  static let twentyLines = TextLayout(
    text: String(repeating: "abcdefghi ", count: 20), font: testFont,
    fonts: FakeMonospaceMetrics(), width: 100, lineSpacing: 3, fillsWidth: true)

  @Test func nothingMovesWhileTheTextFits() {
    let scroll = StreamingScroll(viewHeight: 120, lineAdvance: 15)
    #expect(Self.twentyLines.lines.count == 20)
    // The front on line 7 (characters 70 to 79): its bottom, 117, is in the view.
    #expect(scroll.needed(for: Self.twentyLines, front: 79.5) == 0)
  }

  /// The front on line 8 (bottom 132) needs 12 points: one step of 40; line 10 (bottom 162)
  /// needs 42: two steps; the front past the end counts as on the last line.
  @Test func itScrollsAThirdOfTheViewAtATime() {
    let scroll = StreamingScroll(viewHeight: 120, lineAdvance: 15)
    #expect(scroll.step == 40)
    #expect(scroll.needed(for: Self.twentyLines, front: 80) == 40)
    #expect(scroll.needed(for: Self.twentyLines, front: 100) == 80)
    #expect(scroll.needed(for: Self.twentyLines, front: 1_000) == 200)
    // A view shorter than three lines steps a line at a time.
    #expect(StreamingScroll(viewHeight: 30, lineAdvance: 15).step == 15)
  }

  /// A step taken at 1 s eases in over a quarter second, smoothstep-shaped: a quarter of the
  /// way through it has gone 15.625%, half way half, and it rests at the end.
  @Test func aStepEasesInAndOut() {
    let needed = { (time: Double) in time < 1 ? 0.0 : 40 }
    #expect(StreamingScroll.offset(at: 0.9, needed: needed) == 0)
    #expect(abs(StreamingScroll.offset(at: 1.0625, needed: needed) - 6.25) < 0.2)
    #expect(abs(StreamingScroll.offset(at: 1.125, needed: needed) - 20) < 0.2)
    #expect(StreamingScroll.offset(at: 1.25, needed: needed) == 40)
    #expect(StreamingScroll.offset(at: 3, needed: needed) == 40)
    let path = stride(from: 0.95, through: 1.3, by: 0.01).map {
      StreamingScroll.offset(at: $0, needed: needed)
    }
    #expect(zip(path, path.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(StreamingScroll.isMoving(at: 1.1, needed: needed))
    #expect(!StreamingScroll.isMoving(at: 1.3, needed: needed))
  }

  /// Two steps close together add up: the second starts from where the first has got to.
  @Test func stepsCloseTogetherAddUp() {
    let needed = { (time: Double) in time < 1 ? 0.0 : time < 1.1 ? 40 : 80 }
    #expect(abs(StreamingScroll.offset(at: 1.25, needed: needed) - (40 + 40 * 0.648)) < 0.5)
    #expect(StreamingScroll.offset(at: 1.35, needed: needed) == 80)
  }

  // MARK: The scene

  /// A long answer as a model sends it: a few words every 30 ms for 20 s, a paragraph now and
  /// then, about 4,000 characters.
  static let longTrace = trace(steps: 660)

  /// A few words every 30 ms, `steps` times, a paragraph every 60, then " END" 0.2 s later.
  static func trace(steps: Int) -> StreamingTrace {
    var random = SeededRandom(seed: 31)
    let words = ["the", "answer", "keeps", "coming", "in", "pieces", "while", "people", "read"]
    var arrivals: [StreamingTrace.Arrival] = []
    for step in 0..<steps {
      var piece = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        " " + words.randomElement(using: &random)!
      }.joined()
      if step % 60 == 59 { piece += ".\n" }
      arrivals.append(.init(time: Double(step) * 0.03, text: piece))
    }
    arrivals.append(.init(time: Double(steps) * 0.03 + 0.2, text: " END"))
    return StreamingTrace(arrivals: arrivals)
  }

  static func scene(_ trace: StreamingTrace = longTrace) -> StreamingScene {
    var settings = SceneSettings()
    settings[StreamingSettings.self].trace = trace
    return StreamingScene(
      settings: settings, layouts: Typesetter(fonts: FakeMonospaceMetrics()))
  }

  static let bounds = Rect(origin: .zero, size: Size(width: 600, height: 400))

  static func draw(_ scene: StreamingScene, at time: Double) -> [DrawList.Command] {
    drawn(scene, at: time, in: bounds).commands
  }

  /// The glyphs a frame draws, by their place.
  static func glyphs(_ commands: [DrawList.Command]) -> [GlyphDraw] {
    commands.compactMap {
      guard case .glyph(let glyph) = $0 else { return nil }
      return glyph
    }
  }

  /// At the end the last word is on screen, inside the frame, and no answer glyph stands
  /// above the question's bubble: the lines that left went out at the top.
  @Test func theLastWordsAreInView() {
    let scene = Self.scene()
    let glyphs = Self.glyphs(Self.draw(scene, at: 30))
    let end = glyphs.filter { $0.glyph == UInt32(("E" as Unicode.Scalar).value) }
    #expect(!end.isEmpty)
    #expect(end.allSatisfy { $0.origin.y > 0 && $0.origin.y + 12 <= Self.bounds.maxY })
    #expect(glyphs.allSatisfy { $0.origin.y >= 20 })
    #expect(scene.nextChange(after: 30) == nil)
  }

  /// Every frame is a function of its time: a scene drawn 30 times a second up to t and a
  /// scene drawn first at t draw the same, mid-scroll included.
  @Test func aFrameIsTheSameHoweverItWasReached() {
    let played = Self.scene()
    var mismatches: [Double] = []
    var scrolled = 0
    for frame in 0...660 {
      let time = Double(frame) / 30
      let seen = Self.draw(played, at: time)
      if frame % 20 == 7 {
        let fresh = Self.draw(Self.scene(), at: time)
        if fresh != seen { mismatches.append(time) }
      }
      if played.nextChange(after: time) == time { scrolled += 1 }
    }
    #expect(mismatches.isEmpty, "differs at \(mismatches)")
    #expect(scrolled > 0)
  }

  /// A frame recorded into the list of the frame before, whose layers repeat the commands of
  /// the lines it drew whole, records the same commands as one drawn into a fresh list; and
  /// most frames of a long answer do repeat most of their commands.
  @Test func repeatedLinesAreTheLinesDrawnAgain() {
    let played = Self.scene()
    let fresh = Self.scene()
    let list = DrawList()
    var mismatches: [Double] = []
    var repeating = 0
    for frame in 0...1_200 {
      let time = Double(frame) / 60
      list.reset(background: played.background)
      played.draw(at: time, in: Self.bounds, pointer: PointerState(), into: list)
      if list.commands != Self.draw(fresh, at: time) { mismatches.append(time) }
      if list.repeatedStart * 2 > list.commands.count { repeating += 1 }
    }
    #expect(mismatches.isEmpty, "differs at \(mismatches.prefix(10))")
    #expect(repeating > 600, "\(repeating) frames repeated most of their commands")
    // A frame drawn into another list between repeats only lines drawn the same: a line's
    // version says when it last changed, whichever list saw the change.
    for time in [21.0, 23.5, 26] {
      _ = Self.draw(played, at: time)
      list.reset(background: played.background)
      played.draw(at: time + 1.0 / 60, in: Self.bounds, pointer: PointerState(), into: list)
      #expect(list.commands == Self.draw(fresh, at: time + 1.0 / 60))
    }
  }

  /// Two answers shown one after the other in one list (a kiosk's items, each a scene of its
  /// own), the second alike in all but its letters, never take each other's lines: a line's
  /// version is numbered across scenes.
  @Test func anotherScenesLinesAreNotRepeated() {
    var settings = SceneSettings()
    settings[StreamingSettings.self].trace = StreamingTrace(
      arrivals: Self.longTrace.arrivals.map { .init(time: $0.time, text: $0.text.uppercased()) })
    let scene = {
      StreamingScene(settings: settings, layouts: Typesetter(fonts: FakeMonospaceMetrics()))
    }
    let first = Self.scene()
    let second = scene()
    let list = DrawList()
    for time in [1.0, 2, 6, 12, 18] {
      list.reset(background: first.background)
      first.draw(at: time, in: Self.bounds, pointer: PointerState(), into: list)
      list.reset(background: second.background)
      second.draw(at: time, in: Self.bounds, pointer: PointerState(), into: list)
      #expect(list.commands == Self.draw(scene(), at: time), "at \(time)")
    }
  }

  /// Whenever a frame differs from the one before, the scene had asked for it: while the
  /// view eases and the front moves it wants every frame, and it is never left stale.
  @Test func noChangeComesUnasked() {
    let scene = Self.scene()
    var previous = Self.draw(scene, at: 0)
    var asked = scene.nextChange(after: 0)
    var moved = 0
    for frame in 1...700 {
      let time = Double(frame) / 30
      let seen = Self.draw(scene, at: time)
      if seen != previous {
        moved += 1
        #expect(asked.map { $0 <= time } ?? false, "a change at \(time) was not asked for")
      }
      previous = seen
      asked = scene.nextChange(after: time)
    }
    #expect(moved > 300)
    #expect(scene.nextChange(after: 700 / 30) == nil)
  }

  /// With Reduce Motion the view moves to the newest line at once, without easing.
  @Test func reduceMotionScrollsAtOnce() {
    var settings = SceneSettings(reduceMotion: true)
    settings[StreamingSettings.self].trace = Self.longTrace
    let scene = StreamingScene(
      settings: settings, layouts: Typesetter(fonts: FakeMonospaceMetrics()))
    for frame in 0...600 {
      let time = Double(frame) / 30
      _ = Self.draw(scene, at: time)
      #expect(scene.nextChange(after: time) != time, "at \(time)")
    }
  }

  /// Scrolled back to the start, the view stays there while the answer goes on below it; End
  /// follows the front again, and so does a page back and a page forth.
  @Test func aPersonScrollsBackAndReturns() {
    let scene = Self.scene()
    _ = Self.draw(scene, at: 10)
    scene.scroll(.start, at: 10)
    let top = Self.glyphs(Self.draw(scene, at: 10))
    let later = Self.glyphs(Self.draw(scene, at: 12))
    #expect(!top.isEmpty && top == Array(later.prefix(top.count)))
    #expect(top != Self.glyphs(Self.draw(Self.scene(), at: 12)))
    scene.scroll(.end, at: 12)
    #expect(Self.draw(scene, at: 13) == Self.draw(Self.scene(), at: 13))
    _ = Self.draw(scene, at: 14)
    scene.scroll(.pages(-1), at: 14)
    #expect(Self.draw(scene, at: 14) != Self.draw(Self.scene(), at: 14))
    scene.scroll(.pages(1), at: 14)
    #expect(Self.draw(scene, at: 14) == Self.draw(Self.scene(), at: 14))
    _ = Self.draw(scene, at: 25)
    scene.scroll(.lines(-3), at: 25)
    #expect(Self.draw(scene, at: 25) != Self.draw(Self.scene(), at: 25))
    scene.scroll(.lines(1_000), at: 25)
    #expect(Self.draw(scene, at: 25) == Self.draw(Self.scene(), at: 25))
  }

  /// An answer long enough that its layout lets go of the slices of lines far above the view
  /// (`TextLayout.Slices`): every frame is drawn as a scene drawn first at its time draws it;
  /// scrolled back to the start, the first lines show as that scene shows them, laid out whole
  /// again; followed again, the slices above are let go of as the answer grows.
  @Test func aLongAnswerHoldsTheSlicesNearItsView() throws {
    let trace = Self.trace(steps: 3_000)
    let played = Self.scene(trace)
    var mismatches: [Double] = []
    var mostHeld = 0
    for frame in 0...930 {
      let time = Double(frame) / 10
      let seen = Self.draw(played, at: time)
      mostHeld = max(mostHeld, played.streamed.lastLayout?.slices.count ?? 0)
      if frame % 150 == 149, Self.draw(Self.scene(trace), at: time) != seen {
        mismatches.append(time)
      }
    }
    #expect(mismatches.isEmpty, "differs at \(mismatches)")
    let characters = try #require(played.streamed.lastLayout?.characterCount)
    #expect(characters > 30_000)
    #expect(mostHeld < 10_000, "\(mostHeld) slices held of \(characters)")
    let fresh = Self.scene(trace)
    _ = Self.draw(fresh, at: 93)
    for scene in [played, fresh] { scene.scroll(.start, at: 93) }
    #expect(Self.draw(played, at: 93) == Self.draw(fresh, at: 93))
    #expect(played.streamed.lastLayout?.slices.startIndex == 0)
    played.scroll(.end, at: 93)
    #expect(Self.draw(played, at: 93) == Self.draw(Self.scene(trace), at: 93))
  }
}
