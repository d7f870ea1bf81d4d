import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsSDL

/// Layout on the bundled fonts, measured by HarfBuzz as they are drawn.
@Suite struct RealFontLayoutTests {
  func fonts(scale: Double = 1) throws -> any FontMetricsProvider {
    try FontLibrary.bundled().metricsProvider(pixelsPerPoint: scale)
  }

  @Test func streamingAnswerWrapsWithinTheColumn() throws {
    let body = Font.system(.body)
    let laid = TextLayout(
      text: StreamingScene.demoAnswer, font: body, fonts: try fonts(), width: 350,
      lineSpacing: 4)
    #expect(laid.lines.allSatisfy { $0.width <= 350 })
    #expect((7...10).contains(laid.lines.count))
    #expect(laid.slices.map(\.text).joined() == StreamingScene.demoAnswer)
    // Every line but the last is full: the next word would not have fitted.
    for (line, next) in zip(laid.lines, laid.lines.dropFirst()) {
      let nextWord = laid.slices[next.slices].prefix { !$0.isBlank }
      let nextWidth = nextWord.last.map { $0.origin.x + $0.advance } ?? 0
      #expect(line.width + nextWidth > 350 - 10)
    }
  }

  @Test func clustersAreOneSliceEachInOrder() throws {
    let body = Font.system(.body)
    let text = "e\u{301}a🇫🇷👨‍👩‍👧漢字z"
    let laid = TextLayout(text: text, font: body, fonts: try fonts())
    #expect(laid.slices.map(\.text) == ["e\u{301}", "a", "🇫🇷", "👨‍👩‍👧", "漢", "字", "z"])
    let origins = laid.slices.map(\.origin.x)
    #expect(origins == origins.sorted())
    #expect(laid.slices.allSatisfy { $0.advance > 0 })
  }

  @Test func monospacedAdvancesAreEqual() throws {
    let mono = Font.system(.title2, design: .monospaced, weight: .medium)
    let laid = TextLayout(text: "$ swift build", font: mono, fonts: try fonts())
    let advances = Set(laid.slices.map(\.advance))
    #expect(advances.count == 1)
    #expect(abs(advances.first! - 22 * 0.6) < 0.2)  // JetBrains Mono is 600 units of 1000
  }

  @Test func kerningTightensAV() throws {
    let body = Font.system(.body)
    let kerned = TextLayout(text: "AV", font: body, fonts: try fonts())
    let alone = TextLayout(text: "A", font: body, fonts: try fonts())
    #expect(kerned.slices[1].origin.x < alone.slices[0].advance)
  }

  @Test func centredLinesShareOneMiddle() throws {
    let body = Font.system(.body)
    let laid = TextLayout(
      text: "How do I bake sourdough?\nSlowly.", font: body, fonts: try fonts(),
      alignment: .center)
    let middles = laid.lines.map { $0.minX + $0.width / 2 }
    #expect(abs(middles[0] - middles[1]) < 0.01)
  }

  @Test func positionsScaleWithTheDisplay() throws {
    let body = Font.system(.body)
    let one = TextLayout(text: "Sourdough", font: body, fonts: try fonts())
    let two = TextLayout(text: "Sourdough", font: body, fonts: try fonts(scale: 2))
    // In points the two agree to within the rounding of a pixel at each scale.
    #expect(abs(one.size.width - two.size.width) < 1.5)
  }
}

@Suite struct RealFontFallbackTests {
  @Test func boxDrawingFallsBackToTheMonospacedFontAndCJKToNoto() throws {
    let fonts = Typesetter(
      fonts: try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 1))
    let layout = fonts.layout("a\u{250C}\u{2500}b\u{4E00}c\u{E000}", font: .system(.body))
    let body = Font.system(.body)
    let mono = Font.system(.body, design: .monospaced)
    #expect(
      layout.slices.map(\.font) == [
        body, mono, mono, body, .custom("Noto Sans CJK SC", size: 17), body, body,
      ])
    // A character no font has (a private use one) keeps a place as wide as a glyph: no
    // silent gap.
    #expect(layout.slices[6].advance > 5)
    let arrow = fonts.layout("x\u{21BB}", font: .system(.body, design: .monospaced))
    #expect(arrow.slices[1].font.design == .proportional)
  }
}

@Suite struct RealFontOddTextTests {
  @Test func aNULInsideTheTextDoesNotEndIt() throws {
    let fonts = Typesetter(
      fonts: try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 1))
    let layout = fonts.layout("ab\u{0}cd", font: .system(.body))
    let origins = layout.slices.map(\.origin.x)
    #expect(origins[3] > origins[1] && origins[4] > origins[3])
  }
}
