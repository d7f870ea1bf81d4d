import CSDL2
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// SDL's software renderer drawing into the window's own surface, which the X server shares
/// with us: each frame redraws only the rectangles that changed and sends only those to the
/// screen, and a frame that changes nothing costs no drawing and no traffic. A typewriter
/// frame then costs its few glyphs, not the 1,024,000 pixels of a 1280×800 window, a scrolling
/// answer moves the pixels it keeps, and Mesa is never loaded.
final class DamagePresenter: WindowPresenter {
  private let window: OpaquePointer
  private var surface: UnsafeMutablePointer<SDL_Surface>
  private var renderer: OpaquePointer
  private(set) var target: SDLRenderTarget
  let description = "software, only what changes"

  init(window: OpaquePointer) throws {
    // Without this SDL backs the surface with an OpenGL texture, which is what we avoid.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    self.window = window
    (surface, renderer) = try Self.attach(to: window)
    target = SDLRenderTarget(renderer: renderer, drawingInto: surface)
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
    drawer.renderer = nil  // its textures go before their renderer does
    SDL_DestroyRenderer(renderer)
    (surface, renderer) = try Self.attach(to: window)
    target = SDLRenderTarget(renderer: renderer, drawingInto: surface)
  }

  func present(_ list: DrawList, with drawer: TextEffectsRenderer) throws -> Bool {
    drawer.renderer = renderer
    let changed = try drawer.drawChanges(list)
    guard !changed.isEmpty else { return false }
    guard SDL_UpdateWindowSurfaceRects(window, changed, Int32(changed.count)) == 0 else {
      // The screen may show part of this frame: the next is drawn whole.
      drawer.invalidate()
      throw SDLError.last("Showing the frame failed")
    }
    return true
  }

  /// The window's surface holds the screen's pixels: no drawing is needed.
  func saveScreen(_ list: DrawList, with drawer: TextEffectsRenderer, to path: String) throws {
    try target.savePNG(to: path)
  }

  func close(with drawer: TextEffectsRenderer) {
    drawer.renderer = nil
    SDL_DestroyRenderer(renderer)
  }
}
