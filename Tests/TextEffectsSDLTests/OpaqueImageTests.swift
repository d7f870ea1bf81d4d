import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// An `OffscreenImage` cleared to an opaque colour is opaque in every pixel, as a window shows
/// it, and its PNG is written so: blended into an alpha channel, a glyph's edges would round to
/// 249-253 there, and a picture put on a light page would show fringes.
@Suite struct OpaqueImageTests {
  static let title = GlitchText("SIGNAL LOST", maxOffset: 9)
    .font(.system(size: 44, weight: .black, design: .monospaced))

  /// The title drawn at a burst into a 600x140 image, cleared first to `background` (or not),
  /// written as a PNG and read back.
  func drawn(clearedTo background: RGBAColor?) throws -> RGBAImage {
    let image = try OffscreenImage(width: 600, height: 140)
    let textEffects = try TextEffectsRenderer(renderer: image.renderer)
    if let background { try textEffects.clear(to: background) }
    try textEffects.draw(Self.title, at: 0.42, in: Rect(x: 0, y: 40, width: 600, height: 60))
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-opaque-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try image.writePNG(to: path)
    return try PNGFile.read(path)
  }

  func alphas(_ image: RGBAImage) -> Set<UInt8> {
    Set(stride(from: 3, to: image.bytes.count, by: 4).map { image.bytes[$0] })
  }

  @Test func clearedOpaqueIsWrittenOpaqueWithTheSameColours() throws {
    let image = try drawn(clearedTo: .black)
    #expect(alphas(image) == [255])
    // The colours are those of an image made opaque from the start (the program's frames).
    let target = try SDLRenderTarget(offscreenWidth: 600, height: 140, opaque: true)
    let textEffects = try TextEffectsRenderer(renderer: target.renderer)
    try textEffects.clear(to: .black)
    try textEffects.draw(Self.title, at: 0.42, in: Rect(x: 0, y: 40, width: 600, height: 60))
    #expect(try target.image() == image)
  }

  /// An image never cleared stays transparent where nothing is drawn; one cleared to a
  /// translucent colour keeps that colour's alpha in its corner.
  @Test func unclearedOrTranslucentKeepsItsAlpha() throws {
    #expect(alphas(try drawn(clearedTo: nil)).contains(0))
    let translucent = try drawn(clearedTo: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5))
    #expect((127...128).contains(translucent.bytes[3]))
  }
}
