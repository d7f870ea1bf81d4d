import CSDL2
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// Gets a window's frames onto the screen: the OpenGL renderer drawing each whole, or the
/// software renderer on the window's surface redrawing only what changed.
protocol WindowPresenter: AnyObject {
  /// What the window draws into; its size is the window's in pixels.
  var target: SDLRenderTarget { get }
  /// What a person reads in the help overlay and the bench, such as "software, only what
  /// changes".
  var description: String { get }
  /// Takes the window's size now, before a frame is recorded for it.
  func followResize(with drawer: TextEffectsRenderer) throws
  /// Draws `list` with `drawer`, at the drawer's scale, and shows it; false when nothing on
  /// screen changed, so nothing was drawn.
  func present(_ list: DrawList, with drawer: TextEffectsRenderer) throws -> Bool
  /// Writes the pixels on screen, which `list` drew, to `path` as a PNG.
  func saveScreen(_ list: DrawList, with drawer: TextEffectsRenderer, to path: String) throws
  /// Frees what belongs to the renderer, before the window goes.
  func close(with drawer: TextEffectsRenderer)
}

/// SDL's accelerated renderer (OpenGL on Linux) drawing every frame whole, synchronised with the
/// display where the driver can.
final class WholeFramePresenter: WindowPresenter {
  let target: SDLRenderTarget
  let description: String
  private let renderer: OpaquePointer

  init(window: OpaquePointer) throws {
    guard
      let renderer = SDL_CreateRenderer(
        window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        ?? SDL_CreateRenderer(window, -1, 0)
    else { throw SDLError.last("Could not create a renderer for the window") }
    self.renderer = renderer
    target = SDLRenderTarget(renderer: renderer)
    var info = SDL_RendererInfo()
    let name = SDL_GetRendererInfo(renderer, &info) == 0 ? String(cString: info.name) : "SDL"
    let device = OpenGLProbe.currentRendererName().map { " on \($0)" } ?? ""
    description = name == "opengl" ? "OpenGL\(device), whole frames" : "\(name), whole frames"
  }

  func present(_ list: DrawList, with drawer: TextEffectsRenderer) throws -> Bool {
    drawer.renderer = renderer
    try drawer.clear(to: list.background)
    try drawer.draw(list)
    SDL_RenderPresent(renderer)
    return true
  }

  /// OpenGL keeps no copy of the screen, and its back buffer is undefined once presented: the
  /// last frame is drawn again, read back, and shown again, the same pixels.
  func saveScreen(_ list: DrawList, with drawer: TextEffectsRenderer, to path: String) throws {
    drawer.renderer = renderer
    try drawer.clear(to: list.background)
    try drawer.draw(list)
    defer { SDL_RenderPresent(renderer) }
    try target.saveDrawnPNG(to: path)
  }

  func followResize(with drawer: TextEffectsRenderer) throws {}  // the renderer follows by itself

  func close(with drawer: TextEffectsRenderer) {
    drawer.renderer = nil  // its textures go before their renderer does
    SDL_DestroyRenderer(renderer)
  }
}
