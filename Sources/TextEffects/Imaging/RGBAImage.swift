/// An image as 8-bit red, green, blue and alpha bytes, row by row: what screenshots are
/// compared as, whatever wrote or read them.
package struct RGBAImage: Equatable, Sendable {
  package let width: Int
  package let height: Int
  package var bytes: [UInt8]

  package init(width: Int, height: Int, bytes: [UInt8]) {
    precondition(bytes.count == width * height * 4, "an RGBA image has 4 bytes a pixel")
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// An image filled with one colour.
  package init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) { bytes += [red, green, blue, alpha] }
    self.init(width: width, height: height, bytes: bytes)
  }

  package subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    get {
      let offset = (y * width + x) * 4
      return (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
    }
    set {
      let offset = (y * width + x) * 4
      bytes[offset] = newValue.red
      bytes[offset + 1] = newValue.green
      bytes[offset + 2] = newValue.blue
      bytes[offset + 3] = newValue.alpha
    }
  }
}
