import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// A real stream recorded from a pipe in the window, then played back headless.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: WindowDriver.isAvailable)) struct TraceWindowTests {
  static let pieces = [
    "Sourdough needs time more than effort.", " Mix flour, water and salt",
    " in the evening, caf\u{E9} \u{1F35E}.",
  ]

  @Test func aTraceRecordedFromAPipeReplaysTheSameFramesEveryRun() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "text-effects-trace-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let trace = folder.appendingPathComponent("answer.jsonl").path
    let window = try WindowDriver(["--stdin", "--record-trace", trace, "--renderer", "software"])
    for piece in Self.pieces {
      window.input.fileHandleForWriting.write(Data(piece.utf8))
      Thread.sleep(forTimeInterval: 0.5)
    }
    Thread.sleep(forTimeInterval: 1)
    let live = try window.capture()
    #expect(try window.quit(with: "Escape"))

    // Each piece on a line of its own, with its time since the first: the pauses between
    // them, give or take the frames the window took to see each.
    let recorded = try StreamingTrace.parse(Data(contentsOf: URL(fileURLWithPath: trace)))
    #expect(recorded.arrivals.map(\.text) == Self.pieces)
    let times = recorded.arrivals.map(\.time)
    #expect(times.first == 0)
    for (earlier, later) in zip(times, times.dropFirst()) {
      #expect((0.3...0.8).contains(later - earlier), "\(times)")
    }

    // Two runs of the same frames are the same bytes.
    func frames(_ name: String) throws -> [Data] {
      let out = folder.appendingPathComponent(name)
      let outcome = try Executable.run([
        "--scene", "streaming", "--trace", trace, "--question", "", "--frames", "0:1.6:0.2",
        "--out", out.path,
      ])
      #expect(outcome.status == 0, "\(outcome.error)")
      return try (0..<9).map {
        try Data(contentsOf: out.appendingPathComponent(String(format: "frame-%05d.png", $0)))
      }
    }
    let first = try frames("first")
    #expect(first == (try frames("second")))
    #expect(Set(first).count > 4)  // it moves: the frames are not all one

    // Once all is in, the window showed what the replay shows (above the replay's Ask Again
    // button, which the live window has no use for).
    let shot = folder.appendingPathComponent("settled.png").path
    _ = try Executable.run([
      "--screenshot", shot, "--scene", "streaming", "--trace", trace, "--question", "",
      "--at", "5",
    ])
    let replayed = try PNGFile.read(shot)
    #expect(live.width == replayed.width && live.height == replayed.height)
    func top(_ image: RGBAImage) -> RGBAImage {
      let rows = min(450, image.height)
      return RGBAImage(
        width: image.width, height: rows, bytes: Array(image.bytes[0..<(image.width * rows * 4)]))
    }
    let result = WindowTests.windowComparison.compare(top(live), to: top(replayed))
    #expect(result.matches, "\(result.differingPixels ?? -1) pixels differ")
  }
}
