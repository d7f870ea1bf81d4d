import TextEffects

/// One frame of a scene, drawn headless into an image: the screenshot mode's whole path.
public struct Screenshot {
  public var scene: SceneKind
  public var settings: SceneSettings
  /// Seconds since the scene started.
  public var time: Double
  /// The canvas in points; the image is this times `scale` in pixels.
  public var size: Size
  public var scale: Double

  public init(scene: SceneKind, settings: SceneSettings, time: Double, size: Size, scale: Double) {
    self.scene = scene
    self.settings = settings
    self.time = time
    self.size = size
    self.scale = scale
  }

  /// The image's size in pixels.
  public var pixelWidth: Int { Int((size.width * scale).rounded()) }
  public var pixelHeight: Int { Int((size.height * scale).rounded()) }

  /// Draws the frame into a new offscreen image.
  public func render(fonts: FontLibrary) throws -> SDLRenderTarget {
    let target = try SDLRenderTarget(offscreenWidth: pixelWidth, height: pixelHeight)
    let drawer = try FrameDrawer(fonts: fonts)
    let list = DrawList()
    let scene = scene.makeScene(
      settings: settings, fonts: fonts.metricsProvider(pixelsPerPoint: scale))
    scene.draw(at: time, in: size, into: list)
    try drawer.draw(list, on: target, pixelsPerPoint: scale)
    return target
  }
}
