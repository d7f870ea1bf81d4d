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
  /// Draws the showcase's bars too; a screenshot shows the scene alone unless asked.
  public var showsChrome: Bool

  public init(
    scene: SceneKind, settings: SceneSettings, time: Double, size: Size, scale: Double,
    showsChrome: Bool = false
  ) {
    self.scene = scene
    self.settings = settings
    self.time = time
    self.size = size
    self.scale = scale
    self.showsChrome = showsChrome
  }

  /// The image's size in pixels.
  public var pixelWidth: Int { Int((size.width * scale).rounded()) }
  public var pixelHeight: Int { Int((size.height * scale).rounded()) }

  /// Draws the frame into a new offscreen image.
  public func render(fonts: FontLibrary) throws -> SDLRenderTarget {
    let target = try SDLRenderTarget(offscreenWidth: pixelWidth, height: pixelHeight)
    let showcase = Showcase(
      scene: scene, settings: settings, showsChrome: showsChrome,
      fonts: fonts.metricsProvider(pixelsPerPoint: scale), now: 0)
    let list = DrawList()
    showcase.draw(at: time, in: size, into: list)
    try FrameDrawer(fonts: fonts).draw(list, on: target, pixelsPerPoint: scale)
    return target
  }
}
