import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// F12 and Ctrl+S: the frame on screen drawn whole into an image of its own, by a drawer of its
/// own that shares the window's fonts, and written to a PNG. The window's drawer and its atlas
/// stay as they are. The second drawer goes with its image: a frame is saved seldom, and its
/// atlas would hold a kiosk's memory for nothing.
enum FrameSaving {
  /// Draws `list` at `pixelsPerPoint` into an opaque image of `pixels`, and writes it to `path`.
  static func save(
    _ list: DrawList, pixels: (width: Int, height: Int), pixelsPerPoint: Double,
    fonts: FontLibrary, to path: String
  ) throws {
    let image = try SDLRenderTarget(
      offscreenWidth: pixels.width, height: pixels.height, opaque: true)
    let drawer = try TextEffectsRenderer(fonts: fonts)
    drawer.renderer = image.renderer
    drawer.pixelsPerPoint = pixelsPerPoint
    try drawer.clear(to: list.background)
    try drawer.draw(list)
    try image.savePNG(to: path)
  }

  /// Saves `list`, what `content` shows, in the working folder, named by its scene and time,
  /// and says in its status line where it went, or what stopped it.
  static func save(
    _ list: DrawList, of content: any InteractiveContent, pixels: (width: Int, height: Int),
    pixelsPerPoint: Double, fonts: FontLibrary, at now: Double
  ) {
    let name = content.frameFileName(at: now)
    do {
      try save(list, pixels: pixels, pixelsPerPoint: pixelsPerPoint, fonts: fonts, to: name)
      content.show(message: "Saved \(name)", at: now)
    } catch {
      content.show(message: "Could not save the frame: \(error)", at: now)
    }
  }
}
