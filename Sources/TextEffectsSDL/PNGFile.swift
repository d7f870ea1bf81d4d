import CSDL2
import CSDL2Image
import TextEffects

/// Reads and writes PNG files as RGBA images, with SDL2_image.
public enum PNGFile {
  public static func read(_ path: String) throws -> RGBAImage {
    guard let loaded = IMG_Load(path) else { throw SDLError.last("Could not read the PNG \(path)") }
    defer { SDL_FreeSurface(loaded) }
    guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
      throw SDLError.last("Could not convert \(path) to RGBA")
    }
    defer { SDL_FreeSurface(surface) }
    return image(of: surface)
  }

  public static func write(_ image: RGBAImage, to path: String) throws {
    var bytes = image.bytes
    try bytes.withUnsafeMutableBytes { buffer in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          buffer.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
          SDL_PIXELFORMAT_RGBA32.rawValue)
      else { throw SDLError.last("Could not wrap an image for writing") }
      defer { SDL_FreeSurface(surface) }
      guard IMG_SavePNG(surface, path) == 0 else {
        throw SDLError.last("Could not write the PNG \(path)")
      }
    }
  }

  /// The pixels of a 32-bit surface in SDL's RGBA32 byte order.
  static func image(of surface: UnsafeMutablePointer<SDL_Surface>) -> RGBAImage {
    let width = Int(surface.pointee.w)
    let height = Int(surface.pointee.h)
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    let pitch = Int(surface.pointee.pitch)
    let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    bytes.withUnsafeMutableBufferPointer { destination in
      for row in 0..<height {
        (destination.baseAddress! + row * width * 4).update(
          from: pixels + row * pitch, count: width * 4)
      }
    }
    return RGBAImage(width: width, height: height, bytes: bytes)
  }
}
