import CSDL2
import TextEffects

/// SDL's software renderer drawing into the window's own surface, which the X server shares
/// with us: each frame redraws only the rectangles that changed and sends only those to the
/// screen, and a frame that changes nothing costs no drawing and no traffic. A typewriter
/// frame then costs its few glyphs, not the 1,024,000 pixels of a 1280×800 window, and Mesa
/// is never loaded.
final class DamagePresenter: WindowPresenter {
  private let window: OpaquePointer
  private var surface: UnsafeMutablePointer<SDL_Surface>
  private var renderer: OpaquePointer
  private(set) var target: SDLRenderTarget
  private let drawing = DamagedDrawing()
  private var rects: [SDL_Rect] = []
  let description = "software, only what changes"

  init(window: OpaquePointer) throws {
    // Without this SDL backs the surface with an OpenGL texture, which is what we avoid.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    self.window = window
    (surface, renderer) = try Self.attach(to: window)
    target = SDLRenderTarget(renderer: renderer)
  }

  /// The window's surface and a software renderer drawing into it.
  private static func attach(to window: OpaquePointer) throws -> (
    UnsafeMutablePointer<SDL_Surface>, OpaquePointer
  ) {
    guard let surface = SDL_GetWindowSurface(window) else {
      throw SDLError.last("The window has no surface to draw on")
    }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      throw SDLError.last("Could not create the software renderer for the window")
    }
    return (surface, renderer)
  }

  /// A resized window has a new surface: the renderer moves to it (the old one's textures go
  /// first, and nothing is left queued on it) and the next frame is drawn whole.
  func followResize(with drawer: TextEffectsRenderer) throws {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    guard width != surface.pointee.w || height != surface.pointee.h else { return }
    drawer.releaseTextures()
    SDL_DestroyRenderer(renderer)
    (surface, renderer) = try Self.attach(to: window)
    target = SDLRenderTarget(renderer: renderer)
    drawing.invalidate()
  }

  func present(_ list: DrawList, with drawer: TextEffectsRenderer, pixelsPerPoint scale: Double)
    throws
    -> Bool
  {
    let region = try drawing.draw(list, with: drawer, on: target, pixelsPerPoint: scale)
    do {
      switch region {
      case .none:
        return false
      case .full:
        guard SDL_UpdateWindowSurface(window) == 0 else {
          throw SDLError.last("Showing the frame failed")
        }
      case .rects(let changed):
        rects.removeAll(keepingCapacity: true)
        for rect in changed {
          rects.append(
            SDL_Rect(
              x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height)))
        }
        guard SDL_UpdateWindowSurfaceRects(window, rects, Int32(rects.count)) == 0 else {
          throw SDLError.last("Showing the frame failed")
        }
      }
    } catch {
      // The screen may show part of this frame: the next is drawn whole.
      drawing.invalidate()
      throw error
    }
    return true
  }

  func invalidate() {
    drawing.invalidate()
  }

  func close(with drawer: TextEffectsRenderer) {
    drawer.releaseTextures()
    SDL_DestroyRenderer(renderer)
  }
}

/// Keeps a software target showing the latest frame by redrawing only what changed since the
/// one before: the window's surface, or an offscreen image in the tests that hold it to a whole
/// redraw.
final class DamagedDrawing {
  private var damage = FrameDamage()

  /// The target no longer shows the last frame: the next is drawn whole.
  func invalidate() {
    damage.invalidate()
  }

  /// Draws what changed from the last frame to `list` on `target` and says where that was.
  func draw(
    _ list: DrawList, with drawer: TextEffectsRenderer, on target: SDLRenderTarget,
    pixelsPerPoint scale: Double
  ) throws -> FrameDamage.Region {
    let bounds = drawer.bounds(of: list, pixelsPerPoint: scale)
    let size = target.pixelSize
    let region = damage.update(
      commands: list.commands, bounds: bounds, background: list.background, width: size.width,
      height: size.height)
    do {
      switch region {
      case .none: break
      case .full: try drawer.draw(list, on: target, pixelsPerPoint: scale)
      case .rects(let changed):
        try drawer.draw(list, bounds: bounds, on: target, pixelsPerPoint: scale, only: changed)
      }
      SDL_RenderFlush(target.renderer)
    } catch {
      damage.invalidate()
      throw error
    }
    return region
  }
}
