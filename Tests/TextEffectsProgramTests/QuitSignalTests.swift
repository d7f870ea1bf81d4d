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
/// Half the rounds signal at a fixed time from the start, 0 to 0.18 s, while the program
/// starts; the other half once its window has shown a frame (its frame report says so), 0 to
/// 0.45 s after, and each of those must end from the loop, cleanly. Waiting for the frame, not a
/// clock, keeps that half in the loop however busy the machine: with fixed times alone, a
/// machine building beside the tests brought up the window so late that only 8 of 20 rounds
/// reached it.
///
/// SDL's dummy video driver stands in for a display, so the rounds run beside the other
/// tests. `scripts/test` runs 20; `scripts/soak` runs 1,000 (TEXT_EFFECTS_SIGNAL_ROUNDS).
@Suite(.threadOfItsOwn(.waiting)) struct QuitSignalTests {
  static let rounds =
    ProcessInfo.processInfo.environment["TEXT_EFFECTS_SIGNAL_ROUNDS"].flatMap { Int($0) } ?? 20

  /// When a round sends its signal.
  enum Moment: CustomStringConvertible {
    case afterStart(Double)
    case afterFirstFrame(Double)

    var description: String {
      switch self {
      case .afterStart(let delay): "\(delay) s after the start"
      case .afterFirstFrame(let delay): "\(delay) s after the first frame"
      }
    }
  }

  @Test func sigtermAlwaysEndsABusyWindow() throws {
    var failures: [String] = []
    for round in 0..<Self.rounds {
      let step = round % 20
      let moment: Moment =
        step.isMultiple(of: 2)
        ? .afterStart(Double(step / 2) * 0.02) : .afterFirstFrame(Double(step / 2) * 0.05)
      switch (try Self.signalBusyWindow(at: moment), moment) {
      case (.clean, _), (.endedBySignal, .afterStart): break
      case (.endedBySignal, .afterFirstFrame):
        failures.append("round \(round) (\(moment)): ended by the signal, not from its loop")
      case (.failed(let why), _): failures.append("round \(round) (\(moment)): \(why)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(Self.rounds): \(failures.prefix(3))")
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

  /// Starts `text-effects --stdin`, feeds it a byte at a time, and sends SIGTERM at `moment`.
  static func signalBusyWindow(at moment: Moment) throws -> Ending {
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
    environment["TEXT_EFFECTS_FRAME_REPORT"] = "1"
    process.environment = environment
    // Closed once, by the defer below (Process leaves a handle's descriptor open): a handle
    // that closed it again on release would close whatever the tests running beside this
    // one had opened under that number since, as it did once (a suite's pipe, mid-read).
    process.standardInput = FileHandle(fileDescriptor: theirs, closeOnDealloc: false)
    process.standardOutput = FileHandle.nullDevice
    // Standard error read as it comes, on a thread of its own: the frame report writes a line
    // a frame, which would fill the pipe and stall the program if read only at its end. Its
    // lines only say that a frame was shown; the others are kept.
    let errors = Pipe()
    process.standardError = errors
    let said = Locked("")
    let hasShownAFrame = Locked(false)
    let reading = Thread {
      var pending = Data()
      // availableData, not read(upToCount:), which waits for the whole count or the end.
      while case let data = errors.fileHandleForReading.availableData, !data.isEmpty {
        pending += data
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: pending[..<end], as: UTF8.self)
          pending = Data(pending[(end + 1)...])
          if line.contains("frame report: ") {
            hasShownAFrame.value = true
          } else {
            said.value += line + "\n"
          }
        }
      }
    }
    defer { close(theirs) }
    try process.run()
    reading.start()
    var byte = UInt8(ascii: "a")
    func feed() {
      _ = send(ours, &byte, 1, Self.neverWaiting)
      byte = byte == UInt8(ascii: "z") ? UInt8(ascii: " ") : byte + 1
      usleep(100)
    }
    var start = Date()
    var delay: Double
    switch moment {
    case .afterStart(let seconds): delay = seconds
    case .afterFirstFrame(let seconds):
      delay = seconds
      // Not fed while it opens: the report is written when the window has shown all it was
      // given and waits, which a byte every 0.1 ms would never let it do.
      while !hasShownAFrame.value, process.isRunning {
        guard Date().timeIntervalSince(start) < 60 else {
          kill(process.processIdentifier, SIGKILL)
          process.waitUntilExit()
          return .failed("no frame within 60 s: \(said.value.prefix(300))")
        }
        usleep(2_000)
      }
      start = Date()
    }
    while Date().timeIntervalSince(start) < delay { feed() }
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
    switch (process.terminationReason, process.terminationStatus) {
    case (.exit, 0): return .clean
    case (.uncaughtSignal, SIGTERM): return .endedBySignal
    case (let reason, let status):
      return .failed(
        "ended (\(reason == .exit ? "status" : "signal") \(status)) in \(took) s: \(said.value)")
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
