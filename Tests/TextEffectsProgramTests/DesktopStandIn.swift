import Foundation
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// A desktop for the tests: a private session bus (dbus-daemon with no services it could start)
/// and, on it, `scripts/standin-portal` answering as the XDG desktop portal's Settings do, so a
/// test sets the desktop's preferences and changes them while the window runs.
final class DesktopStandIn {
  /// Lines of `scripts/standin-portal`: `NAMESPACE KEY TYPE VALUE`.
  static func reducedMotion(_ value: Int) -> String {
    "org.freedesktop.appearance reduced-motion u \(value)"
  }
  static func colorScheme(_ value: Int) -> String {
    "org.freedesktop.appearance color-scheme u \(value)"
  }
  static func textScalingFactor(_ value: Double) -> String {
    "org.gnome.desktop.interface text-scaling-factor d \(value)"
  }

  static let script = Repository.root.appendingPathComponent("scripts/standin-portal")

  let folder: URL
  let bus = Process()
  let portal: Process?
  private let portalInput = Pipe()
  private let portalOutput = Pipe()
  /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
  let address: String

  /// What a program started on this desktop needs in its environment: the bus, and GSettings
  /// kept to memory, so a developer's own desktop settings cannot reach a test.
  var environment: [String: String] {
    ["DBUS_SESSION_BUS_ADDRESS": address, "GSETTINGS_BACKEND": "memory"]
  }

  /// A bus with the stand-in portal holding `values`, or with no portal at all; the portal
  /// answers `ReadAll` after `readDelay` seconds.
  init(portal values: [String]?, readDelay: Double = 0) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-desktop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let configuration = folder.appendingPathComponent("bus.conf")
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:dir=\(folder.path)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """.write(to: configuration, atomically: true, encoding: .utf8)
    let busOutput = Pipe()
    bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    bus.arguments = ["--config-file=\(configuration.path)", "--nofork", "--print-address=1"]
    bus.standardOutput = busOutput
    bus.standardError = FileHandle.nullDevice
    try bus.run()
    address = try Self.line(from: busOutput.fileHandleForReading, within: 10)
    guard let values else {
      portal = nil
      return
    }
    let portal = Process()
    portal.executableURL = Self.script
    portal.arguments = values
    portal.environment = ProcessInfo.processInfo.environment.merging(
      ["DBUS_SESSION_BUS_ADDRESS": address, "STANDIN_PORTAL_READ_DELAY": "\(readDelay)"]) { $1 }
    portal.standardInput = portalInput
    portal.standardOutput = portalOutput
    try portal.run()
    self.portal = portal
    let ready = try Self.line(from: portalOutput.fileHandleForReading, within: 10)
    guard ready == "ready" else { throw WindowTestError("the stand-in portal said '\(ready)'") }
  }

  deinit {
    // SIGKILL: a child started from a test thread may hold SIGTERM blocked, as that thread does.
    for process in [portal, bus].compactMap({ $0 }) where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Sets a value as a desktop's settings panel would: the portal emits `SettingChanged`;
  /// returns once it has gone out on the bus.
  /// When (CLOCK_MONOTONIC, in seconds) the stand-in handed the signal to the bus.
  @discardableResult
  func set(_ line: String) throws -> Double {
    portalInput.fileHandleForWriting.write(Data((line + "\n").utf8))
    let said = try Self.line(from: portalOutput.fileHandleForReading, within: 10)
    let words = said.split(separator: " ")
    guard words.count == 2, words[0] == "sent", let emitted = Double(words[1]) else {
      throw WindowTestError("the stand-in portal said '\(said)'")
    }
    return emitted
  }

  /// The time now on the clock the stand-in stamps its signals with.
  static func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// One line from `handle`, waiting at most `seconds`.
  static func line(from handle: FileHandle, within seconds: Double) throws -> String {
    var bytes = Data()
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var poll = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard Foundation.poll(&poll, 1, 100) > 0 else { continue }
      var byte: UInt8 = 0
      guard read(handle.fileDescriptor, &byte, 1) == 1 else { break }
      if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
    throw WindowTestError(
      "no line within \(seconds) s (got '\(String(decoding: bytes, as: UTF8.self))')")
  }

  /// Whether the machine has what a stand-in desktop needs.
  static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
  }
}
