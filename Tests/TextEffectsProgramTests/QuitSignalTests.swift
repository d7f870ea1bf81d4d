import Foundation
import Testing
import TextEffectsTestSupport

/// SIGTERM, sent again and again to a window whose loop is as busy with events as it can be:
/// standard input gets a byte at a time, each read wakes the loop with an event pushed from
/// the I/O loop's thread, and the signal lands anywhere in that. A handler that pushed the quit
/// event itself could land while a thread held SDL's event lock; the signal thread cannot.
/// Every round must end, within ``bound`` seconds, cleanly (status 0) or, when the signal came
/// before SDL had started, as SIGTERM ends any program.
///
/// SDL's dummy video driver stands in for a display, so the rounds run beside the other
/// tests. `scripts/test` runs 20; `scripts/soak` runs 1,000 (TEXT_EFFECTS_SIGNAL_ROUNDS).
@Suite(.threadOfItsOwn(.waiting)) struct QuitSignalTests {
  static let rounds =
    ProcessInfo.processInfo.environment["TEXT_EFFECTS_SIGNAL_ROUNDS"].flatMap { Int($0) } ?? 20

  @Test func sigtermAlwaysEndsABusyWindow() throws {
    var failures: [String] = []
    var clean = 0
    for round in 0..<Self.rounds {
      // From the program's first moments, 20 ms apart, to well after its window is up, 80 ms
      // apart up to 0.92 s: on two busy cores the window took over 0.2 s to come up, and
      // fewer than half the rounds, signalled at most 0.38 s in, reached its loop.
      let step = round % 20
      let delay = step < 10 ? Double(step) * 0.02 : 0.2 + Double(step - 10) * 0.08
      switch try Self.signalBusyWindow(after: delay) {
      case .clean: clean += 1
      case .endedBySignal: break
      case .failed(let why): failures.append("round \(round) (\(delay) s): \(why)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(Self.rounds): \(failures.prefix(3))")
    #expect(clean >= Self.rounds / 2, "only \(clean) of \(Self.rounds) ended from the loop")
  }

  /// Seconds a round has to end after its signal. A window that missed the signal would run for
  /// ever; one that took it ends at its loop's next look, once it has finished opening. The
  /// bound is for the opening: on a clean run's two cores, busy with a sanitizer's build beside
  /// the tests, 20 rounds took 115 s (5.7 s each, against 0.35 s on an idle machine) and one
  /// round was still running 2 s after its signal. Should one ever run past this bound, the
  /// failure says where each of its threads waited.
  static let bound = 10.0

  /// `send`'s flags: no SIGPIPE, and no wait on a full buffer.
  static let neverWaiting = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)

  enum Ending {
    case clean
    case endedBySignal
    case failed(String)
  }

  /// Starts `text-effects --stdin`, feeds it a byte at a time, and sends SIGTERM after
  /// `delay` seconds.
  static func signalBusyWindow(after delay: Double) throws -> Ending {
    // A socket for standard input: writing to one the program has closed fails with EPIPE
    // (MSG_NOSIGNAL) instead of raising SIGPIPE in the test run. Each write is also one that
    // never waits (MSG_DONTWAIT): this process keeps the other end open until the program is
    // reaped, so once the program has ended, a full buffer would block a waiting write for
    // ever, as it did when the machine was too busy for Foundation to reap it in time.
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    let (ours, theirs) = (ends[0], ends[1])
    defer { close(ours) }
    let process = Process()
    process.executableURL = Executable.url
    process.arguments = ["--stdin"]
    var environment = ProcessInfo.processInfo.environment
    environment["SDL_VIDEODRIVER"] = "dummy"
    process.environment = environment
    // Closed once, by the defer below (Process leaves a handle's descriptor open): a handle
    // that closed it again on release would close whatever the tests running beside this
    // one had opened under that number since, as it did once (a suite's pipe, mid-read).
    process.standardInput = FileHandle(fileDescriptor: theirs, closeOnDealloc: false)
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    defer { close(theirs) }
    try process.run()
    let start = Date()
    var byte = UInt8(ascii: "a")
    while Date().timeIntervalSince(start) < delay {
      _ = send(ours, &byte, 1, Self.neverWaiting)
      byte = byte == UInt8(ascii: "z") ? UInt8(ascii: " ") : byte + 1
      usleep(100)
    }
    let sent = Date()
    kill(process.processIdentifier, SIGTERM)
    while process.isRunning, Date().timeIntervalSince(sent) < Self.bound {
      _ = send(ours, &byte, 1, Self.neverWaiting)
      usleep(100)
    }
    let took = Date().timeIntervalSince(sent)
    if process.isRunning {
      let waiting = Self.whereThreadsWait(in: process.processIdentifier)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return .failed("still running \(Self.bound) s after SIGTERM; its threads: \(waiting)")
    }
    process.waitUntilExit()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    switch (process.terminationReason, process.terminationStatus) {
    case (.exit, 0): return .clean
    case (.uncaughtSignal, SIGTERM): return .endedBySignal
    case (let reason, let status):
      return .failed(
        "ended (\(reason == .exit ? "status" : "signal") \(status)) in \(took) s: \(said)")
    }
  }

  /// Each of `process`'s threads as "name state wait-channel" (from /proc), so a round that
  /// did not end says where it stood.
  static func whereThreadsWait(in process: Int32) -> [String] {
    let tasks = "/proc/\(process)/task"
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
    return ids.sorted().map { id in
      func read(_ name: String) -> String {
        let text = try? String(contentsOfFile: "\(tasks)/\(id)/\(name)", encoding: .utf8)
        return text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
      }
      // The state is the field after the name's closing parenthesis.
      let state = read("stat").split(separator: ")").last?.split(separator: " ").first ?? "?"
      return "\(read("comm")) \(state) \(read("wchan"))"
    }
  }
}
