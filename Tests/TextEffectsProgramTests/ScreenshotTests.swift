import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

@Suite struct ScreenshotTests {
  func render(
    _ scene: SceneKind, at time: Double, size: Size = Size(width: 320, height: 240),
    scale: Double = 1, settings: SceneSettings = SceneSettings()
  ) throws -> SDLRenderTarget {
    try OffscreenRenderer(
      scene: scene, settings: settings, size: size, scale: scale,
      fonts: try FontLibrary.bundled()
    ).render(at: time)
  }

  @Test(arguments: SceneKind.allCases, [1.0, 2.0])
  func imageHasTheRequestedSizeAndIsNotBlank(scene: SceneKind, scale: Double) throws {
    let image = try render(scene, at: 2.5, size: Size(width: 300, height: 200), scale: scale)
      .image()
    #expect(image.width == Int(300 * scale) && image.height == Int(200 * scale))
    // Text and shapes cover a few per cent of the frame, at either scale.
    let inked = Double(image.count(differingFrom: (0, 0, 0)))
    #expect(inked / Double(image.width * image.height) > 0.01)
  }

  /// A frame is drawn on an opaque background, so every pixel of it is opaque, glyph edges
  /// included, in the image and in the PNG written (blended into an alpha channel, the edges
  /// were left at 249-253, and SDL 2.32 rounds them otherwise than 2.26).
  @Test(arguments: SceneKind.allCases, [1.0, 1.5])
  func everyPixelOfAFrameIsOpaque(scene: SceneKind, scale: Double) throws {
    let target = try render(scene, at: 2.5, scale: scale)
    let alphas = { (image: RGBAImage) in
      Set(stride(from: 3, to: image.bytes.count, by: 4).map { image.bytes[$0] })
    }
    #expect(alphas(try target.image()) == [255])
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("opaque-\(scene)-\(scale).png").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    try target.savePNG(to: file)
    #expect(alphas(try PNGFile.read(file)) == [255])
  }

  @Test func fractionalScaleRoundsTheImageSize() throws {
    let target = try render(.glitch, at: 0, size: Size(width: 333, height: 101), scale: 1.5)
    #expect(target.pixelSize == (500, 152))
  }

  @Test func glyphsAreAntiAliased() throws {
    let image = try render(.streaming, at: 30, scale: 2).image()
    // White text on black: between the two, many grey levels make the edges smooth.
    let greys = Set(
      image.pixels.filter { $0.0 == $0.1 && $0.1 == $0.2 && $0.0 > 0 && $0.0 < 255 }.map(\.0))
    #expect(greys.count > 50)
  }

  @Test func typewriterFrameShowsTheCursorBlink() throws {
    // Line 1 is typed by 1.85 s; the cursor is on at 2.0-2.5 s and off at 2.5-3.0 s.
    let on = try render(.typewriter, at: 2.2).image()
    let off = try render(.typewriter, at: 2.7).image()
    let green = SystemColor.green.color(in: .dark)
    let greenPixel = (UInt8(green.red * 255), UInt8(green.green * 255), UInt8(green.blue * 255))
    let countOn = on.pixels.filter { $0.0 == greenPixel.0 && $0.1 == greenPixel.1 }.count
    let countOff = off.pixels.filter { $0.0 == greenPixel.0 && $0.1 == greenPixel.1 }.count
    #expect(countOn > countOff)
  }

  @Test func drawingTheSameFrameAgainRasterisesNothing() throws {
    let fonts = try FontLibrary.bundled()
    let drawer = try TextEffectsRenderer(fonts: fonts)
    let target = try SDLRenderTarget(offscreenWidth: 900, height: 600)
    let showcase = Showcase(
      scene: .streaming, settings: SceneSettings(), showsChrome: true,
      fonts: fonts.metricsProvider(pixelsPerPoint: 1), now: 0)
    let list = DrawList()
    showcase.draw(at: 30, in: Size(width: 900, height: 600), into: list)
    try drawer.draw(list, on: target, pixelsPerPoint: 1)
    let misses = drawer.atlasMisses
    #expect(misses > 20)
    for time in [30.0, 31, 40] {
      showcase.draw(at: time, in: Size(width: 900, height: 600), into: list)
      try drawer.draw(list, on: target, pixelsPerPoint: 1)
    }
    #expect(drawer.atlasMisses == misses)
  }

  @Test func atlasGrowsAndKeepsWorkingWithManyGlyphs() throws {
    let fonts = try FontLibrary.bundled()
    let drawer = try TextEffectsRenderer(fonts: fonts)
    let target = try SDLRenderTarget(offscreenWidth: 64, height: 64)
    let list = DrawList()
    // 2,000 distinct glyphs at 80 pt overflow a 1024² atlas.
    for glyph in 1...2000 {
      list.append(
        .glyph(GlyphDraw(glyph: UInt32(glyph), font: Font(size: 80), origin: .zero, color: .white)))
    }
    try drawer.draw(list, on: target, pixelsPerPoint: 1)
    #expect(drawer.atlas.height > 1024)
  }
}
