import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// A kiosk started again and again, as a service manager restarts one, with a core kept busy
/// as on a loaded box: every start shows its window. Before Xvfb ran with -noreset and SDL's
/// D-Bus autolaunch was turned off, about 4 starts in 35 ended with status 1 first.
///
/// `scripts/test` starts 10; `scripts/soak` starts 100 (TEXT_EFFECTS_KIOSK_STARTS).
@Suite(.threadOfItsOwn(.waiting), .enabled(if: WindowDriver.isAvailable)) struct KioskStartTests {
  static let starts =
    ProcessInfo.processInfo.environment["TEXT_EFFECTS_KIOSK_STARTS"].flatMap { Int($0) } ?? 10

  @Test func kioskStartsWithOneCoreBusy() throws {
    let busy = Process()
    busy.executableURL = URL(fileURLWithPath: "/bin/sh")
    // Busy while the test runner lives: should the runner crash, the shell ends with it rather
    // than keep a core of the machine busy for good.
    busy.arguments = ["-c", "while kill -0 $PPID 2>/dev/null; do :; done"]
    try busy.run()
    defer {
      // SIGKILL: the test runner's children inherit its blocked signals, SIGTERM among them,
      // and a shell in a loop of builtins never unblocks it.
      kill(busy.processIdentifier, SIGKILL)
      busy.waitUntilExit()
    }
    let display = try PrivateDisplay()
    var failures: [String] = []
    for start in 0..<Self.starts {
      if let failure = try startAndStop(on: display) {
        failures.append("start \(start): \(failure)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(Self.starts) failed: \(failures.prefix(3))")
  }

  /// Starts a kiosk, waits for its window, and ends it with SIGTERM; what went wrong, if
  /// anything.
  func startAndStop(on display: PrivateDisplay) throws -> String? {
    let process = Process()
    process.executableURL = Executable.url
    process.arguments = ["--kiosk"]
    process.environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
    let errors = Pipe()
    process.standardError = errors
    process.standardInput = Pipe()
    try process.run()
    let pid = "\(process.processIdentifier)"
    var shown = false
    for _ in 0..<400 where process.isRunning {
      let windows = try? WindowDriver.x(
        on: display, "xdotool", ["search", "--onlyvisible", "--pid", pid])
      if let windows, !windows.isEmpty {
        shown = true
        break
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    if !shown { return "no window within 20 s (status \(process.terminationStatus)): \(said)" }
    if process.terminationStatus != 0 {
      return "ended with \(process.terminationStatus): \(said)"
    }
    return nil
  }
}
