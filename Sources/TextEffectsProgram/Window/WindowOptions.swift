import TextEffects
import TextEffectsApp

extension AppWindow {
  /// How a window opens: its size, its scale, fullscreen or not, and how it draws.
  package struct Options {
    /// The window's size in points (ignored when fullscreen).
    package var size: Size
    /// Pixels per point on top of the display's density; nil follows the window's size, for a
    /// kiosk that must read from across a room.
    package var scale: Double?
    package var isFullscreen: Bool
    package var hidesCursor: Bool
    package var renderer: WindowRenderer

    package init(
      size: Size, scale: Double?, isFullscreen: Bool = false, hidesCursor: Bool = false,
      renderer: WindowRenderer = .auto
    ) {
      self.size = size
      self.scale = scale
      self.isFullscreen = isFullscreen
      self.hidesCursor = hidesCursor
      self.renderer = renderer
    }
  }

  /// A kiosk's canvas is this many points tall at most, so its text grows with the display.
  package static let kioskCanvasHeight = 540.0
}
