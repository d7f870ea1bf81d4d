import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

@Suite struct TypewriterSceneTests {
  @Test func changesLineEvery3Point2Seconds() {
    let scene = typewriter()
    let lines = [0.0, 3.19, 3.2, 6.5, 9.6, 10].map { scene.line(at: $0).index }
    #expect(lines == [0, 0, 1, 2, 0, 0])
    let (index, elapsed) = scene.line(at: 4.2)
    #expect(index == 1 && abs(elapsed - 1) < 1e-9)
  }

  @Test func demoLinesAllKeepTheSeedsPeriod() {
    let scene = typewriter()
    #expect(scene.lines.map(scene.period(of:)) == [3.2, 3.2, 3.2])
  }

  @Test func aLongLineStaysUntilSeenWholeForHalfASecond() {
    let long = String(repeating: "x", count: 100)  // 5 s to type at 20 a second
    let scene = typewriter(SceneSettings(customText: "short\n" + long))
    #expect(scene.lines == ["short", long])
    #expect(scene.period(of: long) == 5.5)
    #expect(scene.line(at: 3.2 + 5.4).index == 1)
    #expect(scene.line(at: 3.2 + 5.5).index == 0)
  }

  @Test func customTextIsKeptExactlyOneEntryPerLine() {
    let scene = typewriter(SceneSettings(customText: "  a\tb \r\n\nc"))
    #expect(scene.lines == ["  a\tb ", "", "c"])
  }

  @Test func typesTwentyCharactersASecondWithAGreenCursor() {
    // 0.5 s into the first line: "$ swift bu" typed, then the cursor.
    let glyphs = frame(.typewriter, at: 0.5).glyphs
    #expect(glyphs.map(\.text).joined() == "$swiftbu|")
    #expect(glyphs.last?.color == SystemColor.green.color(in: .dark))
  }

  @Test func speedSettingChangesTheTyping() {
    var settings = SceneSettings()
    settings[TypewriterSettings.self].charactersPerSecond = 40
    // 0.5 s at 40 a second: 20 characters, "$ swift build\nCompil".
    #expect(
      frame(.typewriter, at: 0.5, settings: settings).glyphs.map(\.text).joined()
        == "$swiftbuildCompil|")
  }

  @Test func cardHasThreeDots() {
    let circles = frame(.typewriter, at: 0).commands.filter {
      if case .shape(let shape) = $0, case .circle = shape.shape { return true }
      return false
    }
    #expect(circles.count == 3)
  }

  @Test func reduceMotionShowsTheWholeLineWithoutCursor() {
    let glyphs = frame(.typewriter, at: 0, settings: SceneSettings(reduceMotion: true)).glyphs
    #expect(glyphs.map(\.text).joined() == "$swiftbuildCompilingyourideas...")
  }

  @Test func linesNeverMoveWhileTyping() {
    // Where each typed glyph sits does not depend on how much has been typed.
    let early = frame(.typewriter, at: 0.3).glyphs.dropLast()
    let late = frame(.typewriter, at: 1.5).glyphs
    for glyph in early {
      #expect(late.contains { $0.text == glyph.text && $0.origin == glyph.origin })
    }
  }
}

@Suite struct GlitchSceneTests {
  @Test func drawsTitleAndSubtitleWithTheirColours() {
    let glyphs = frame(.glitch, at: 2).glyphs  // tick 24: at rest
    let titleGlyphs = glyphs.filter { $0.font.size == 34 * GlitchScene.titleScale }
    #expect(titleGlyphs.count == 18)
    #expect(glyphs.count - titleGlyphs.count == 30)  // "SIGNALLOST" × 3
    let colors = Set(glyphs.map(\.color))
    for color in [SystemColor.cyan, .pink, .green, .purple] {
      #expect(colors.contains(color.color(in: .dark)))
    }
  }

  @Test func titleOffsetScalesWithTheScaleEffect() {
    let title = frame(.glitch, at: 2).glyphs.filter { $0.text == "G" }
    // Resting copies: ±0.3 × 7 × 1.6 around the main text.
    #expect(abs((title[2].origin.x - title[0].origin.x) - 0.3 * 7 * 1.6) < 1e-9)
    #expect(abs((title[1].origin.x - title[2].origin.x) - 0.3 * 7 * 1.6) < 1e-9)
  }

  @Test func offsetScalesWithDynamicTypeRelativeToLargeTitle() {
    let size = DynamicTypeSize.accessibility1
    let title = frame(.glitch, at: 2, settings: SceneSettings(dynamicType: size)).glyphs
      .filter { $0.text == "G" }
    let expected = 0.3 * 7 * (44.0 / 34) * 1.6
    #expect(abs((title[2].origin.x - title[0].origin.x) - expected) < 1e-9)
  }

  @Test func holdingForcesABurstOutsideTheSchedule() {
    // Tick 24 rests; held, the copies jump by the noise of tick 24.
    // The title's G: first copy, second copy, main text ("SIGNAL" has a G too, after them).
    let held = frame(.glitch, at: 2, held: true).glyphs.filter { $0.text == "G" }
    let main = held[2]
    let expected = (GlitchSchedule.noise(24, seed: 1) - 0.5) * 2 * 7 * 1.6
    #expect(abs((held[0].origin.x - main.origin.x) - expected) < 1e-9)
  }

  @Test func reduceMotionWinsOverHolding() {
    let settings = SceneSettings(reduceMotion: true)
    #expect(
      frame(.glitch, at: 0.42, settings: settings, held: true).glyphs
        == frame(.glitch, at: 2, settings: settings).glyphs)
  }

  @Test func aSingleLineSitsInTheMiddle() {
    let glyphs = frame(.glitch, at: 2, settings: SceneSettings(customText: "AB")).glyphs
    #expect(glyphs.map(\.text).joined() == "ABABAB")
    let main = glyphs[4]
    let lineHeight = 12.0  // the fake font has 12-point lines at any size
    #expect(abs(main.origin.y + lineHeight / 2 - 300) < 1e-9)
  }

  @Test func customTextGivesTitleAndSubtitle() {
    let glyphs = frame(.glitch, at: 2, settings: SceneSettings(customText: "AB\nCD\nE")).glyphs
    #expect(glyphs.map(\.text).joined() == "ABABABCDECDECDE")
  }
}

@Suite struct StreamingSceneTests {
  func scene(_ settings: SceneSettings = SceneSettings()) -> StreamingScene {
    StreamingScene(settings: settings, layouts: Typesetter(fonts: FakeMonospaceMetrics()))
  }

  func glyphs(_ scene: StreamingScene, at time: Double) -> [GlyphDraw] {
    drawn(scene, at: time).glyphs
  }

  @Test func showsNothingBeforeTheFirstChunk() {
    let scene = scene()
    let texts = glyphs(scene, at: scene.chunks.arrivals[0].time - 0.001).map(\.text).joined()
    #expect(texts == "HowdoIbakesourdough?\u{21BB}AskAgain")
  }

  @Test func settlesToTheWholeAnswer() {
    let glyphs = frame(.streaming, at: 30).glyphs
    let answer = StreamingScene.demoAnswer.filter { !$0.isWhitespace }
    #expect(glyphs.map(\.text).joined().contains(answer))
    #expect(glyphs.allSatisfy { $0.color.alpha == 1 })
  }

  @Test func frontFadesEachCharacterAtTheSeedsRate() {
    let scene = scene()
    let first = scene.chunks.arrivals[0]
    let firstText = scene.chunks.text(at: first.time)
    // As in the seed, the empty text's first change already ran the front to the fade (10).
    // The first chunk then runs it on by its length at 80 characters a second.
    let count = Double(first.count)
    let duration = StreamingMath.duration(for: count, charactersPerSecond: 80)
    let visible = 10 + count * min(0.1 / duration, 1)
    // The answer's glyphs (blanks and clear ones skipped) come first, under the question's 20
    // and the button's 9.
    let answerGlyphs = Array(glyphs(scene, at: first.time + 0.1).dropLast(20 + 9))
    let indices = firstText.indices.enumerated().filter { !firstText[$0.element].isWhitespace }
      .map(\.offset)
    #expect(visible < count + 10)  // still moving
    for (glyph, index) in zip(answerGlyphs, indices) {
      let expected = min(max((visible - Double(index)) / 10, 0), 1)
      #expect(abs(glyph.color.alpha - expected) < 1e-9)
    }
    #expect(answerGlyphs.count > 5 && answerGlyphs.count < indices.count)  // the last are clear
  }

  @Test func askAgainRestartsTheAnswerWithANewRhythm() {
    let scene = scene()
    let before = scene.chunks
    scene.activate(.askAgain, at: 20)
    #expect(scene.runStart == 20 && scene.chunks != before)
    #expect(!glyphs(scene, at: 20.01).map(\.text).joined().contains("Sourdough"))
    #expect(glyphs(scene, at: 40).map(\.text).joined().contains("Sourdoughneedstime"))
    scene.restart()
    #expect(scene.runStart == 0 && scene.chunks == before)
  }

  @Test func askAgainIsAHitTargetAtTheBottom() {
    let targets = scene().hitTargets(in: Rect(x: 0, y: 0, width: 900, height: 600))
    #expect(targets.map(\.control) == [.askAgain])
    #expect(targets[0].rect.maxY <= 580 && targets[0].rect.maxY > 550)
  }

  @Test func reduceMotionShowsArrivedTextAtOnce() {
    let glyphs = frame(.streaming, at: 0.5, settings: SceneSettings(reduceMotion: true)).glyphs
    #expect(glyphs.allSatisfy { $0.color.alpha == 1 })
  }

  @Test func followsAppearance() {
    #expect(scene(SceneSettings(appearance: .light)).background == .white)
    #expect(scene().background == .black)
  }

  @Test func customAnswerIsStreamedExactly() {
    let text = "one  two\nthree "
    let scene = scene(SceneSettings(customText: text))
    #expect(scene.chunks.text == text)
  }
}

@Suite struct StressSceneTests {
  @Test func theTextHasTheAskedLengthAndArrivesInFourSeconds() {
    var settings = SceneSettings()
    settings[StressSettings.self].characters = 1234
    let scene = StressScene(
      settings: settings, layouts: Typesetter(fonts: FakeMonospaceMetrics()))
    #expect(StressScene.text(count: 1234).count == 1234)
    #expect(scene.chunks.text.count == 1234 && scene.chunks.arrivals.last?.count == 1234)
    #expect(scene.chunks.arrivals.last!.time <= StressScene.arrivalTime + 0.05 * 2)
  }

  @Test func aFrameDrawsOnlyWhatIsOnScreenAndReached() {
    // A hundred times the text does not draw a hundred times the glyphs.
    func glyphs(_ count: Int, at time: Double) -> Int {
      var settings = SceneSettings()
      settings[StressSettings.self].characters = count
      return frame(.stress, at: time, settings: settings, size: Size(width: 1920, height: 1080))
        .glyphs.count
    }
    let small = glyphs(10_000, at: 30)
    let large = glyphs(1_000_000 / 10, at: 30)
    #expect(small > 1000)
    #expect(large < small * 3)
    #expect(glyphs(10_000, at: 0) == 0)
  }
}

@Suite struct SceneFittingTests {
  @Test func contentSitsInACentredReadableColumn() {
    let column = SceneFitting.column(in: Rect(x: 0, y: 44, width: 1000, height: 500))
    #expect(column == Rect(x: 200, y: 44, width: 600, height: 500))
  }

  @Test(arguments: SceneKind.showingText)
  func everyDemoFitsIn320By240(kind: SceneKind) {
    // Everything drawn stays inside the canvas, even with all of the answer in.
    let size = Size(width: 320, height: 240)
    for command in frame(kind, at: 30, size: size).commands {
      switch command {
      case .glyph(let glyph):
        #expect(glyph.origin.y >= 0 && glyph.origin.y + glyph.font.size * 1.2 <= 240)
        #expect(glyph.origin.x >= -8 && glyph.origin.x <= 320)
      case .shape(let shape):
        if case .roundedRectangle(let rect, _) = shape.shape {
          #expect(rect.minY >= 0 && rect.maxY <= 240)
        }
      }
    }
  }

  @Test func zoomIsOneWhenThereIsRoom() {
    #expect(SceneFitting.zoom(toFit: 500) { 300 * $0 } == 1)
    let zoom = SceneFitting.zoom(toFit: 150) { 300 * $0 }
    #expect(abs(zoom - 0.5) < 0.01 && 300 * zoom <= 150.01)
  }

  /// Wrapped text shrinks with the square of the zoom (shorter and fewer lines): the zoom is
  /// the largest that fits, not the proportional guess, which would shrink it to half.
  @Test func wrappedTextShrinksNoMoreThanItMust() {
    let zoom = SceneFitting.zoom(toFit: 150) { 300 * $0 * $0 }
    #expect(300 * zoom * zoom <= 150.01)
    #expect(zoom > 0.70, "\(zoom), where 0.707 fits")
  }

  @Test func whateverTheGrowthTheZoomFits() {
    for power in [1.0, 1.3, 1.7, 2.0] {
      for ratio in [1.01, 1.5, 3, 9] {
        let zoom = SceneFitting.zoom(toFit: 100) { 100 * ratio * pow($0, power) }
        let fitting = pow(1 / ratio, 1 / power)
        guard fitting > SceneFitting.smallestZoom else {
          #expect(zoom == SceneFitting.smallestZoom, "power \(power), ratio \(ratio)")
          continue
        }
        #expect(100 * ratio * pow(zoom, power) <= 100.01, "power \(power), ratio \(ratio)")
        #expect(zoom > 0.97 * fitting, "power \(power), ratio \(ratio)")
      }
    }
  }

  /// A megabyte of text is laid out for each guess: one far too tall goes to the floor at once.
  @Test func aTextFarTooTallCostsTwoMeasurements() {
    var measurements = 0
    let zoom = SceneFitting.zoom(toFit: 100) { (zoom: Double) -> Double in
      measurements += 1
      return 1e6 * zoom * zoom
    }
    #expect(zoom == SceneFitting.smallestZoom && measurements == 2)
  }

  @Test func scenesAreFunctionsOfTime() {
    for kind in SceneKind.allCases {
      for time in [0.0, 0.7, 2.45, 7.1] {
        #expect(frame(kind, at: time).commands == frame(kind, at: time).commands)
      }
    }
  }
}

/// A text far too tall for the window even at the smallest zoom shows its beginning, where the
/// typing starts and the reading begins, rather than its middle.
@Suite struct OverflowTests {
  let tall = Array(repeating: "word word word", count: 400).joined(separator: "\n")

  @Test func theTypewriterShowsTheTopOfItsCard() {
    // The typewriter's text is one entry per line: one line, thousands of words long.
    let line = String(repeating: "word ", count: 20_000)
    let glyphs = frame(.typewriter, at: 1, settings: SceneSettings(customText: line)).glyphs
    #expect(glyphs.first.map { $0.origin.y >= 0 && $0.origin.y < 100 } == true)
  }

  @Test func theGlitchShowsItsFirstLines() {
    let glyphs = frame(.glitch, at: 1, settings: SceneSettings(customText: tall)).glyphs
    let topmost = glyphs.map(\.origin.y).min() ?? -1
    #expect(topmost >= -10 && topmost < 100, "\(topmost)")
  }
}
