import CSDL2
import CSDL2TTF
import Testing

@testable import TextEffects
@testable import TextEffectsSDL

extension SDLTests {
  /// Glyphs drawn one by one from the atlas land where SDL2_ttf puts them in a whole string.
  @Suite struct KerningTests {
    @Test(arguments: [
      (FontDesign.proportional, "AVAWATAR Today, Wave. Type Tyrant"),
      (.monospaced, "$ swift test"),
      (.proportional, "How do I bake sourdough?"),
    ])
    func glyphByGlyphMatchesTheWholeString(design: FontDesign, text: String) throws {
      let fonts = try TestAssets.library()
      let scale = 2.0
      let font = Font(design: design, weight: .regular, size: 17)
      let layout = TextLayout(
        text: text, font: font,
        metrics: fonts.metricsProvider(pixelsPerPoint: scale).metrics(
          for: font))

      let ttf = fonts.ttfFont(for: font, pixelsPerPoint: scale)
      let whole = try #require(
        TTF_RenderUTF8_Blended(ttf, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)))
      defer { SDL_FreeSurface(whole) }
      let reference = try RGBAImage(surface: whole)

      let target = try SDLRenderTarget(
        offscreenWidth: reference.width, height: reference.height)
      let list = DrawList(background: .clear)
      let context = GraphicsContext(list: list)
      for slice in layout.slices { context.draw(slice) }
      try TextEffectsRenderer(fonts: fonts).draw(list, on: target, pixelsPerPoint: scale)
      let ours = try target.image()

      var difference = 0
      var ink = 0
      for (a, b) in zip(reference.pixels, ours.pixels) {
        difference += abs(Int(a.3) - Int(b.3))
        ink += Int(a.3)
      }
      // Measured: 0.3% (blending at overlaps); the prefix-width placement was 10% to 47% off.
      #expect(Double(difference) / Double(ink) < 0.01, "\(text): \(difference) of \(ink)")
      #expect(abs(layout.size.width * scale - Double(reference.width)) <= 2)
    }
  }
}
