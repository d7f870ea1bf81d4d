/// An image in memory with an SDL software renderer of its own: to draw frames with no window
/// (on a server, in a test) and write them as PNG files. The same pixels on every machine.
///
/// ```swift
/// let image = try OffscreenImage(width: 640, height: 160)
/// let textEffects = try TextEffectsRenderer(renderer: image.renderer)
/// try textEffects.clear(to: .black)
/// try textEffects.draw(GlitchText("HELLO"), at: 0.25, in: Rect(x: 20, y: 40, width: 600, height: 80))
/// try image.writePNG(to: "hello.png")
/// ```
public final class OffscreenImage {
  package let target: SDLRenderTarget
  /// Its width in pixels.
  public let width: Int
  /// Its height in pixels.
  public let height: Int

  /// A transparent image of `width` × `height` pixels, each side 1 to 16384. Cleared to an
  /// opaque colour (``TextEffectsRenderer/clear(to:)``), it is opaque in every pixel, and its
  /// PNG is written so, until it is cleared to a translucent one.
  public init(width: Int, height: Int) throws {
    target = try SDLRenderTarget(offscreenWidth: width, height: height)
    self.width = width
    self.height = height
  }

  /// The `SDL_Renderer` that draws into it: give it to a `TextEffectsRenderer`, or draw with
  /// SDL yourself. It lives as long as the image.
  public var renderer: OpaquePointer { target.renderer }

  /// Writes the image to `path` as a PNG, replacing the file only once it is written whole.
  public func writePNG(to path: String) throws {
    try target.savePNG(to: path)
  }
}
