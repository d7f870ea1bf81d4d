import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// Recorded streams from one arrival to the most a file may hold, replayed.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: Executable.isOptimized)) struct ExtremeTraceTests {
  /// Traces from one arrival to half a million (16 MB, the most a file may be), one character
  /// each or one arrival of 16 MB: a screenshot midway and at the end is drawn in a few seconds.
  @Test(arguments: [1, 100, 10_000, 500_000])
  func tracesOfEveryLengthReplayQuickly(arrivals: Int) throws {
    let path = scratchPath("extreme-\(arrivals).jsonl")
    var text = ""
    for index in 0..<arrivals {
      text += StreamingTrace.line(time: Double(index) * 0.001, text: index % 50 == 49 ? " " : "w")
      text += "\n"
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    for time in [Double(arrivals) * 0.0005, Double(arrivals) * 0.001 + 2] {
      let output = scratchPath("extreme-trace.png")
      let start = Date()
      let outcome = try Executable.run(
        [
          "--screenshot", output, "--scene", "streaming", "--trace", path, "--at", "\(time)",
          "--size", "640x400",
        ])
      let seconds = Date().timeIntervalSince(start)
      #expect(outcome.status == 0, "\(arrivals) arrivals at \(time): \(outcome.error)")
      #expect(seconds < 5, "\(arrivals) arrivals at \(time) took \(seconds) s")
      let image = try PNGFile.read(output)
      #expect(image.count(differingFrom: (0, 0, 0)) > 0)
    }
  }

  @Test func oneArrivalOfSixteenMegabytesOfMarks() throws {
    let path = scratchPath("extreme-one.jsonl")
    let marks = String(repeating: "\u{301}", count: (16 << 20) / 2 - 100)
    try Data((StreamingTrace.line(time: 0, text: marks) + "\n").utf8).write(
      to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = scratchPath("extreme-one.png")
    let start = Date()
    let outcome = try Executable.run(
      ["--screenshot", output, "--scene", "streaming", "--trace", path, "--at", "1"])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(Date().timeIntervalSince(start) < 5)
  }
}
