import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// Draws a scene's frames headless, one image after another, through the same path as the
/// window: for screenshots, numbered sequences and contact sheets. The fonts, the atlas and the
/// image are made once and reused for every frame.
package final class OffscreenRenderer {
  package let size: Size
  package let scale: Double
  private let showcase: Showcase
  private let drawer: TextEffectsRenderer
  private let target: SDLRenderTarget
  private let list = DrawList()

  /// A renderer for `scene` on a canvas of `size` points at `scale` pixels a point; it shows
  /// the window's tabs and status line only with `showsChrome`.
  package init(
    scene: SceneKind, settings: SceneSettings, size: Size, scale: Double,
    showsChrome: Bool = false, fonts: FontLibrary
  ) throws {
    self.size = size
    self.scale = scale
    showcase = Showcase(
      scene: scene, settings: settings, showsChrome: showsChrome,
      fonts: fonts.metricsProvider(pixelsPerPoint: scale), now: 0)
    // A scene's background is opaque, and so is every pixel of its frames.
    target = try SDLRenderTarget(
      offscreenWidth: PixelRect.wholePixel(size.width * scale, .toNearestOrAwayFromZero),
      height: PixelRect.wholePixel(size.height * scale, .toNearestOrAwayFromZero), opaque: true)
    drawer = try TextEffectsRenderer(fonts: fonts)
    drawer.renderer = target.renderer
    drawer.pixelsPerPoint = scale
  }

  /// The frame `time` seconds after the scene started; the image is reused by the next call.
  @discardableResult
  package func render(at time: Double) throws -> SDLRenderTarget {
    showcase.draw(at: time, in: size, into: list)
    try drawer.clear(to: list.background)
    try drawer.draw(list)
    return target
  }

  /// How many glyphs were rasterised so far: it stops growing once the scene's are in.
  package var atlasMisses: Int { drawer.atlasMisses }
}
