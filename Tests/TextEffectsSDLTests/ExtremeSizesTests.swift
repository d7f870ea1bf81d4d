import CSDL2
import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// Numbers at both ends of what reaches SDL, FreeType and HarfBuzz: no trap, and an
/// answer that still makes sense.
@Suite(.threadOfItsOwn(.computing)) struct ExtremeSizesTests {
  /// A word of a million characters is 40 million pixels wide at 34 points and 2×: past
  /// what 26.6 fixed point holds in 32 bits. The pens keep counting, evenly.
  @Test func pensOfAWordOfMillionsKeepCounting() throws {
    let fonts = try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 2)
    let font = Font(design: .monospaced, weight: .regular, size: 34)
    let count = 1_000_000
    let laid = TextLayout(text: String(repeating: "a", count: count), font: font, fonts: fonts)
    #expect(laid.slices.count == count)
    let advance = laid.slices[0].advance
    #expect(advance > 0)
    // Monospaced, no kerning: every pen is its index times the advance, across the seams
    // between the runs HarfBuzz gets.
    for index in [1, 16_383, 16_384, 16_385, 500_000, count - 1] {
      #expect(abs(laid.slices[index].origin.x - Double(index) * advance) < 1e-3, "pen \(index)")
    }
    #expect(laid.size.width * 2 > 33_554_432)  // 2^31 / 64: where 32 bits of 26.6 run out
  }

  /// Runs are cut on a character boundary and keep kerning inside each: a text just over
  /// one run has the pens of its two halves shaped apart.
  @Test func runsJoinWhereTheyAreCut() throws {
    let fonts = try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 1)
    let font = Font(design: .proportional, weight: .regular, size: 17)
    let size = ShapedParagraph.charactersPerRun
    let first = String(repeating: "AV", count: size / 2)
    let whole = TextLayout(text: first + "AVé", font: font, fonts: fonts)
    let firstLaid = TextLayout(text: first, font: font, fonts: fonts)
    let rest = TextLayout(text: "AVé", font: font, fonts: fonts)
    #expect(whole.slices.count == size + 3)
    for index in [0, 1, size / 2, size - 1] {
      #expect(abs(whole.slices[index].origin.x - firstLaid.slices[index].origin.x) < 1e-6)
    }
    for index in 0..<rest.slices.count {
      #expect(
        abs(
          whole.slices[size + index].origin.x
            - (firstLaid.size.width + rest.slices[index].origin.x))
          < 1e-6)
    }
  }

  /// A cluster of 200,000 marks is shaped as its first 32 scalars: at once, not in minutes.
  @Test func aClusterOfMarksIsShapedAtOnce() throws {
    let fonts = try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 1)
    let font = Font(design: .proportional, weight: .regular, size: 17)
    let start = ThreadTime.now
    let laid = TextLayout(
      text: "e" + String(repeating: "\u{301}", count: 200_000), font: font, fonts: fonts)
    #expect(ThreadTime.now - start < TimeBound.seconds(2))
    #expect(laid.slices.count == 1 && laid.slices[0].advance > 0)
    #expect(laid.slices[0].glyphs.count <= DisplayText.scalarsPerCharacter)
  }

  /// Sizes from a thousandth of a pixel to fifty thousand open a font (at 1 and at 1,024
  /// pixels), with metrics that are finite and grow with the size.
  @Test func fontSizesAtBothEndsOpen() throws {
    let fonts = try FontLibrary.bundled()
    let font = Font(design: .proportional, weight: .black, size: 34)
    var heights: [Double] = []
    for pixelsPerPoint in [0.000_01, 0.001, 0.03, 1, 30, 1_500, 1e9, .infinity, .nan] {
      let metrics = fonts.metricsProvider(pixelsPerPoint: pixelsPerPoint).metrics(for: font)
      let pixels = metrics.lineHeight * pixelsPerPoint
      #expect(pixels.isFinite || !pixelsPerPoint.isFinite, "at \(pixelsPerPoint)")
      if pixelsPerPoint.isFinite { heights.append(pixels) }
    }
    #expect(heights == heights.sorted())
    #expect(heights.first! >= 1 && heights.last! < 2 * FontLibrary.pixelSizes.upperBound)
  }

  /// At the largest size a wide glyph is wider than the atlas starts: it widens and keeps
  /// the glyphs it had; a glyph too large for even the largest atlas has no ink, not a 100 MB
  /// bitmap.
  @Test func aGlyphWiderThanTheAtlasWidensIt() throws {
    let fonts = try FontLibrary.bundled()
    let atlas = try GlyphAtlas(fonts: fonts)
    func entry(_ character: Character, _ font: Font) -> GlyphAtlas.Entry {
      let slice = TextLayout(
        text: String(character), font: font, fonts: fonts.metricsProvider(pixelsPerPoint: 1),
        width: nil
      ).slices[0]
      let face = fonts.faceKey(for: slice.font, pixelsPerPoint: 1)
      return atlas.entry(
        slice.glyphs[0].id, in: atlas.place(of: .init(face: face, shownPixelsPerEm: 0)))
    }
    let body = Font(design: .proportional, weight: .regular, size: 17)
    let small = entry("a", body)
    // A long arrow, 1.75 em wide.
    let huge = entry("\u{27F7}", Font(design: .proportional, weight: .black, size: 1_024))
    #expect(huge.width > 1_024 && atlas.width > huge.width)
    #expect(entry("a", body).x == small.x)
    // Far past the largest size a glyph is drawn at 1,024 pixels, as wide as the atlas allows.
    let beyond = entry("\u{27F7}", Font(design: .proportional, weight: .black, size: 1_000_000))
    #expect(beyond.width == huge.width)
  }
}
