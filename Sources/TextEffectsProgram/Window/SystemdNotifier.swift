import FoundationEssentials
import Glibc

/// Tells systemd how the program is, by its notify protocol (sd_notify(3)): `KEY=VALUE` lines
/// in a datagram to the socket named by `NOTIFY_SOCKET`, which a unit of `Type=notify` sets. No
/// library is needed. `READY=1` once the first frame is on the screen, `STATUS=` with what
/// shows, and `WATCHDOG=1` from the render loop itself at half the unit's `WatchdogSec=`, so
/// that systemd restarts a loop that hangs, not only a process that ends.
package final class SystemdNotifier {
  private let socket: Int32
  private let address: UnixSocketAddress
  /// How often the watchdog must hear from the loop: half its timeout. Nil when the unit has
  /// no watchdog, or it watches another process.
  package let watchdogInterval: Double?
  private var lastPing = -Double.infinity
  private var isReady = false
  private var lastStatus: String?

  /// The notifier for the socket in `environment`, or nil when systemd did not ask for one
  /// (or named a socket no datagram can reach).
  package init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
    guard let name = environment["NOTIFY_SOCKET"], name.hasPrefix("/") || name.hasPrefix("@")
    else { return nil }
    // "@" names a socket in the abstract namespace.
    guard let address = UnixSocketAddress(name) else { return nil }
    self.address = address
    socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { return nil }
    let watchedPID = environment["WATCHDOG_PID"].flatMap { Int32($0) }
    if let microseconds = environment["WATCHDOG_USEC"].flatMap({ UInt64($0) }), microseconds > 0,
      watchedPID == nil || watchedPID == getpid()
    {
      watchdogInterval = Double(microseconds) / 2e6
    } else {
      watchdogInterval = nil
    }
  }

  deinit { close(socket) }

  /// The first frame is on the screen: said once, with what shows.
  package func ready(status: String) {
    guard !isReady else { return }
    isReady = true
    lastStatus = status
    send("READY=1\nSTATUS=\(status)")
  }

  /// What shows, when it changed; nothing before the program is ready.
  package func status(_ status: String) {
    guard isReady, status != lastStatus else { return }
    lastStatus = status
    send("STATUS=\(status)")
  }

  /// When the loop must next tell the watchdog it runs; nil without one, or before the
  /// program is ready (systemd's start timeout watches that while).
  package var nextPing: Double? {
    isReady ? watchdogInterval.map { lastPing + $0 } : nil
  }

  /// Tells the watchdog the loop runs, when it is time to at `now`.
  package func pingIfDue(at now: Double) {
    guard let nextPing, now >= nextPing else { return }
    lastPing = now
    send("WATCHDOG=1")
  }

  /// One datagram; systemd not listening (a unit stopping) is no error to report.
  private func send(_ message: String) {
    _ = address.send(Array(message.utf8), from: socket, flags: Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
  }
}
