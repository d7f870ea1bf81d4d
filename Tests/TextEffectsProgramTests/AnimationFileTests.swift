import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// Animations written by `--animation`, read back frame by frame.
@Suite(.threadOfItsOwn(.waiting)) struct AnimationFileTests {
  /// The glitch over a burst, four frames 0.2 s apart, as the headless renderer draws them.
  func glitchFrames() throws -> [RGBAImage] {
    let renderer = try OffscreenRenderer(
      scene: .glitch, settings: SceneSettings(), size: Size(width: 320, height: 200), scale: 1,
      fonts: try FontLibrary.bundled())
    return try [0, 0.2, 0.4, 0.6].map { try renderer.render(at: $0).image() }
  }

  /// Each frame of the APNG, taken apart again into a PNG of its own, is the headless frame
  /// byte for byte in its pixels; the animation says four frames, forever, 0.2 s each.
  @Test func anAnimatedPNGHoldsEachFrameExactly() throws {
    let path = scratchPath("glitch.apng")
    let outcome = try Executable.run([
      "--scene", "glitch", "--frames", "0:0.6:0.2", "--size", "320x200", "--animation", path,
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    let chunks = try PNGChunks.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(chunks.map(\.type).prefix(2) == ["IHDR", "acTL"] && chunks.last?.type == "IEND")
    #expect(chunks[1].data == [0, 0, 0, 4, 0, 0, 0, 0])
    let controls = chunks.filter { $0.type == "fcTL" }
    #expect(controls.count == 4)
    #expect(controls.allSatisfy { Array($0.data[20..<24]) == [0, 200, 0x03, 0xE8] })
    // Frame by frame: the pixels that follow each control chunk, as a PNG of their own.
    var frames: [[UInt8]] = []
    for chunk in chunks {
      if chunk.type == "fcTL" { frames.append([]) }
      if chunk.type == "IDAT" { frames[frames.count - 1] += chunk.data }
      if chunk.type == "fdAT" { frames[frames.count - 1] += chunk.data.dropFirst(4) }
    }
    let expected = try glitchFrames()
    #expect(Set(expected.map(\.bytes)).count > 1)  // the burst moves
    for (index, pixels) in frames.enumerated() {
      var png = PNGChunks.signature
      PNGChunks.write("IHDR", chunks[0].data, into: &png)
      PNGChunks.write("IDAT", pixels, into: &png)
      PNGChunks.write("IEND", [], into: &png)
      let file = scratchPath("glitch-frame-\(index).png")
      try Data(png).write(to: URL(fileURLWithPath: file))
      #expect(try PNGFile.read(file) == expected[index], "frame \(index)")
    }
  }

  /// ImageMagick reads the GIF as four frames of 20 hundredths of a second, each the headless
  /// frame but for what 256 colours cannot hold (the goldens' colour threshold).
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"),
      "ImageMagick is not installed: apt-get install imagemagick to read the GIF back"))
  func anAnimatedGIFReadsBackInImageMagick() throws {
    let path = scratchPath("glitch.gif")
    let outcome = try Executable.run([
      "--scene", "glitch", "--times", "0,0.2,0.4,0.6", "--size", "320x200", "--animation", path,
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    let delays = try output(of: "identify", ["-format", "%T ", path])
    #expect(delays == "20 20 20 20")
    let stem = scratchPath("glitch-gif-frame")
    _ = try output(of: "convert", [path, "-coalesce", "\(stem)-%d.png"])
    for (index, frame) in try glitchFrames().enumerated() {
      let read = try PNGFile.read("\(stem)-\(index).png")
      let result = ImageComparison(threshold: 0.1).compare(read, to: frame)
      #expect(result.matches, "frame \(index): \(result.differingPixels ?? -1) pixels differ")
    }
  }
}
