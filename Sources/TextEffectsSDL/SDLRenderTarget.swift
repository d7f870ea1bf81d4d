import CSDL2
import CSDL2Image
import TextEffects

/// An SDL renderer and what it draws into: a window, or an offscreen surface for screenshots.
/// Both draw through the same `FrameDrawer`, so a screenshot shows what the window shows.
public final class SDLRenderTarget {
  let renderer: OpaquePointer
  /// The surface behind an offscreen target; nil for a window.
  private let surface: UnsafeMutablePointer<SDL_Surface>?

  /// A target for a window's renderer; the window owns neither.
  init(renderer: OpaquePointer) {
    self.renderer = renderer
    surface = nil
  }

  /// An offscreen target of `width` × `height` pixels with SDL's software renderer: needs no
  /// display and draws the same pixels on every machine.
  public init(offscreenWidth width: Int, height: Int) throws {
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
  }

  deinit {
    if let surface {
      SDL_DestroyRenderer(renderer)
      SDL_FreeSurface(surface)
    }
  }

  /// The size of what is drawn into, in pixels.
  public var pixelSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &width, &height)
    return (Int(width), Int(height))
  }

  /// Writes the offscreen image to `path` as a PNG.
  public func savePNG(to path: String) throws {
    guard let surface else { throw SDLError("Only an offscreen image can be saved directly") }
    guard IMG_SavePNG(surface, path) == 0 else {
      throw SDLError.last("Could not write the PNG \(path)")
    }
  }

  /// The pixel at (`x`, `y`) of an offscreen image as RGBA bytes, for tests.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
    guard let surface, x >= 0, y >= 0, x < Int(surface.pointee.w), y < Int(surface.pointee.h)
    else { return nil }
    SDL_RenderFlush(renderer)
    let row = surface.pointee.pixels.advanced(by: y * Int(surface.pointee.pitch))
    let value = row.assumingMemoryBound(to: UInt32.self)[x]
    return (
      UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
      UInt8(value >> 24)
    )
  }
}
