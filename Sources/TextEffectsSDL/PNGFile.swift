import CSDL2
import CSDL2Image
import FoundationEssentials
import Glibc
import TextEffects

/// Reads and writes PNG files as RGBA images, with SDL2_image.
package enum PNGFile {
  package static func read(_ path: String) throws -> RGBAImage {
    guard let loaded = IMG_Load(path) else { throw SDLError.last("Could not read the PNG \(path)") }
    defer { SDL_FreeSurface(loaded) }
    guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
      throw SDLError.last("Could not convert \(path) to RGBA")
    }
    defer { SDL_FreeSurface(surface) }
    return image(of: surface)
  }

  package static func write(_ image: RGBAImage, to path: String) throws {
    try withSurface(of: image) { try save($0, to: path) }
  }

  /// The image as a PNG file's bytes.
  package static func encode(_ image: RGBAImage) throws -> Data {
    try withSurface(of: image, encode)
  }

  /// Lends `image`'s pixels to SDL as a surface, for as long as `body` runs.
  private static func withSurface<Result>(
    of image: RGBAImage, _ body: (UnsafeMutablePointer<SDL_Surface>) throws -> Result
  ) throws -> Result {
    var bytes = image.bytes
    return try bytes.withUnsafeMutableBytes { buffer in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          buffer.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
          SDL_PIXELFORMAT_RGBA32.rawValue)
      else { throw SDLError.last("Could not wrap an image for writing") }
      defer { SDL_FreeSurface(surface) }
      return try body(surface)
    }
  }

  /// Encodes `surface` as a PNG in memory, then writes the file and checks that every byte
  /// reached it: SDL's file writer does not report a failed close, so a full disk would leave
  /// a torn file and a success. A regular file is written beside its place and renamed over it,
  /// so a failed write never spoils the file that was there; a device or a pipe is written to.
  static func save(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws {
    let encoded = try encode(surface)
    do {
      var status = stat()
      if stat(path, &status) != 0 || status.st_mode & S_IFMT == S_IFREG {
        try encoded.write(to: URL(fileURLWithPath: path), options: .atomic)
      } else {
        guard let device = OpenFile(writingTo: path) else {
          throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        try device.write(encoded)
      }
    } catch {
      throw SDLError("Could not write the PNG \(path): \(error.reason)")
    }
  }

  /// The PNG's bytes, from SDL2_image writing into a memory sink.
  static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>) throws -> Data {
    final class Sink { var bytes = Data() }
    let sink = Sink()
    guard let stream = SDL_AllocRW() else { throw SDLError.last("Could not encode the PNG") }
    defer { SDL_FreeRW(stream) }
    stream.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(sink).toOpaque()
    stream.pointee.size = { _ in -1 }
    stream.pointee.seek = { _, _, _ in -1 }
    stream.pointee.read = { _, _, _, _ in 0 }
    stream.pointee.write = { stream, bytes, size, count in
      guard let stream, let bytes else { return 0 }
      let sink = Unmanaged<Sink>.fromOpaque(stream.pointee.hidden.unknown.data1)
        .takeUnretainedValue()
      sink.bytes.append(bytes.assumingMemoryBound(to: UInt8.self), count: size * count)
      return count
    }
    stream.pointee.close = { _ in 0 }
    guard IMG_SavePNG_RW(surface, stream, 0) == 0 else {
      throw SDLError.last("Could not encode the PNG")
    }
    return withExtendedLifetime(sink) { sink.bytes }
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
