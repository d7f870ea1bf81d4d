import Testing

@testable import TextEffects

@Suite struct SceneTests {
  let size = Size(width: 900, height: 600)

  func frame(_ kind: SceneKind, at time: Double, settings: SceneSettings = SceneSettings())
    -> DrawList
  {
    let list = DrawList()
    kind.makeScene(settings: settings, fonts: FakeMonospaceMetrics()).draw(
      at: time, in: size, into: list)
    return list
  }

  @Test func typewriterChangesLineEvery3Point2Seconds() {
    let lines = [0.0, 3.19, 3.2, 6.5, 9.6, 10].map { TypewriterScene.line(at: $0).index }
    #expect(lines == [0, 0, 1, 2, 0, 0])
    let (index, elapsed) = TypewriterScene.line(at: 4.2)
    #expect(index == 1 && abs(elapsed - 1) < 1e-9)
  }

  @Test func typewriterTypesTwentyCharactersASecondWithAGreenCursor() {
    // 0.5 s into the first line: "$ swift bu" typed, then the cursor.
    let glyphs = frame(.typewriter, at: 0.5).glyphs
    #expect(glyphs.map(\.text).joined() == "$swiftbu|")
    #expect(glyphs.last?.color == SystemColor.green.color(in: .dark))
  }

  @Test func typewriterCardHasThreeDots() {
    let shapes = frame(.typewriter, at: 0).commands.filter {
      if case .shape(let shape) = $0, case .circle = shape.shape { return true }
      return false
    }
    #expect(shapes.count == 3)
  }

  @Test func typewriterWithReduceMotionShowsTheWholeLine() {
    let glyphs = frame(.typewriter, at: 0, settings: SceneSettings(reduceMotion: true)).glyphs
    #expect(glyphs.map(\.text).joined() == "$swiftbuildCompilingyourideas...")
  }

  @Test func glitchDrawsTitleAndSubtitleWithTheirColours() {
    let glyphs = frame(.glitch, at: 2).glyphs  // tick 24: at rest
    let titleGlyphs = glyphs.filter { $0.font.size == 34 * GlitchScene.titleScale }
    #expect(titleGlyphs.count == 18)
    #expect(glyphs.count - titleGlyphs.count == 30)  // "SIGNALLOST" × 3
    let colors = Set(glyphs.map(\.color))
    for color in [SystemColor.cyan, .pink, .green, .purple] {
      #expect(colors.contains(color.color(in: .dark)))
    }
  }

  @Test func glitchTitleOffsetScalesWithTheScaleEffect() {
    let glyphs = frame(.glitch, at: 2).glyphs
    let title = glyphs.filter { $0.text == "G" }
    // Resting copies: ±0.3 × 7 × 1.6 around the main text.
    #expect(abs((title[2].origin.x - title[0].origin.x) - 0.3 * 7 * 1.6) < 1e-9)
    #expect(abs((title[1].origin.x - title[2].origin.x) - 0.3 * 7 * 1.6) < 1e-9)
  }

  @Test func streamingShowsNothingBeforeTheFirstChunk() {
    let scene = StreamingScene(
      settings: SceneSettings(), layouts: TextLayoutCache(fonts: FakeMonospaceMetrics()))
    let first = scene.chunks.arrivals[0].time
    let list = DrawList()
    scene.draw(at: first - 0.001, in: size, into: list)
    let texts = list.glyphs.map(\.text).joined()
    #expect(texts == "HowdoIbakesourdough?AskAgain")
  }

  @Test func streamingSettlesToTheWholeAnswer() {
    let glyphs = frame(.streaming, at: 30).glyphs
    let answer = StreamingScene.answer.filter { !$0.isWhitespace }
    #expect(glyphs.map(\.text).joined().contains(answer))
    #expect(glyphs.allSatisfy { $0.color.alpha == 1 })
  }

  @Test func streamingReduceMotionShowsArrivedTextAtOnce() {
    let glyphs = frame(.streaming, at: 0.5, settings: SceneSettings(reduceMotion: true)).glyphs
    #expect(glyphs.allSatisfy { $0.color.alpha == 1 })
  }

  @Test func streamingFollowsAppearance() {
    #expect(
      frame(.streaming, at: 1, settings: SceneSettings(appearance: .light)).background
        == .white)
    #expect(frame(.streaming, at: 1).background == .black)
  }

  @Test func scenesAreFunctionsOfTime() {
    for kind in SceneKind.allCases {
      for time in [0.0, 0.7, 2.45, 7.1] {
        #expect(frame(kind, at: time).commands == frame(kind, at: time).commands)
      }
    }
  }
}
