import Foundation
import Testing
import TextEffectsFuzzing

@testable import TextEffects
@testable import TextEffectsSDL

extension SDLTests {
  /// Hostile text through the real fonts: HarfBuzz's shaping and clusters, SDL2_ttf's glyphs,
  /// the fallback between the bundled fonts, the atlas and the drawer.
  @Suite struct RealFontFuzzTests {
    @Test func hostileTextThroughTheRealFontsAndTheDrawer() throws {
      let fonts = try TestAssets.library()
      let provider = fonts.metricsProvider(pixelsPerPoint: 1)
      let check = TextCheck(fonts: provider)
      let drawer = try FrameDrawer(fonts: fonts)
      let target = try SDLRenderTarget(offscreenWidth: 320, height: 240)
      var source = HostileText(seed: 2026)
      for number in 0..<300 {
        let text =
          number.isMultiple(of: 3)
          ? String(decoding: source.bytes(maxLength: 40), as: UTF8.self)
          : source.text(maxLength: number.isMultiple(of: 25) ? 300 : 30)
        let problems = check.problems(with: text)
        #expect(problems.isEmpty, "case \(number): \(problems.prefix(3))")
        for kind in SceneKind.demos {
          let scene = kind.makeScene(settings: SceneSettings(customText: text), fonts: provider)
          let list = DrawList()
          scene.draw(
            at: 1.3, in: Rect(x: 0, y: 0, width: 320, height: 240), pointer: PointerState(),
            into: list)
          try drawer.draw(list, on: target, pixelsPerPoint: 1)
        }
      }
    }
  }
}
