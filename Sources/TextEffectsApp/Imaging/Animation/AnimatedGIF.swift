import FoundationEssentials
import TextEffects

/// An animated GIF, written by hand (no package for it can be fetched here): each frame with a
/// palette of its own of up to 256 colours, looping forever. GIF counts time in hundredths of a
/// second, so a delay of 0.04 s is kept and 1/60 s becomes 0.02 s.
package struct AnimatedGIF {
  private var bytes: [UInt8] = []
  private let width: Int
  private let height: Int

  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
    bytes += Array("GIF89a".utf8) + little(width) + little(height)
    bytes += [0x00, 0, 0]  // no global palette: each frame has its own
    // NETSCAPE2.0: loop forever.
    bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
  }

  /// Adds `image` (of the animation's size), shown for `delay` seconds.
  package mutating func add(_ image: RGBAImage, delay: Double) {
    precondition(image.width == width && image.height == height, "frames of one size")
    var palette = GIFPalette(image)
    let centiseconds = Int(min(max((delay * 100).rounded(), 1), 65_535))
    // Graphic control: the frame stays until the next replaces it whole; no transparency.
    bytes += [0x21, 0xF9, 0x04, 0x04] + little(centiseconds) + [0x00, 0x00]
    // The frame covers the whole image, with a local palette of 256 colours.
    bytes += [0x2C] + little(0) + little(0) + little(width) + little(height) + [0x87]
    for index in 0..<256 {
      let colour = index < palette.colours.count ? palette.colours[index] : (0, 0, 0)
      bytes += [colour.0, colour.1, colour.2]
    }
    bytes.append(8)
    let codes = GIFLZW.encode(palette.indices(of: image))
    var offset = 0
    while offset < codes.count {
      let block = codes[offset..<min(offset + 255, codes.count)]
      bytes.append(UInt8(block.count))
      bytes += block
      offset += block.count
    }
    bytes.append(0)
  }

  /// The bytes made since the last call: a long animation is written as it is made.
  package mutating func take() -> Data {
    defer { bytes.removeAll(keepingCapacity: true) }
    return Data(bytes)
  }

  /// The file's last bytes, once every frame was added.
  package mutating func finish() -> Data {
    bytes.append(0x3B)
    return take()
  }

  private func little(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
  }
}

/// Up to 256 colours for one frame: the most used first, each at least a little apart from
/// those already taken, so that a small patch of its own colour (a cursor, a copy of the
/// glitch) is kept rather than crowded out by the shades of anti-aliased edges.
struct GIFPalette {
  private(set) var colours: [(UInt8, UInt8, UInt8)] = []
  private var nearest: [UInt32: UInt8] = [:]

  init(_ image: RGBAImage) {
    var counts: [UInt32: Int] = [:]
    for offset in stride(from: 0, to: image.bytes.count, by: 4) {
      counts[Self.key(image.bytes, offset), default: 0] += 1
    }
    let byUse = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    var taken: [UInt32] = []
    for spacing in [24, 8, 0] where taken.count < 256 {
      for (key, _) in byUse where taken.count < 256 && !taken.contains(key) {
        if taken.allSatisfy({ Self.distance($0, key) >= spacing }) { taken.append(key) }
      }
    }
    colours = taken.map { (UInt8($0 >> 16), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)) }
    for (index, key) in taken.enumerated() { nearest[key] = UInt8(index) }
  }

  /// Each pixel's palette index: its own colour's, or the nearest one's.
  mutating func indices(of image: RGBAImage) -> [UInt8] {
    var indices = [UInt8](repeating: 0, count: image.width * image.height)
    for pixel in 0..<indices.count {
      let key = Self.key(image.bytes, pixel * 4)
      if let index = nearest[key] {
        indices[pixel] = index
        continue
      }
      var best = (index: 0, distance: Int.max)
      for (index, colour) in colours.enumerated() {
        let other = UInt32(colour.0) << 16 | UInt32(colour.1) << 8 | UInt32(colour.2)
        let distance = Self.distance(key, other)
        if distance < best.distance { best = (index, distance) }
      }
      nearest[key] = UInt8(best.index)
      indices[pixel] = UInt8(best.index)
    }
    return indices
  }

  /// A pixel's colour as 0xRRGGBB; frames are opaque, so alpha is left out.
  private static func key(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2])
  }

  /// The largest of the channels' differences.
  private static func distance(_ first: UInt32, _ second: UInt32) -> Int {
    var largest = 0
    for shift in [16, 8, 0] {
      let a = Int((first >> UInt32(shift)) & 0xFF)
      let b = Int((second >> UInt32(shift)) & 0xFF)
      largest = max(largest, abs(a - b))
    }
    return largest
  }
}

/// GIF's variable-length LZW over 8-bit indices (GIF89a, appendix F): codes from 9 to 12 bits,
/// a clear code whenever the table fills.
enum GIFLZW {
  static func encode(_ indices: [UInt8]) -> [UInt8] {
    let clear = 256
    let end = 257
    var output: [UInt8] = []
    var buffer = 0
    var bits = 0
    var width = 9
    func emit(_ code: Int) {
      buffer |= code << bits
      bits += width
      while bits >= 8 {
        output.append(UInt8(buffer & 0xFF))
        buffer >>= 8
        bits -= 8
      }
    }
    var table: [Int: Int] = [:]
    var next = 258
    emit(clear)
    var current = -1
    for index in indices {
      let symbol = Int(index)
      guard current >= 0 else {
        current = symbol
        continue
      }
      let key = current << 8 | symbol
      if let code = table[key] {
        current = code
        continue
      }
      emit(current)
      if next < 4096 {
        table[key] = next
        next += 1
        // The decoder widens its codes once the next code it will make needs another bit.
        if next > (1 << width), width < 12 { width += 1 }
      } else {
        emit(clear)
        table.removeAll(keepingCapacity: true)
        next = 258
        width = 9
      }
      current = symbol
    }
    if current >= 0 { emit(current) }
    emit(end)
    if bits > 0 { output.append(UInt8(buffer & 0xFF)) }
    return output
  }
}
