import FoundationEssentials
import TextEffects

/// An animated PNG (APNG) built from PNG files of one size, one a frame: each frame's
/// compressed pixels are taken as they are, so no frame is compressed twice. Browsers play it;
/// viewers that know only PNG show the first frame. The file's bytes are taken as they are
/// made (`take`), so a long animation never waits whole in memory.
package struct AnimatedPNG {
  /// One frame: a PNG file's bytes, and how long it shows, in seconds.
  package typealias Frame = (png: Data, delay: Double)

  package struct Problem: Error, CustomStringConvertible {
    package let description: String
  }

  private var bytes: [UInt8] = PNGChunks.signature
  private var header: [UInt8]?
  private var sequence: UInt32 = 0
  private let frameCount: Int
  private var added = 0

  /// An animation of `frameCount` frames, played over and over.
  package init(frameCount: Int) {
    self.frameCount = frameCount
  }

  /// Adds the next frame.
  package mutating func add(_ frame: Frame) throws(Problem) {
    let chunks: [PNGChunks.Chunk]
    do {
      chunks = try PNGChunks.read(Array(frame.png))
    } catch {
      throw Problem(description: "frame \(added) is not a PNG")
    }
    guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
      throw Problem(description: "frame \(added) has no PNG header")
    }
    if let header {
      guard header == ihdr.data else {
        throw Problem(description: "frame \(added) is another size or kind than the first")
      }
    } else {
      header = ihdr.data
      PNGChunks.write("IHDR", ihdr.data, into: &bytes)
      PNGChunks.write(
        "acTL", PNGChunks.bigEndian(UInt32(frameCount)) + PNGChunks.bigEndian(UInt32(0)),
        into: &bytes)
      // What must come before the pixels (a palette, colour information) comes once, here.
      for chunk in chunks.dropFirst().prefix(while: { $0.type != "IDAT" }) {
        PNGChunks.write(chunk.type, chunk.data, into: &bytes)
      }
    }
    let width = Array(ihdr.data[0..<4])
    let height = Array(ihdr.data[4..<8])
    // The delay in thousandths of a second, as APNG's 16-bit numerator allows: up to 65.5 s.
    let milliseconds = UInt16(min(max((frame.delay * 1000).rounded(), 0), 65_535))
    var control = PNGChunks.bigEndian(sequence) + width + height
    control += PNGChunks.bigEndian(UInt32(0)) + PNGChunks.bigEndian(UInt32(0))
    control += PNGChunks.bigEndian(milliseconds) + PNGChunks.bigEndian(UInt16(1000))
    control += [0, 0]  // dispose: none; blend: source, so each frame replaces the last whole
    PNGChunks.write("fcTL", control, into: &bytes)
    sequence += 1
    for chunk in chunks where chunk.type == "IDAT" {
      if added == 0 {
        PNGChunks.write("IDAT", chunk.data, into: &bytes)
      } else {
        PNGChunks.write("fdAT", PNGChunks.bigEndian(sequence) + chunk.data, into: &bytes)
        sequence += 1
      }
    }
    added += 1
  }

  /// The bytes made since the last call.
  package mutating func take() -> Data {
    defer { bytes.removeAll(keepingCapacity: true) }
    return Data(bytes)
  }

  /// The file's last bytes, once every frame was added.
  package mutating func finish() throws(Problem) -> Data {
    guard added == frameCount, added > 0 else {
      throw Problem(description: "\(added) of \(frameCount) frames were added")
    }
    PNGChunks.write("IEND", [], into: &bytes)
    return take()
  }
}
