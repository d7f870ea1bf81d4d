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

/// An offscreen image's pixels, for comparing.
struct PixelImage {
  var width: Int
  var height: Int
  /// Red, green, blue and alpha of each pixel, row by row.
  var pixels: [(UInt8, UInt8, UInt8, UInt8)]

  init(_ target: SDLRenderTarget) {
    let size = target.pixelSize
    width = size.width
    height = size.height
    pixels = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
      for x in 0..<width {
        let pixel = target.pixel(x: x, y: y)!
        pixels.append((pixel.red, pixel.green, pixel.blue, pixel.alpha))
      }
    }
  }

  init(surface: UnsafeMutablePointer<SDL_Surface>) {
    width = Int(surface.pointee.w)
    height = Int(surface.pointee.h)
    pixels = []
    for y in 0..<height {
      let row = surface.pointee.pixels.advanced(by: y * Int(surface.pointee.pitch))
        .assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let value = row[x]
        pixels.append(
          (
            UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
            UInt8(value >> 24)
          ))
      }
    }
  }

  /// How many pixels differ from `color` in any channel.
  func count(differingFrom color: (UInt8, UInt8, UInt8)) -> Int {
    pixels.filter { $0.0 != color.0 || $0.1 != color.1 || $0.2 != color.2 }.count
  }
}
