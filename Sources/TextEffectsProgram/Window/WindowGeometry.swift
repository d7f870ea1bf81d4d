import CSDL2
import TextEffects
import TextEffectsSDL

/// The window's measures: the pixels a point takes, its size in the window system's units, and
/// its minimum size where no window manager keeps it.
extension AppWindow {
  /// Pixels per point: the display's density (2 on a HiDPI display that SDL reports as such)
  /// times the user's scale, or, for a kiosk, enough that the canvas is at most 540 points tall.
  static func pixelsPerPoint(
    window: OpaquePointer, target: SDLRenderTarget, options: Options
  ) -> Double {
    var windowWidth: Int32 = 0
    var windowHeight: Int32 = 0
    SDL_GetWindowSize(window, &windowWidth, &windowHeight)
    let pixels = target.pixelSize
    let density =
      windowWidth > 0 && pixels.width > 0 ? Double(pixels.width) / Double(windowWidth) : 1
    guard let scale = options.scale else {
      return max(density, Double(pixels.height) / kioskCanvasHeight)
    }
    return density * scale
  }

  /// The size of `window` in the window system's units (pixels or, on a HiDPI display, more).
  static func size(of window: OpaquePointer) -> (width: Int32, height: Int32) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    return (width, height)
  }

  /// The window's minimum size, which a window manager keeps; with none (a bare X server, a
  /// script's `xdotool windowsize`) nothing does, and the controls would overlap, so the
  /// window grows itself back.
  static func keepMinimumSize(of window: OpaquePointer) {
    var minimum = (width: Int32(0), height: Int32(0))
    var size = (width: Int32(0), height: Int32(0))
    SDL_GetWindowMinimumSize(window, &minimum.width, &minimum.height)
    SDL_GetWindowSize(window, &size.width, &size.height)
    guard size.width < minimum.width || size.height < minimum.height else { return }
    SDL_SetWindowSize(window, max(size.width, minimum.width), max(size.height, minimum.height))
  }

  /// Where `window` stands on the screen, and how many of the screen's units make a point,
  /// for screen readers: `pixels` wide at `pixelsPerPoint`.
  static func screenPlace(
    of window: OpaquePointer, pixels: (width: Int, height: Int), _ pixelsPerPoint: Double
  ) -> (origin: Point, scale: Double) {
    var x: Int32 = 0
    var y: Int32 = 0
    SDL_GetWindowPosition(window, &x, &y)
    return (
      Point(x: Double(x), y: Double(y)),
      pixelsPerPoint * Double(size(of: window).width) / Double(max(pixels.width, 1))
    )
  }

  /// The point at (`x`, `y`) in the window system's units of `window`, drawn `pixels` wide at
  /// `pixelsPerPoint`.
  static func point(
    x: Int32, y: Int32, in window: OpaquePointer, pixels: (width: Int, height: Int),
    _ pixelsPerPoint: Double
  ) -> Point {
    let density = Double(pixels.width) / Double(max(size(of: window).width, 1))
    return Point(x: Double(x) * density / pixelsPerPoint, y: Double(y) * density / pixelsPerPoint)
  }
}
