import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The kiosk's standard input, in this process: the I/O loop's thread reads what the window's
/// thread takes and records, as `--stdin --record-trace` do, so ThreadSanitizer sees both sides.
@Suite struct StandardInputReaderTests {
  @Test func piecesFromAnotherThreadAreTakenAndRecordedWhole() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }  // once the loop has stopped, as below
    let woken = Locked(0)
    let loop = IOLoop()
    defer { loop.stop() }
    let inbox = WindowInbox { woken.value += 1 }
    let reader = StandardInputReader(reading: ends[0], into: inbox)
    reader.start(on: loop)
    // Pieces cut inside a character too: the reader's decoder joins them.
    let pieces = (0..<200).map { "piece \($0) caf\u{E9} \u{1F35E} " }
    let bytes = Array(pieces.joined().utf8)
    let writing = Thread { [writeEnd = ends[1]] in
      var offset = 0
      while offset < bytes.count {
        let length = min(37, bytes.count - offset)
        offset += bytes[offset..<(offset + length)].withUnsafeBytes {
          write(writeEnd, $0.baseAddress, length)
        }
      }
      close(writeEnd)
    }
    writing.start()

    let trace = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-reader-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: trace) }
    let recorder = try TraceRecorder(path: trace.path)
    var taken = ""
    var time = 0.0
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let piece = inbox.takeWhole()
      if !piece.isEmpty {
        taken = piece.answer.applied(to: taken)
        recorder.record(piece, at: time, log: { Issue.record("\($0)") })
        if piece.ends { break }
        time += 1.0 / 60
      }
      usleep(1000)
    }
    #expect(taken == pieces.joined())
    #expect(woken.value > 0)
    // The end is told once: the answer finishes once.
    #expect(inbox.takeWhole().ends == false)
    let recorded = try StreamingTrace.parse(try Data(contentsOf: trace))
    #expect(recorded.arrivals.map(\.text).joined() == pieces.joined())
    #expect(abs((recorded.end ?? 0) - time) < 1e-5, "the trace ends at \(recorded.end ?? -1)")
  }

  /// A standard input the program was started without (no descriptor there, as `<&-` leaves
  /// it) ends the answer at once: the loop hears the descriptor is none, and stops watching it
  /// rather than waking for it again and again.
  @Test func noStandardInputEndsAtOnce() {
    let loop = IOLoop()
    defer { loop.stop() }
    // A number no test opens: it has no descriptor behind it.
    let inbox = WindowInbox {}
    let reader = StandardInputReader(reading: 99_999, into: inbox)
    reader.start(on: loop)
    var ended = false
    let deadline = Date().addingTimeInterval(5)
    while !ended, Date() < deadline {
      ended = inbox.takeWhole().ends
      usleep(1000)
    }
    #expect(ended)
  }
}

/// A model server's stream on standard input: the answer's text is taken, and the answer ends
/// where the server says, while the pipe is still open.
@Suite struct ModelStreamInputTests {
  @Test(arguments: ["anthropic-messages.sse", "ollama-chat.ndjson"])
  func theServersEndEndsTheAnswerBeforeTheInput(file: String) throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    // Closed once the loop has stopped: a descriptor closed while the loop still watches it
    // is a number the next pipe of a test beside it takes, whose bytes the watch would read.
    defer { for end in ends { close(end) } }
    let loop = IOLoop()
    defer { loop.stop() }
    let inbox = WindowInbox {}
    let reader = StandardInputReader(reading: ends[0], into: inbox)
    reader.start(on: loop)
    let bytes = Array(
      try Data(contentsOf: Repository.file("Tests/Conformance/model-streams/\(file)")))
    #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, bytes.count) } == bytes.count)
    var taken = ""
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let piece = inbox.takeWhole()
      taken = piece.answer.applied(to: taken)
      if piece.ends { break }
      usleep(1000)
    }
    let answer = try String(
      contentsOf: Repository.file("Tests/Conformance/model-streams/answer.txt"), encoding: .utf8)
    #expect(taken == answer)
  }

  /// Never a silent screen: an input that ends with nothing to show (curl with no server
  /// running writes nothing and exits) ends the answer with a line that says so and what to
  /// check, where the answer would be; one with text ends with the text alone.
  @Test(arguments: [("", true), (" \n\n", true), ("Hello", false)])
  func anInputThatEndsEmptySaysSoOnScreen(written: String, isEmpty: Bool) throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    _ = written.withCString { write(ends[1], $0, strlen($0)) }
    close(ends[1])
    let loop = IOLoop()
    defer { loop.stop() }
    let inbox = WindowInbox {}
    let reader = StandardInputReader(reading: ends[0], into: inbox)
    reader.start(on: loop)
    var taken = ""
    var ended = false
    let deadline = Date().addingTimeInterval(5)
    while !ended, Date() < deadline {
      let piece = inbox.takeWhole()
      taken = piece.answer.applied(to: taken)
      ended = piece.ends
      usleep(1000)
    }
    #expect(ended)
    let line = "Standard input ended with no text: is the model's server running?"
    #expect(taken == (isEmpty ? written + line : written), "\(taken)")
  }
}
