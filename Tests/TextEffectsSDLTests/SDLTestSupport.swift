import CSDL2
import Foundation
import Testing

@testable import TextEffects
@testable import TextEffectsSDL

/// Every test that touches SDL sits inside this suite: SDL is not thread safe, and Swift
/// Testing runs suites in parallel unless they are serialized together.
@Suite(.serialized) struct SDLTests {}

enum TestAssets {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let fonts = repository.appendingPathComponent("Assets/Fonts")

  /// One font library for the whole run, made on first use.
  nonisolated(unsafe) static var sharedLibrary: FontLibrary?

  static func library() throws -> FontLibrary {
    if let sharedLibrary { return sharedLibrary }
    let library = try FontLibrary(directory: fonts)
    sharedLibrary = library
    return library
  }
}

extension TextEffectsRenderer {
  /// `list` as a whole frame on `target` at `scale`, through the public methods, as the window
  /// and the screenshots draw one.
  func draw(_ list: DrawList, on target: SDLRenderTarget, pixelsPerPoint scale: Double) throws {
    renderer = target.renderer
    pixelsPerPoint = scale
    try clear(to: list.background)
    try draw(list)
  }
}

extension RGBAImage {
  /// The pixels of any SDL surface, converted to RGBA.
  init(surface: UnsafeMutablePointer<SDL_Surface>) throws {
    let rgba = try #require(SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0))
    defer { SDL_FreeSurface(rgba) }
    self = PNGFile.image(of: rgba)
  }

  /// Every pixel as a tuple, for counting.
  var pixels: [(UInt8, UInt8, UInt8, UInt8)] {
    stride(from: 0, to: bytes.count, by: 4).map {
      (bytes[$0], bytes[$0 + 1], bytes[$0 + 2], bytes[$0 + 3])
    }
  }

  /// How many pixels differ from `color` in any channel.
  func count(differingFrom color: (UInt8, UInt8, UInt8)) -> Int {
    pixels.filter { $0.0 != color.0 || $0.1 != color.1 || $0.2 != color.2 }.count
  }
}
