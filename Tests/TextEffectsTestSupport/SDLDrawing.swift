import CSDL2
import Foundation
import Testing

@testable import TextEffects
@testable import TextEffectsSDL

extension TextEffectsRenderer {
  /// `list` as a whole frame on `target` at `scale`, through the public methods, as the window
  /// and the screenshots draw one.
  package func draw(_ list: DrawList, on target: SDLRenderTarget, pixelsPerPoint scale: Double)
    throws
  {
    renderer = target.renderer
    pixelsPerPoint = scale
    try clear(to: list.background)
    try draw(list)
  }
}

extension FontLibrary {
  /// The bundled fonts, in a library of the caller's own: one is used by one thread at a
  /// time, and the tests run on several at once.
  package static func bundled() throws -> FontLibrary {
    try FontLibrary(directory: Repository.fonts)
  }
}

extension RGBAImage {
  /// The pixels of any SDL surface, converted to RGBA.
  package init(surface: UnsafeMutablePointer<SDL_Surface>) throws {
    let rgba = try #require(SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0))
    defer { SDL_FreeSurface(rgba) }
    self = PNGFile.image(of: rgba)
  }

  /// Every pixel as a tuple, for counting.
  package var pixels: [(UInt8, UInt8, UInt8, UInt8)] {
    stride(from: 0, to: bytes.count, by: 4).map {
      (bytes[$0], bytes[$0 + 1], bytes[$0 + 2], bytes[$0 + 3])
    }
  }

  /// How many pixels differ from `color` in any channel.
  package func count(differingFrom color: (UInt8, UInt8, UInt8)) -> Int {
    pixels.filter { $0.0 != color.0 || $0.1 != color.1 || $0.2 != color.2 }.count
  }
}
