import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

@Suite struct AnimationTests {
  @Test func eachFrameShowsUntilTheNextOnesTime() {
    #expect(FrameDelays.delays(of: [0, 0.25, 0.5, 1.5]) == [0.25, 0.25, 1, 1])
    #expect(FrameDelays.delays(of: [1.5]) == [0.1])
    #expect(FrameDelays.delays(of: [0, 0.5, 0.5]) == nil)
    #expect(FrameDelays.delays(of: [1, 0]) == nil)
    #expect(FrameDelays.delays(of: []) == nil)
  }

  /// PNG's CRC: IEND's is the one every PNG ends with.
  @Test func theChunkCRCIsPNGs() {
    #expect(PNGChunks.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    #expect(PNGChunks.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
  }

  /// LZW's codes read back to the indices, through the table's growth from 9 to 12 bits and
  /// its clearing when full: a small decoder written from GIF89a's appendix F.
  @Test(arguments: [0, 1, 2, 300, 5000, 100_000])
  func lzwReadsBack(count: Int) {
    var random = SeededRandom(seed: UInt64(count))
    // Runs and noise: the table fills with long strings and with short ones.
    let indices: [UInt8] = (0..<count).map { (index: Int) -> UInt8 in
      index % 1000 < 500 ? UInt8(index / 1000 % 256) : UInt8.random(in: 0...255, using: &random)
    }
    #expect(Self.decode(GIFLZW.encode(indices)) == indices)
  }

  static func decode(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var buffer = 0
    var bits = 0
    var offset = 0
    var width = 9
    var table: [[UInt8]] = (0..<256).map { [UInt8($0)] } + [[], []]
    var previous: [UInt8]?
    while true {
      while bits < width, offset < bytes.count {
        buffer |= Int(bytes[offset]) << bits
        bits += 8
        offset += 1
      }
      guard bits >= width else { return output }
      let code = buffer & ((1 << width) - 1)
      buffer >>= width
      bits -= width
      if code == 256 {
        table.removeLast(table.count - 258)
        width = 9
        previous = nil
        continue
      }
      if code == 257 { return output }
      let entry: [UInt8]
      if code < table.count {
        entry = table[code]
      } else if let previous {
        entry = previous + [previous[0]]
      } else {
        return output
      }
      output += entry
      if let previous, table.count < 4096 {
        table.append(previous + [entry[0]])
        if table.count == 1 << width, width < 12 { width += 1 }
      }
      previous = entry
    }
  }

  @Test func theCommandLineTakesAnAnimation() throws {
    #expect(
      try CommandLineOptions.parse(["--animation", "/tmp/a.gif", "--frames", "0:1:0.5"])
        == .animation(
          path: "/tmp/a.gif", times: [0, 0.5, 1],
          RenderRequest(
            scene: .typewriter, settings: SceneSettings(), size: CommandLineOptions.defaultSize,
            scale: 1, showsChrome: false)))
    #expect(
      usageError(["--animation", "/tmp/a.mp4", "--frames", "0:1:0.5"])
        == "--animation: /tmp/a.mp4 names no kind of animation; end it in .apng (or .png) or .gif")
    #expect(
      usageError(["--animation", "/tmp/a.apng"])
        == "--animation needs --frames A:B:STEP or --times T1,T2,...")
    #expect(
      usageError(["--animation", "/tmp/a.apng", "--times", "1,0.5"])
        == "--animation plays the times in order; give --times that increase")
    #expect(
      usageError(["--animation", "/tmp/a.apng", "--times", "1", "--columns", "2"])
        == "--columns is for --contact-sheet, not --animation")
  }
}
