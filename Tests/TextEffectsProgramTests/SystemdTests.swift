import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// A datagram socket that hears what the program tells systemd, as systemd's own notify
/// socket does: `KEY=VALUE` lines, a datagram each (sd_notify(3)).
final class NotifySocket {
  let path: String
  private let socket: Int32

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-notify-\(UUID().uuidString)").path
    socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard socket >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw WindowTestError("no socket at \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw WindowTestError("could not bind \(path)") }
  }

  deinit {
    close(socket)
    unlink(path)
  }

  typealias Message = (time: Double, text: String)

  /// The datagrams that come within `seconds`, or until those heard are enough.
  func messages(
    within seconds: Double, until isEnough: ([Message]) -> Bool = { _ in false }
  ) -> [Message] {
    var messages: [Message] = []
    let start = Date()
    while Date().timeIntervalSince(start) < seconds, !isEnough(messages) {
      var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard Foundation.poll(&poll, 1, 50) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { continue }
      messages.append(
        (Date().timeIntervalSince(start), String(decoding: buffer.prefix(count), as: UTF8.self)))
    }
    return messages
  }
}

/// A kiosk under systemd's notify protocol, heard on a socket of the test's own.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: WindowDriver.isAvailable))
struct SystemdTests {
  /// `READY=1` once the first frame shows, with what shows; `WATCHDOG=1` from the loop at
  /// half the watchdog's timeout, a still screen included; `STATUS=` as the item changes.
  @Test func theKioskTellsSystemdItIsReadyAndAlive() throws {
    let socket = try NotifySocket()
    let content = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-systemd-\(UUID().uuidString).json")
    try #"{"items": [{"scene": "glitch", "duration": 1}, {"scene": "typewriter", "duration": 1}]}"#
      .write(to: content, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: content) }
    let window = try WindowDriver(
      ["--kiosk", "--content", content.path, "--size", "640x400", "--reduce-motion"],
      renderer: "software",
      environment: WindowDriver.noDesktop.merging([
        "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "400000",
      ]) { $1 })
    // Until the second item is on and eight pings came (1.6 s at the least), or 5 s.
    let heard = socket.messages(within: 5) { heard in
      heard.contains { $0.text == "STATUS=item 2 of 2: typewriter" }
        && heard.filter { $0.text == "WATCHDOG=1" }.count >= 8
    }
    let texts = heard.map(\.text)
    #expect(texts.first == "READY=1\nSTATUS=item 1 of 2: glitch", "heard: \(texts)")
    #expect(texts.contains("STATUS=item 2 of 2: typewriter"), "heard: \(texts)")
    let pings = heard.filter { $0.text == "WATCHDOG=1" }.map(\.time)
    // Every 0.2 s, though the still glitch needs no frame between its items.
    #expect(pings.count >= 8, "pings at \(pings)")
    let gaps = zip(pings.dropFirst(), pings).map { $0 - $1 }
    #expect(gaps.allSatisfy { $0 < 0.35 }, "gaps \(gaps)")
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// The pings come from the render loop itself: when its X server stops (SIGSTOP), the
  /// loop waits in its next frame's X call and the pings stop, though the process lives on;
  /// when the server goes on, so do they. A loop that hangs is so restarted by systemd.
  @Test func thePingsStopWhileTheRenderLoopIsHeld() throws {
    let display = try PrivateDisplay(width: 640, height: 400)
    let socket = try NotifySocket()
    let kiosk = Process()
    kiosk.executableURL = Executable.url
    // The typewriter's cursor blinks and its text types: a frame is never far.
    kiosk.arguments = ["--kiosk", "--renderer", "software", "--control", "none"]
    kiosk.environment = ProcessInfo.processInfo.environment.merging(
      WindowDriver.noDesktop.merging([
        "DISPLAY": display.name, "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "400000",
      ]) { $1 }
    ) { $1 }
    kiosk.standardOutput = FileHandle.nullDevice
    kiosk.standardError = FileHandle.nullDevice
    try WindowDriver.startAsAShellWould(kiosk)
    defer {
      kill(kiosk.processIdentifier, SIGKILL)
      kiosk.waitUntilExit()
    }
    let started = socket.messages(within: 3) {
      $0.filter { $0.text == "WATCHDOG=1" }.count >= 5
    }.map(\.text)
    #expect(started.first?.hasPrefix("READY=1") == true, "heard: \(started)")
    #expect(started.filter { $0 == "WATCHDOG=1" }.count >= 5, "heard: \(started)")
    kill(display.processIdentifier, SIGSTOP)
    // A frame already on its way may still ping once.
    _ = socket.messages(within: 0.5)
    let held = socket.messages(within: 1.5).map(\.text)
    #expect(held.isEmpty, "heard while the loop was held: \(held)")
    #expect(kiosk.isRunning)
    kill(display.processIdentifier, SIGCONT)
    let after = socket.messages(within: 1.5) {
      $0.filter { $0.text == "WATCHDOG=1" }.count >= 3
    }.map(\.text)
    #expect(after.filter { $0 == "WATCHDOG=1" }.count >= 3, "heard after: \(after)")
  }

  /// A kiosk of two one-second items writing its play log in a scratch folder of its own.
  static func playLogKiosk() throws -> (window: WindowDriver, log: URL, folder: URL) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-plays-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let content = folder.appendingPathComponent("kiosk.json")
    try #"{"items": [{"scene": "glitch", "duration": 1}, {"scene": "typewriter", "duration": 1}]}"#
      .write(to: content, atomically: true, encoding: .utf8)
    let log = folder.appendingPathComponent("plays.jsonl")
    let window = try WindowDriver(
      [
        "--kiosk", "--content", content.path, "--size", "640x400", "--reduce-motion",
        "--play-log", log.path,
      ], renderer: "software")
    return (window, log, folder)
  }

  /// Waits, up to 10 s, for the kiosk to have written `count` whole lines to its play log: the
  /// two one-second items ended.
  static func waitForPlays(_ count: Int, in log: URL) {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if text.filter({ $0 == "\n" }).count >= count { return }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// A power cut mid-item (SIGKILL: no time to write anything) loses only that item: every
  /// item that ended is in the log, whole, each line valid JSON.
  @Test func thePlayLogKeepsEveryFinishedItemThroughAKill() throws {
    let (window, log, folder) = try Self.playLogKiosk()
    defer { try? FileManager.default.removeItem(at: folder) }
    Self.waitForPlays(2, in: log)
    kill(window.process.processIdentifier, SIGKILL)
    window.process.waitUntilExit()
    let lines = try String(contentsOf: log, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3 && lines.last == "", "\(lines)")
    let plays = try lines.dropLast().map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(plays.map { $0["item"] as? Int } == [1, 2])
    #expect(plays.map { $0["whole"] as? Bool } == [true, true])
  }

  /// `--play-log`: a JSON line for each item as it ends, and for the one on screen when the
  /// kiosk ends, cut short; the guide's `jq` line counts the whole plays per day from it.
  @Test func thePlayLogHasALineForEachItemShown() throws {
    let (window, log, folder) = try Self.playLogKiosk()
    defer { try? FileManager.default.removeItem(at: folder) }
    Self.waitForPlays(2, in: log)
    #expect(window.close().status == 0)
    let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    let plays = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(plays.count == 3, "\(lines)")
    #expect(plays.map { $0["item"] as? Int } == [1, 2, 1])
    #expect(plays.map { $0["scene"] as? String } == ["glitch", "typewriter", "glitch"])
    #expect(plays.map { $0["whole"] as? Bool } == [true, true, false])
    #expect(plays[0]["text"] as? String == "GLITCH SIGNAL LOST")
    #expect(plays[1]["text"] as? String == "$ swift build Compiling your ideas...")
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    for play in plays.prefix(2) {
      let start = try #require(formatter.date(from: play["start"] as? String ?? ""))
      let end = try #require(formatter.date(from: play["end"] as? String ?? ""))
      #expect(abs(end.timeIntervalSince(start) - 1) < 0.1, "\(play)")
      #expect(abs(start.timeIntervalSinceNow) < 60)
    }
    // The guide's count of whole plays per day and scene, run as it is printed.
    let count = try output(
      of:
        "sh",
      [
        "-c",
        "jq -r 'select(.whole) | .start[:10] + \" \" + .scene' \(log.path) | sort | uniq -c",
      ])
    let today = String((plays[0]["start"] as? String ?? "").prefix(10))
    #expect(
      count.contains("1 \(today) glitch") && count.contains("1 \(today) typewriter"), "\(count)")
  }

  /// Standard error going to the journal (`JOURNAL_STREAM` names it) carries syslog's
  /// priorities, so `journalctl -p err` finds the errors; anywhere else it does not.
  @Test func errorsCarryTheJournalsPriorityOnlyInTheJournal() throws {
    for isJournal in [true, false] {
      let process = Process()
      process.executableURL = Executable.url
      process.arguments = ["--kiosk", "--content", "/nonexistent/kiosk.json"]
      let errors = Pipe()
      var status = stat()
      fstat(errors.fileHandleForWriting.fileDescriptor, &status)
      process.environment = ProcessInfo.processInfo.environment.merging(
        WindowDriver.noDesktop.merging(
          isJournal ? ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"] : [:]
        ) { $1 }
      ) { $1 }
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      let said = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
      #expect(process.terminationStatus != 0)
      #expect(said.hasPrefix(isJournal ? "<3>text-effects: " : "text-effects: "), "\(said)")
    }
  }
}
