import CSDL2
import TextEffects

/// Frames that redraw only what changed: for a target that keeps its pixels from one frame to
/// the next, as a window's surface drawn by SDL's software renderer does. A typewriter frame
/// then costs its few new glyphs, not every pixel of the window, and the window sends only
/// those rectangles to the screen.
extension TextEffectsRenderer {
  /// Draws `list` as a whole frame over the frame this method drew last, redrawing only the
  /// rectangles where the two differ (each cleared to the list's background, then given every
  /// command that meets it), and returns them in pixels: what to pass to
  /// `SDL_UpdateWindowSurfaceRects`. Empty when nothing changed, so nothing was drawn.
  ///
  /// The first frame, one after ``renderer`` or ``pixelsPerPoint`` changed, one of another size
  /// or background, and one after ``invalidate()`` are drawn whole and returned as one
  /// rectangle as large as the target. The pixels always equal those of ``clear(to:)`` with the
  /// list's background followed by ``draw(_:)``.
  public func drawChanges(_ list: DrawList) throws -> [SDL_Rect] {
    let target = try currentTarget()
    let bounds = self.bounds(of: list)
    let size = target.pixelSize
    let region = damage.update(
      commands: list.commands, bounds: bounds, background: list.background, width: size.width,
      height: size.height)
    do {
      switch region {
      case .none:
        return []
      case .full:
        fill(nil, of: target, with: list.background)
        try draw(list)
        SDL_RenderFlush(target.renderer)
        return [SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height))]
      case .rects(let changed):
        try draw(list, bounds: bounds, on: target, only: changed)
        SDL_RenderFlush(target.renderer)
        return changed.map {
          SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height))
        }
      }
    } catch {
      damage.invalidate()
      throw error
    }
  }

  /// The target no longer shows the frame ``drawChanges(_:)`` drew last: it was resized or
  /// uncovered, something else drew on it, or showing it failed. The next one is drawn whole.
  public func invalidate() {
    damage.invalidate()
  }
}
