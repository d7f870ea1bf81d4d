import Testing
import TextEffectsTestSupport

@testable import TextEffects

@Suite struct RendererTests {
  let green = RGBAColor(red: 0, green: 1, blue: 0)
  let cyan = RGBAColor(red: 0, green: 1, blue: 1)
  let pink = RGBAColor(red: 1, green: 0, blue: 0.5)

  func record(_ renderer: some TextRenderer, _ text: String, offset: Point = .zero) -> DrawList {
    let list = DrawList()
    var context = GraphicsContext.standIn(list, offset: offset)
    renderer.draw(layout: layout(text), in: &context)
    return list
  }

  @Test func typewriterDrawsTheTypedPartAndACursorAtTheCaret() {
    let list = record(
      TypewriterRenderer(visibleCount: 3, showsCursor: true, cursorColor: green), "ab\ncd")
    #expect(list.glyphs.map(\.text) == ["a", "b", "|"])
    #expect(list.glyphs[2].origin == Point(x: 0, y: 12))
    #expect(list.glyphs[2].color == green)
    #expect(list.glyphs[0].color == .white)
  }

  @Test func typewriterAtTheSeedsTimes() {
    // 0.175 s at 20 characters a second: 3 typed, cursor on.
    let typing = TypewriterRenderer(
      elapsed: 0.175, total: 5, charactersPerSecond: 20, cursorColor: green, reduceMotion: false)
    #expect(typing.visibleCount == 3 && typing.showsCursor)
    let blinkedOff = TypewriterRenderer(
      elapsed: 2.6, total: 5, charactersPerSecond: 20, cursorColor: green, reduceMotion: false)
    #expect(blinkedOff.visibleCount == 5 && !blinkedOff.showsCursor)
  }

  @Test func typewriterWithReduceMotionShowsAllWithoutCursor() {
    let renderer = TypewriterRenderer(
      elapsed: 0, total: 5, charactersPerSecond: 20, cursorColor: green, reduceMotion: true)
    let list = record(renderer, "ab cd")
    #expect(list.glyphs.map(\.text) == ["a", "b", "c", "d"])
  }

  @Test func glitchRestsSplitWithTheMainTextOnTop() {
    let renderer = GlitchRenderer(
      tick: 15, reduceMotion: false, firstColor: cyan, secondColor: pink, maxOffset: 10)
    let glyphs = record(renderer, "ab", offset: Point(x: 100, y: 50)).glyphs
    #expect(glyphs.map(\.color) == [cyan, cyan, pink, pink, .white, .white])
    #expect(glyphs.map(\.origin.x) == [97, 107, 103, 113, 100, 110])
    #expect(glyphs.allSatisfy { $0.origin.y == 50 })
  }

  /// The stress scene's composition: a glitch whose text and copies are the streaming fade,
  /// drawn on one line of a longer text through the context's slice range.
  @Test func aGlitchCarriesItsContentsEffectOnThePartItIsGiven() {
    let fade = StreamingRenderer(visible: 4, fade: 4)
    let renderer = GlitchRenderer(
      tick: 15, reduceMotion: false, firstColor: cyan, secondColor: pink, maxOffset: 10,
      content: fade)
    let list = DrawList()
    var context = GraphicsContext.standIn(list)
    context.sliceRange = 1..<3
    renderer.draw(layout: layout("abcd\nefgh"), in: &context)
    #expect(list.glyphs.map(\.text) == ["b", "c", "b", "c", "b", "c"])
    // Each copy fades as the text does: b at 3/4, c at 2/4.
    #expect(list.glyphs.map { ($0.color.alpha * 4).rounded() } == [3, 2, 3, 2, 3, 2])
    #expect(list.glyphs.map(\.color.red) == [cyan.red, cyan.red, pink.red, pink.red, 1, 1])
  }

  @Test func glitchBurstMovesCopiesByTheNoiseAndHidesSome() {
    let renderer = GlitchRenderer(
      tick: 5, reduceMotion: false, firstColor: cyan, secondColor: pink, maxOffset: 7)
    let glyphs = record(renderer, "a").glyphs
    // Tick 5: the second copy hides (noise 0.0699), the first jumps.
    #expect(glyphs.map(\.color) == [cyan, .white])
    let expectedX = (GlitchSchedule.noise(5, seed: 1) - 0.5) * 2 * 7
    let expectedY = (GlitchSchedule.noise(5, seed: 11) - 0.5) * 0.8 * 7
    #expect(abs(glyphs[0].origin.x - expectedX) < 1e-9)
    #expect(abs(glyphs[0].origin.y - expectedY) < 1e-9)
  }

  @Test func glitchWithReduceMotionRestsEvenInABurstTick() {
    let renderer = GlitchRenderer(
      tick: 5, reduceMotion: true, firstColor: cyan, secondColor: pink, maxOffset: 10)
    let (first, second) = renderer.placements
    #expect(first.x == -0.3 && second.x == 0.3)
    #expect(first.isVisible && second.isVisible)
  }

  @Test func streamingFadesEachCharacterByItsIndex() {
    let glyphs = record(StreamingRenderer(visible: 5, fade: 10), "abcdefgh").glyphs
    #expect(glyphs.map(\.text) == ["a", "b", "c", "d", "e"])
    let alphas = glyphs.map { ($0.color.alpha * 10).rounded() / 10 }
    #expect(alphas == [0.5, 0.4, 0.3, 0.2, 0.1])
  }

  @Test func streamingSkipsBlanksButKeepsTheirIndex() {
    let glyphs = record(StreamingRenderer(visible: 12, fade: 10), "a b").glyphs
    #expect(glyphs.map(\.text) == ["a", "b"])
    #expect(glyphs.map(\.color.alpha) == [1, 1])
  }

  @Test func streamingInstantShowsAll() {
    let glyphs = record(StreamingRenderer(visible: 0, fade: 10, isInstant: true), "abc").glyphs
    #expect(glyphs.count == 3)
  }

  @Test func contextOpacityMultipliesShapeAndTextAlpha() {
    let list = DrawList()
    var context = GraphicsContext.standIn(list)
    context.opacity = 0.5
    context.fill(.circle(center: .zero, radius: 2), with: RGBAColor.white.withOpacity(0.5))
    context.draw("x", font: testFont, at: .zero)
    #expect(list.commands.count == 2)
    guard case .shape(let shape) = list.commands[0] else {
      Issue.record("expected a shape first")
      return
    }
    #expect(shape.color.alpha == 0.25)
    #expect(list.glyphs[0].color.alpha == 0.5)
  }
}
