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
      // Bound on what the program costs, which the tests beside it do not change; by the
      // clock it only has to end.
      let measured = try Executable.runMeasured(
        [
          "--screenshot", output, "--scene", "streaming", "--trace", path, "--at", "\(time)",
          "--size", "640x400",
        ])
      let outcome = measured.ran
      let seconds = measured.processorSeconds
      #expect(outcome.status == 0, "\(arrivals) arrivals at \(time): \(outcome.error)")
      #expect(seconds < 5, "\(arrivals) arrivals at \(time) used \(seconds) s of processor time")
      #expect(measured.seconds < 60, "\(arrivals) arrivals took \(measured.seconds) s by the clock")
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
    let measured = try Executable.runMeasured(
      ["--screenshot", output, "--scene", "streaming", "--trace", path, "--at", "1"])
    #expect(measured.ran.status == 0, "\(measured.ran.error)")
    #expect(measured.processorSeconds < 5, "used \(measured.processorSeconds) s of processor time")
    #expect(measured.seconds < 60, "took \(measured.seconds) s by the clock")
  }
}

/// The extreme tests bound what a program costs by `wait4`'s account of it: a program that
/// sleeps costs next to nothing however long it takes, and one that counts costs its time.
@Suite struct ProcessorMeasureTests {
  @Test func theMeasureIsTheProgramsOwn() throws {
    let shell = URL(fileURLWithPath: "/bin/sh")
    let sleeping = try runMeasured(shell, ["-c", "sleep 0.3"], environment: [:])
    #expect(sleeping.seconds >= 0.3 && sleeping.processorSeconds < 0.1, "\(sleeping)")
    let counting = try runMeasured(
      shell, ["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; echo $i"],
      environment: [:])
    #expect(counting.ran.output == "200000\n" && counting.ran.status == 0)
    #expect(counting.processorSeconds > 0.05, "\(counting)")
    #expect(try runMeasured(shell, ["-c", "exit 3"], environment: [:]).ran.status == 3)
  }
}
