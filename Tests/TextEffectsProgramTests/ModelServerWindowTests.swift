import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffectsApp
@testable import TextEffectsProgram

/// The guides' `curl ... | text-effects --stdin` lines, each run as printed against a stand-in
/// for its server on 127.0.0.1 (`scripts/standin-model-server`, which streams each server's
/// documented shape with pauses), under Xvfb: tesseract reads the answer's last words on the
/// screen, the server's end finished the answer while curl's pipe was still open, and an
/// error shows in one line.
@Suite(
  .threadOfItsOwn(.waiting),
  .enabled(if: WindowDriver.isAvailable && ReadBackTests.tesseractIsThere))
struct ModelServerWindowTests {
  /// The servers' addresses as the guides print them.
  static let servers = [
    "https://api.openai.com", "https://api.anthropic.com", "http://localhost:11434",
  ]

  /// Each guide line that pipes `curl` into `text-effects`: the curl part, and the program's
  /// words.
  static func lines() throws -> [[String]] {
    try ReadmeCommandTests.documents().flatMap { document in
      var inShell = false
      return try String(contentsOf: document, encoding: .utf8).split(separator: "\n").compactMap {
        line -> [String]? in
        if line.hasPrefix("```") {
          inShell = line == "```sh"
          return nil
        }
        guard inShell, line.hasPrefix("curl "), let pipe = line.range(of: " | text-effects ")
        else { return nil }
        return [String(line[..<pipe.lowerBound]), String(line[pipe.upperBound...])]
      }
    }
  }

  /// The stand-in server, started on a free port: its process, and its address.
  static func standIn() throws -> (process: Process, address: String) {
    let process = Process()
    process.executableURL = Repository.file("scripts/standin-model-server")
    let output = Pipe()
    process.standardOutput = output
    // Nothing of the test's own output is held by the server, should the test end first.
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = ""
    while !line.contains("\n") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      line += String(decoding: data, as: UTF8.self)
    }
    guard
      let port = line.split(separator: " ").last.flatMap({
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
      })
    else {
      process.terminate()
      throw WindowTestError("the stand-in server said '\(line)', not its port")
    }
    return (process, "http://127.0.0.1:\(port)")
  }

  @Test func theGuidesHaveEachServersLine() throws {
    let lines = try Self.lines()
    for server in Self.servers {
      #expect(lines.contains { $0[0].contains(server) }, "no guide line asks \(server)")
    }
  }

  @Test(arguments: try lines()) func eachServersAnswerShows(line: [String]) throws {
    try show(curl: line[0], program: line[1], reading: ["second", "paragraph"])
  }

  /// The same line with a model the stand-in answers with its server's error.
  @Test(arguments: try lines()) func eachServersErrorShowsInOneLine(line: [String]) throws {
    let asked = line[0].replacingOccurrences(
      of: #""model": "[^"]*""#, with: #""model": "error""#, options: .regularExpression)
    try show(curl: asked, program: line[1], reading: ["server", "reported", "error"])
  }

  /// The same line asked of a model that reasons before it answers, and of one that calls a
  /// tool: the reasoning shows folded to one line above the answer, and the call as its line,
  /// never its JSON.
  @Test(arguments: try lines()) func eachServersReasoningAndToolCallShow(line: [String]) throws {
    func asking(_ model: String) -> String {
      line[0].replacingOccurrences(
        of: #""model": "[^"]*""#, with: "\"model\": \"\(model)\"", options: .regularExpression)
    }
    try show(curl: asking("reasoning"), program: line[1], reading: ["thought for", "umbrella"])
    try show(curl: asking("tools"), program: line[1], reading: ["calling", "weather"])
  }

  /// The formats no guide line asks for: OpenAI's Responses API, which sends a reasoning
  /// summary and a function call as events of their own, and DeepSeek-R1's reasoning inside
  /// `<think>` tags as llama.cpp's server sends it, each through curl into the window.
  @Test(arguments: [
    ("/v1/responses", "reasoning", ["thought for", "umbrella"]),
    ("/v1/responses", "tools", ["calling", "weather"]),
    ("/v1/chat/completions", "think", ["thought for", "umbrella"]),
  ])
  func theOtherFormatsReasoningAndToolCallsShow(path: String, model: String, reading: [String])
    throws
  {
    let body = #"{"model": "\#(model)", "stream": true, "input": "Umbrella?"}"#
    try show(
      curl: "curl -sN https://api.openai.com\(path) -d '\(body)'",
      program: "--kiosk --stdin --markdown", reading: reading)
  }

  /// A model that thinks for long before its first word: the window shows "Thinking…" at once,
  /// its first frame after the stream's first bytes on the screen within one frame interval
  /// (60 Hz, stretched by a sanitizer's slowdown) of their writing, each stamped on the
  /// monotonic clock.
  @Test func theFirstBytesShowWithinAFrame() throws {
    let window = try WindowDriver(["--kiosk", "--stdin", "--markdown"])
    defer { _ = window.close() }
    // Still: no frame for half a second (the kiosk's first item has settled).
    var before = window.lastReport
    repeat {
      before = window.lastReport
      Thread.sleep(forTimeInterval: 0.5)
    } while window.lastReport != before
    let first = Data(
      (#"data: {"id":"1","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}"#
        + "\n\n").utf8)
    let written = DesktopStandIn.monotonicNow()
    window.input.fileHandleForWriting.write(first)
    // "Thinking…" is still once drawn: the report's frame is the first after the bytes.
    let shown = try window.waitForFrame(after: before)
    #expect(shown.frames == before.frames + 1, "\(shown)")
    let latency = shown.shownAt - written
    #expect(
      latency < Double(TimeBound.slowdown) / 60,
      "\(latency * 1000) ms from the first bytes to their frame")
    try read(["thinking"], on: window)
  }

  /// The kiosk guide's item that asks a local Ollama (`examples/kiosk-asks.json`, run as the
  /// guide's line runs it), its server the stand-in's: the answer shows on the kiosk's screen;
  /// asked for a model the server does not have, the server's error shows in one line and is
  /// said on standard error, and the kiosk goes on.
  @Test(arguments: [false, true]) func theKioskItemThatAsksShowsItsAnswer(error: Bool) throws {
    let (server, address) = try Self.standIn()
    defer {
      server.terminate()
      server.waitUntilExit()
    }
    var example = try String(
      contentsOf: Repository.file("examples/kiosk-asks.json"), encoding: .utf8
    ).replacingOccurrences(of: "http://localhost:11434", with: address)
    if error {
      example = example.replacingOccurrences(of: #"\"llama3.2\""#, with: #"\"error\""#)
    }
    let folder = URL(fileURLWithPath: scratchPath("asks"))
    defer { try? FileManager.default.removeItem(at: folder) }
    let examples = folder.appendingPathComponent("examples")
    try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
    try example.write(
      to: examples.appendingPathComponent("kiosk-asks.json"), atomically: true, encoding: .utf8)
    let line = try #require(
      ReadmeCommandTests.commands().first { $0.words.contains("examples/kiosk-asks.json") })
    let window = try WindowDriver(line.words, directory: folder)
    defer { _ = window.close() }
    try read(error ? ["server", "reported", "error"] : ["second", "paragraph"], on: window)
    if error {
      let said = window.said.split(separator: "\n").filter { $0.hasPrefix("text-effects: ") }
      #expect(said.count == 1, "\(window.said)")
      #expect(said.first?.hasPrefix("text-effects: item 1's command (curl): ") == true)
    }
  }

  /// Never a silent screen: with no server listening, the README's Ollama line (curl exits 7,
  /// having written nothing) and the kiosk's item that asks each show a line that says what to
  /// check, and say it once on standard error.
  @Test func withNoServerTheScreenSaysWhatToCheck() throws {
    // Port 9 (discard): nothing listens there.
    let nowhere = "http://127.0.0.1:9"
    let line = try #require(try Self.lines().first { $0[0].contains("localhost:11434") })
    let window = try WindowDriver(ReadmeCommandTests.shellWords(line[1]))
    defer { _ = window.close() }
    let client = Process()
    client.executableURL = URL(fileURLWithPath: "/bin/sh")
    client.arguments = [
      "-c", line[0].replacingOccurrences(of: "http://localhost:11434", with: nowhere),
    ]
    client.standardOutput = window.input.fileHandleForWriting
    try client.run()
    client.waitUntilExit()
    #expect(client.terminationStatus == 7, "curl's exit")
    try window.input.fileHandleForWriting.close()
    try read(["standard", "input", "ended", "no", "text", "server", "running"], on: window)
    let said = window.said.split(separator: "\n").filter { $0.hasPrefix("text-effects: ") }
    #expect(said == ["text-effects: \(StandardInputReader.endedEmpty)"], "\(window.said)")

    let folder = URL(fileURLWithPath: scratchPath("asks-nowhere"))
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let example = try String(
      contentsOf: Repository.file("examples/kiosk-asks.json"), encoding: .utf8
    ).replacingOccurrences(of: "http://localhost:11434", with: nowhere)
    let content = folder.appendingPathComponent("kiosk-asks.json")
    try example.write(to: content, atomically: true, encoding: .utf8)
    let kiosk = try WindowDriver(["--kiosk", "--content", content.path])
    defer { _ = kiosk.close() }
    try read(["failed", "exit", "code", "connect", "server", "running"], on: kiosk)
    let kioskSaid = kiosk.said.split(separator: "\n").filter { $0.hasPrefix("text-effects: ") }
    #expect(kioskSaid.count == 1 && kioskSaid[0].contains("(curl) failed with exit code 7"))
  }

  /// Never a silent screen: standard input that stays open and brings nothing (a server that
  /// took the request and says nothing) shows what the window waits for after
  /// `waitingNoticeAfter` seconds, and says once on standard error what to check; the answer's
  /// first text takes the line's place.
  @Test func anInputThatBringsNothingSaysWhatItWaitsFor() throws {
    let window = try WindowDriver(["--stdin", "--size", "640x400"])
    defer { _ = window.close() }
    Thread.sleep(forTimeInterval: StreamingNotes.waitingNoticeAfter)
    try read(["waiting", "standard", "input"], on: window)
    let said = window.said.split(separator: "\n").filter { $0.hasPrefix("text-effects: ") }
    #expect(
      said == [
        "text-effects: nothing on standard input after 3 s; still waiting: "
          + "is the model's server answering?"
      ], "\(window.said)")
    window.input.fileHandleForWriting.write(Data("Paris has rain today.".utf8))
    let answered = try read(["paris", "rain"], on: window)
    #expect(!answered.contains("waiting"), "tesseract read '\(answered)'")

    // Input that ends empty (`text-effects --stdin --markdown </dev/null`) says so on screen
    // within a second, and once on standard error, with no word of waiting.
    let empty = try WindowDriver(["--stdin", "--markdown", "--size", "640x400"])
    defer { _ = empty.close() }
    let before = empty.lastReport
    try empty.input.fileHandleForWriting.close()
    let closed = Date()
    try empty.waitForFrame(after: before)
    #expect(Date().timeIntervalSince(closed) < 1, "the frame that says so came late")
    try read(["standard", "input", "ended", "no", "text", "server", "running"], on: empty)
    let emptySaid = empty.said.split(separator: "\n").filter { $0.hasPrefix("text-effects: ") }
    #expect(emptySaid == ["text-effects: \(StandardInputReader.endedEmpty)"], "\(empty.said)")
  }

  /// Runs `curl` (a shell's line, the servers' addresses the stand-in's) into the program's
  /// words, and waits for tesseract to read `words` on its screen.
  private func show(curl: String, program: String, reading words: [String]) throws {
    let (server, address) = try Self.standIn()
    defer {
      server.terminate()
      server.waitUntilExit()
    }
    var asked = curl
    for original in Self.servers { asked = asked.replacingOccurrences(of: original, with: address) }
    let trace = scratchPath("trace.jsonl")
    defer { try? FileManager.default.removeItem(atPath: trace) }
    let window = try WindowDriver(
      ReadmeCommandTests.shellWords(program) + ["--record-trace", trace])
    defer { _ = window.close() }
    let client = Process()
    client.executableURL = URL(fileURLWithPath: "/bin/sh")
    client.arguments = ["-c", asked]
    client.environment = [
      "OPENAI_API_KEY": "sk-test", "ANTHROPIC_API_KEY": "test", "PATH": "/usr/bin:/bin",
    ]
    client.standardOutput = window.input.fileHandleForWriting
    try client.run()
    // The server's end finishes the answer while the pipe stays open (the test holds it).
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline,
      !((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").contains("\"end\"")
    {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(
      ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").contains("\"end\":true"),
      "\(curl)")
    try read(words, on: window)
  }

  /// Waits up to 5 s for tesseract to read `words` on `window`'s screen, which is still up.
  @discardableResult
  private func read(_ words: [String], on window: WindowDriver) throws -> String {
    var read = ""
    for _ in 0..<10 {
      Thread.sleep(forTimeInterval: 0.5)
      let shot = scratchPath("screen.png")
      defer { try? FileManager.default.removeItem(atPath: shot) }
      _ = try window.x("import", ["-window", window.window, shot])
      read = try ReadBackTests.tesseract(shot, "eng", layout: 6).lowercased()
      if words.allSatisfy(read.contains) { break }
    }
    #expect(words.allSatisfy(read.contains), "tesseract read '\(read)'")
    #expect(window.hasEnded(within: 0) == false, "the window ended: \(window.said)")
    return read
  }
}
