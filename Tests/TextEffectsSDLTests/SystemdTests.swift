import Foundation
import Testing

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

  /// The datagrams that come within `seconds`.
  func messages(within seconds: Double) -> [(time: Double, text: String)] {
    var messages: [(Double, String)] = []
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
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

extension SDLTests.OnTheDisplay {
  /// A kiosk under systemd's notify protocol, heard on a socket of the test's own.
  @Suite(.enabled(if: WindowDriver.isAvailable))
  struct SystemdTests {
    /// `READY=1` once the first frame shows, with what shows; `WATCHDOG=1` from the loop at
    /// half the watchdog's timeout, a still screen included; `STATUS=` as the item changes.
    @Test func theKioskTellsSystemdItIsReadyAndAlive() throws {
      let socket = try NotifySocket()
      let content = FileManager.default.temporaryDirectory
        .appendingPathComponent("text-effects-systemd-\(UUID().uuidString).json")
      try
        #"{"items": [{"scene": "glitch", "duration": 1}, {"scene": "typewriter", "duration": 1}]}"#
        .write(to: content, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: content) }
      let window = try WindowDriver(
        ["--kiosk", "--content", content.path, "--size", "640x400", "--reduce-motion"],
        renderer: "software",
        environment: WindowDriver.noDesktop.merging([
          "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "400000",
        ]) { $1 })
      let heard = socket.messages(within: 2.5)
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

    /// Standard error going to the journal (`JOURNAL_STREAM` names it) carries syslog's
    /// priorities, so `journalctl -p err` finds the errors; anywhere else it does not.
    @Test func errorsCarryTheJournalsPriorityOnlyInTheJournal() throws {
      for isJournal in [true, false] {
        let process = Process()
        process.executableURL = SDLTests.ExecutableTests.executable
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
}
