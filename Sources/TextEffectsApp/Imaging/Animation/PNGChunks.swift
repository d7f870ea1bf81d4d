import TextEffects

/// A PNG file's chunks, read and written: what an animated PNG is made of. Written by hand as
/// no package for it can be fetched here; the format is small (PNG's specification, section 5).
enum PNGChunks {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  struct Chunk: Equatable {
    var type: String
    var data: [UInt8]
  }

  struct Malformed: Error {}

  /// The chunks of a PNG file, in order; throws when the bytes are not a PNG.
  static func read(_ png: [UInt8]) throws -> [Chunk] {
    guard png.starts(with: signature) else { throw Malformed() }
    var chunks: [Chunk] = []
    var offset = signature.count
    while offset + 12 <= png.count {
      let length = Int(bigEndian32(png, at: offset))
      let start = offset + 8
      guard length <= png.count - start - 4 else { throw Malformed() }
      let type = String(decoding: png[(offset + 4)..<start], as: UTF8.self)
      chunks.append(Chunk(type: type, data: Array(png[start..<(start + length)])))
      offset = start + length + 4
      if type == "IEND" { break }
    }
    return chunks
  }

  /// A chunk as written: length, type, data, and the CRC of type and data.
  static func write(_ type: String, _ data: [UInt8], into output: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    output += bigEndian(UInt32(data.count))
    output += typeBytes
    output += data
    output += bigEndian(crc32(typeBytes + data))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  static func bigEndian(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

  static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// CRC-32 as PNG (and zlib) computes it: reflected, polynomial 0xEDB88320.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }
}
