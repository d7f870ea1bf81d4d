import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// `--trace` and `--record-trace` on the command line.
@Suite struct TraceOptionsTests {
  func file(_ name: String, _ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trace-options-\(name)"
    ).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aTraceReachesTheStreamingSceneOfAScreenshot() throws {
    let path = try file(
      "good.jsonl", "{\"time\":0,\"text\":\"Hi\"}\n{\"time\":0.5,\"text\":\"!\"}\n")
    guard
      case .screenshot(_, _, let request) = try CommandLineOptions.parse([
        "--screenshot", "/tmp/t.png", "--scene", "streaming", "--trace", path,
      ])
    else {
      Issue.record("expected a screenshot")
      return
    }
    #expect(request.settings[StreamingSettings.self].trace?.text == "Hi!")
  }

  @Test func recordingNeedsStandardInputAndAWritablePlace() throws {
    guard
      case .kiosk(let request) = try CommandLineOptions.parse([
        "--stdin", "--record-trace", "/tmp/r.jsonl",
      ])
    else {
      Issue.record("expected the kiosk")
      return
    }
    #expect(request.traceRecording == "/tmp/r.jsonl" && request.readsStandardInput)
    #expect(
      usageError(["--kiosk", "--record-trace", "/tmp/r.jsonl"])
        == "--record-trace saves what arrives on standard input; add --stdin")
    #expect(
      usageError(["--stdin", "--record-trace", "/no/such/r.jsonl"])
        == "--record-trace: the folder /no/such does not exist")
    #expect(
      usageError(["--screenshot", "/tmp/a.png", "--record-trace", "/tmp/r.jsonl"])
        == "--screenshot and the kiosk options do not mix")
  }

  /// `--play-log` logs a kiosk's items, into a file it can write.
  @Test func thePlayLogNeedsAKioskAndAWritablePlace() throws {
    guard
      case .kiosk(let request) = try CommandLineOptions.parse([
        "--kiosk", "--play-log", "/tmp/plays.jsonl",
      ])
    else {
      Issue.record("expected the kiosk")
      return
    }
    #expect(request.playLog == "/tmp/plays.jsonl")
    #expect(
      usageError(["--play-log", "/tmp/plays.jsonl"])
        == "--play-log logs a kiosk's items; add --kiosk")
    #expect(
      usageError(["--kiosk", "--play-log", "/no/such/plays.jsonl"])
        == "--play-log: the folder /no/such does not exist")
  }

  @Test func aBadTraceIsRefusedWithItsLineNumber() throws {
    let path = try file(
      "bad.jsonl", "{\"time\":0,\"text\":\"a\"}\n\n{\"time\":\"x\",\"text\":\"b\"}\n")
    #expect(
      usageError(["--scene", "streaming", "--trace", path])
        == "--trace: \(path) line 3: time: expected a number")
  }

  @Test func aTraceGivesTheTextSoItTakesNoOther() throws {
    let path = try file("text.jsonl", "{\"time\":0,\"text\":\"a\"}\n")
    #expect(
      usageError(["--scene", "streaming", "--text", "x", "--trace", path])
        == "--trace: the text was already given by --text")
    #expect(
      usageError(["--scene", "streaming", "--trace", path, "--text", "x"])
        == "--text: the text was already given by --trace")
    #expect(
      usageError(["--stdin", "--trace", path])
        == "--stdin and --trace both give the text; choose one")
    #expect(
      usageError(["--screenshot", "/tmp/a.png", "--scene", "glitch", "--trace", path])?
        .hasPrefix("--trace is for the streaming scene, not the glitch one") == true)
    #expect(usageError(["--trace", "/no/t.jsonl"]) == "--trace: /no/t.jsonl does not exist")
  }
}

extension TraceOptionsTests {
  /// The kiosk's streaming item plays the trace; its other items are as they were.
  @Test func theKioskPlaysTheTraceInItsStreamingItem() throws {
    let path = try file("kiosk.jsonl", "{\"time\":0,\"text\":\"Hi\"}\n")
    guard case .kiosk(let request) = try CommandLineOptions.parse(["--kiosk", "--trace", path])
    else {
      Issue.record("expected the kiosk")
      return
    }
    let streaming = try #require(request.content.items.first { $0.scene == .streaming })
    #expect(streaming.settings[StreamingSettings.self].trace?.text == "Hi")
    #expect(request.content.items.count == SceneKind.demos.count)
  }

  @Test func checkTakesASuiteAndItsOwnOptions() throws {
    let suite = try file(
      "suite.json", #"{"cases": [{"name": "a", "scene": "glitch", "at": 0.42}]}"#)
    guard
      case .check(let request) = try CommandLineOptions.parse([
        "--check", suite, "--update", "--report", "/tmp/report",
      ])
    else {
      Issue.record("expected a check")
      return
    }
    #expect(request.updates && request.reportDirectory == "/tmp/report")
    #expect(request.suite.cases.map(\.name) == ["a"])
    #expect(request.folder == FileManager.default.temporaryDirectory.path)
    #expect(usageError(["--update"]) == "--update is for --check, not the window")
    #expect(usageError(["--check", suite, "--size", "10x10"])?.hasPrefix("--size is for") == true)
    #expect(
      usageError(["--check", suite, "--compare", suite, suite])
        == "--check and --compare do not mix; give one")
    #expect(usageError(["--check", "/no/suite.json"]) == "--check: /no/suite.json does not exist")
  }
}
