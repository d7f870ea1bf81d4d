import CSDL2
import CSDL2Image
import Foundation
import TextEffects

/// An SDL renderer and what it draws into: a window, or an offscreen surface for screenshots.
/// Both draw through the same `TextEffectsRenderer`, so a screenshot shows what the window shows.
package final class SDLRenderTarget {
  package let renderer: OpaquePointer
  /// The surface behind an offscreen target; nil for a window.
  private let surface: UnsafeMutablePointer<SDL_Surface>?

  /// A target for a window's renderer; the window owns neither.
  package init(renderer: OpaquePointer) {
    self.renderer = renderer
    surface = nil
  }

  /// The target for `renderer`: the offscreen one that owns it while that one lives, else a
  /// new one for a renderer someone else owns (a window's). A `TextEffectsRenderer` given an
  /// `OffscreenImage`'s bare renderer so holds the image's target, and the image cannot destroy
  /// its renderer, and the glyph texture with it, while it is still drawn into: Swift may end
  /// an image's life at its last use, before the `TextEffectsRenderer`'s.
  static func drawing(into renderer: OpaquePointer) -> SDLRenderTarget {
    offscreenTargets.target(for: renderer) ?? SDLRenderTarget(renderer: renderer)
  }

  private static let offscreenTargets = OffscreenTargets()

  /// An offscreen target of `width` × `height` pixels with SDL's software renderer: needs no
  /// display and draws the same pixels on every machine.
  package init(offscreenWidth width: Int, height: Int) throws {
    guard width > 0, height > 0, width <= 16384, height <= 16384 else {
      throw SDLError("An offscreen image of \(width)×\(height) pixels is not possible")
    }
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw SDLError.last("Could not allocate a \(width)×\(height) image") }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      SDL_FreeSurface(surface)
      throw SDLError.last("Could not create the software renderer")
    }
    self.surface = surface
    self.renderer = renderer
    Self.offscreenTargets.add(self)
  }

  deinit {
    if let surface {
      Self.offscreenTargets.remove(renderer)
      SDL_DestroyRenderer(renderer)
      SDL_FreeSurface(surface)
    }
  }

  /// The size of what is drawn into, in pixels.
  package var pixelSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &width, &height)
    return (Int(width), Int(height))
  }

  /// Writes the offscreen image to `path` as a PNG.
  package func savePNG(to path: String) throws {
    guard let surface else { throw SDLError("Only an offscreen image can be saved directly") }
    try PNGFile.save(surface, to: path)
  }

  /// Copies this offscreen image into `other` with its top-left corner at (`x`, `y`) pixels.
  package func copy(into other: SDLRenderTarget, x: Int, y: Int) throws {
    guard let surface, let destination = other.surface else {
      throw SDLError("Only offscreen images can be copied")
    }
    SDL_RenderFlush(renderer)
    SDL_RenderFlush(other.renderer)
    SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
    var place = SDL_Rect(x: Int32(x), y: Int32(y), w: surface.pointee.w, h: surface.pointee.h)
    guard SDL_UpperBlit(surface, nil, destination, &place) == 0 else {
      throw SDLError.last("Could not copy a frame into the contact sheet")
    }
  }

  /// The offscreen image's pixels.
  package func image() throws -> RGBAImage {
    guard let surface else { throw SDLError("Only an offscreen image can be read directly") }
    SDL_RenderFlush(renderer)
    guard let rgba = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
      throw SDLError.last("Could not read the image")
    }
    defer { SDL_FreeSurface(rgba) }
    return PNGFile.image(of: rgba)
  }
}

/// The offscreen targets alive now, by renderer, held weakly, for any thread (the suites draw
/// on several).
private final class OffscreenTargets: @unchecked Sendable {
  private struct Weak {
    weak var target: SDLRenderTarget?
  }
  private let lock = NSLock()
  /// Guarded by `lock`.
  private var targets: [OpaquePointer: Weak] = [:]

  func add(_ target: SDLRenderTarget) {
    lock.withLock { targets[target.renderer] = Weak(target: target) }
  }

  func remove(_ renderer: OpaquePointer) {
    lock.withLock { _ = targets.removeValue(forKey: renderer) }
  }

  func target(for renderer: OpaquePointer) -> SDLRenderTarget? {
    lock.withLock { targets[renderer]?.target }
  }
}
