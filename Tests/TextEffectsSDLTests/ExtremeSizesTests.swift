import CSDL2
import CSDL2TTF
import Foundation
import Testing
import TextEffectsFuzzing

@testable import TextEffects
@testable import TextEffectsSDL

extension SDLTests {
  /// Numbers at both ends of what reaches SDL2_ttf, FreeType and HarfBuzz: no trap, and an
  /// answer that still makes sense.
  @Suite struct ExtremeSizesTests {
    /// A word of a million characters is 40 million pixels wide at 34 points and 2×: past
    /// what 26.6 fixed point holds in 32 bits. The pens keep counting, evenly.
    @Test func pensOfAWordOfMillionsKeepCounting() throws {
      let fonts = try TestAssets.library()
      let font = Font(design: .monospaced, weight: .regular, size: 34)
      let shaper = fonts.shaper(for: font, pixelsPerPoint: 2)
      let count = 1_000_000
      let pens = shaper.penPositions(of: String(repeating: "a", count: count))
      #expect(pens.count == count + 1)
      let advance = try #require(pens.dropFirst().first)
      #expect(advance > 0)
      // Monospaced, no kerning: every pen is its index times the advance, across the seams
      // between the pieces HarfBuzz gets.
      for index in [1, 16_383, 16_384, 16_385, 500_000, count] {
        #expect(abs(pens[index] - Double(index) * advance) < 1e-6, "pen \(index)")
      }
      #expect(pens[count] > 33_554_432)  // 2^31 / 64: where 32 bits of 26.6 run out
    }

    /// Pieces join on a character boundary and keep kerning inside each piece: a text just
    /// over one piece has the pens of its two halves shaped apart.
    @Test func piecesJoinWhereTheyAreCut() throws {
      let fonts = try TestAssets.library()
      let font = Font(design: .proportional, weight: .regular, size: 17)
      let shaper = fonts.shaper(for: font, pixelsPerPoint: 1)
      let size = HarfBuzzShaper.charactersPerPiece
      let first = String(repeating: "AV", count: size / 2)
      let text = first + "AVé"
      let pens = shaper.penPositions(of: text)
      let firstPens = shaper.penPositions(of: first)
      let rest = shaper.penPositions(of: "AVé")
      #expect(pens.count == size + 4)
      #expect(Array(pens.prefix(size + 1)) == firstPens)
      for index in 0..<rest.count {
        #expect(abs(pens[size + index] - (firstPens[size] + rest[index])) < 1e-9)
      }
    }

    /// A cluster of 200,000 marks is shaped as its first 32 scalars: at once, not in minutes.
    @Test func aClusterOfMarksIsShapedAtOnce() throws {
      let fonts = try TestAssets.library()
      let font = Font(design: .proportional, weight: .regular, size: 17)
      let shaper = fonts.shaper(for: font, pixelsPerPoint: 1)
      let start = ContinuousClock.now
      let pens = shaper.penPositions(of: "e" + String(repeating: "\u{301}", count: 200_000))
      #expect(ContinuousClock.now - start < TimeBound.seconds(2))
      #expect(pens.count == 2 && pens[1] > 0)
    }

    /// Sizes from a thousandth of a pixel to fifty thousand open a font (at 1 and at 1,024
    /// pixels), with metrics that are finite and grow with the size.
    @Test func fontSizesAtBothEndsOpen() throws {
      let fonts = try TestAssets.library()
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
    /// the glyphs it had.
    @Test func aGlyphWiderThanTheAtlasWidensIt() throws {
      let fonts = try TestAssets.library()
      let atlas = try GlyphAtlas(fonts: fonts)
      let small = atlas.entry(
        for: .init(
          text: "a", font: Font(design: .proportional, weight: .regular, size: 17),
          pixelsPerPoint: 1))
      let huge = atlas.entry(
        for: .init(
          text: "W", font: Font(design: .proportional, weight: .black, size: 1_024),
          pixelsPerPoint: 1))
      #expect(huge.width > 1_024 && atlas.width > huge.width)
      #expect(
        atlas.entry(
          for: .init(
            text: "a", font: Font(design: .proportional, weight: .regular, size: 17),
            pixelsPerPoint: 1)
        ).x == small.x)
      // Thirty-two jamo side by side at 1,024 pixels outgrow even the largest atlas: no ink,
      // no 100 MB bitmap.
      let wide = atlas.entry(
        for: .init(
          text: String(repeating: "\u{1100}", count: 32),
          font: Font(design: .proportional, weight: .regular, size: 1_024), pixelsPerPoint: 1))
      #expect(wide.width == 0)
    }
  }
}
