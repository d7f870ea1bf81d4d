import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsSDL

/// Hostile text through the real fonts: HarfBuzz's shaping and clusters, FreeType's glyphs,
/// the fallback between the bundled fonts, the atlas and the drawer.
@Suite(.threadOfItsOwn(.computing)) struct RealFontFuzzTests {
  /// 300 hostile texts from one seeded source, bytes and text alike, in three batches that
  /// run at once, each taking three texts in turn (under AddressSanitizer all 300 in one test
  /// were the run's longest test, 68 to 78 s).
  @Test(arguments: 0..<3)
  func hostileTextThroughTheRealFontsAndTheDrawer(batch: Int) throws {
    let fonts = try FontLibrary.bundled()
    let provider = fonts.metricsProvider(pixelsPerPoint: 1)
    let check = TextCheck(fonts: provider)
    let drawer = try TextEffectsRenderer(fonts: fonts)
    let target = try SDLRenderTarget(offscreenWidth: 320, height: 240)
    var source = HostileText(seed: 2026)
    for number in 0..<300 {
      let text =
        number.isMultiple(of: 3)
        ? String(decoding: source.bytes(maxLength: 40), as: UTF8.self)
        : source.text(maxLength: number.isMultiple(of: 25) ? 300 : 30)
      guard number / 3 % 3 == batch else { continue }
      let problems = check.problems(with: text)
      #expect(problems.isEmpty, "case \(number): \(problems.prefix(3))")
      for kind in SceneKind.showingText {
        let scene = kind.makeScene(settings: SceneSettings(customText: text), fonts: provider).scene
        let list = DrawList()
        scene.draw(
          at: 1.3, in: Rect(x: 0, y: 0, width: 320, height: 240), pointer: PointerState(),
          into: list)
        try drawer.draw(list, on: target, pixelsPerPoint: 1)
      }
    }
  }

  /// Texts at the extremes through the real fonts at scales from the smallest accepted to
  /// the largest: shaping, the atlas and the drawer end without trapping, in time that grows
  /// no faster than the text. The worst case here (60,000 ZWJ families, the most a scene lays
  /// out, shaped twice per scene as it zooms to fit) takes 6 to 9 s in a debug build on a slow
  /// machine, and once took 10.5 s beside the other suites.
  @Test(arguments: [0.001, 0.05, 1, 8])
  func extremeTextAtEveryScale(scale: Double) throws {
    let fonts = try FontLibrary.bundled()
    let provider = fonts.metricsProvider(pixelsPerPoint: scale)
    let drawer = try TextEffectsRenderer(fonts: fonts)
    let size = Size(width: 320, height: 240)
    let target = try SDLRenderTarget(
      offscreenWidth: max(Int(size.width * scale), 1), height: max(Int(size.height * scale), 1))
    func drawEveryScene(_ text: String, _ label: String) throws -> Duration {
      let start = ContinuousClock.now
      for kind in SceneKind.showingText {
        let scene = kind.makeScene(settings: SceneSettings(customText: text), fonts: provider).scene
        let list = DrawList()
        scene.draw(
          at: 3, in: Rect(origin: .zero, size: size), pointer: PointerState(), into: list)
        #expect(TextCheck.placeProblems(list, label).isEmpty)
        try drawer.draw(list, on: target, pixelsPerPoint: scale)
      }
      return ContinuousClock.now - start
    }
    var source = HostileText(seed: UInt64(scale * 1000))
    for number in 0..<3 {
      let text = source.extremeText(maxLength: 1_000_000)
      let label = "scale \(scale) case \(number) (\(text.unicodeScalars.count) scalars)"
      let tenth = try drawEveryScene(TimeBound.firstTenth(of: text), label + ", its first tenth")
      let elapsed = try drawEveryScene(text, label)
      #expect(
        elapsed < TimeBound.growingWithTheText(whatItsFirstTenthTook: tenth),
        "\(label) took \(elapsed), its first tenth \(tenth)")
    }
  }
}
