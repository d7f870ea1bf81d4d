import Foundation
import Testing

@testable import TextEffects
@testable import TextEffectsSDL

/// Drives the real showcase window under X as a person would: xdotool for keys, clicks and
/// resizing, ImageMagick's import to capture what the window shows.
final class WindowDriver {
  static var isAvailable: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["TEXT_EFFECTS_WINDOW_TESTS"] == "1" && environment["DISPLAY"] != nil
  }

  let process: Process
  let window: String
  /// What the program reads as its standard input.
  let input = Pipe()

  /// What the program said on standard error.
  var said: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
  private let errors: URL

  /// Where the window tests run: with no session bus and GSettings in memory, so the desktop
  /// the tests run on (a developer's own) cannot change what the window shows.
  static let noDesktop = ["DBUS_SESSION_BUS_ADDRESS": "disabled:", "GSETTINGS_BACKEND": "memory"]

  /// Starts `executable` with `arguments` (and `--renderer` when given) in `directory`, and
  /// waits for its window to show; `environment` is set on top of the tests' own.
  init(
    _ arguments: [String], renderer: String? = nil, directory: URL? = nil,
    environment: [String: String] = noDesktop,
    executable: URL = SDLTests.ExecutableTests.executable
  ) throws {
    // The X server outlives each test (Xvfb runs with -noreset): keys a test left down, as
    // Ctrl+Alt+Q is when the kiosk quits before they come up, would reach this window as
    // pressed and quit it.
    _ = try? Self.run("xdotool", ["keyup", "ctrl", "alt", "shift", "q", "g", "space", "Escape"])
    process = Process()
    process.executableURL = executable
    process.arguments = arguments + (renderer.map { ["--renderer", $0] } ?? [])
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = input
    // What the program says goes to a file, so a failure to show can quote it.
    let errors = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-window-\(UUID().uuidString).err")
    self.errors = errors
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors)
    try Self.startAsAShellWould(process)
    // SDL may make its window again for OpenGL: wait for one to show, let it settle, and
    // take the newest.
    let pid = "\(process.processIdentifier)"
    func visibleWindows() -> [String] {
      ((try? Self.run("xdotool", ["search", "--onlyvisible", "--pid", pid])) ?? "")
        .split(separator: "\n").map(String.init)
    }
    let deadline = Date().addingTimeInterval(20)
    while visibleWindows().isEmpty, process.isRunning, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
    Thread.sleep(forTimeInterval: 0.6)
    guard let found = visibleWindows().last else {
      let state = process.isRunning ? "still running" : "ended with \(process.terminationStatus)"
      process.terminate()
      let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: errors)
      throw WindowTestError(
        "the window of \(arguments) did not show within 20 s (\(state)); it said: \(said)")
    }
    window = found
    settle()
  }

  deinit {
    if process.isRunning { _ = close() }
    try? FileManager.default.removeItem(at: errors)
  }

  /// Starts `process` with SIGTERM and SIGINT unblocked, as a shell or a service manager starts
  /// a program. A child takes the signal mask of the thread that spawns it, and the tests run on
  /// Dispatch's threads, which block nearly every signal: a program that leaves its mask alone
  /// (as the examples do) would never see `terminate()`, and waiting for it would hang the run.
  static func startAsAShellWould(_ process: Process) throws {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTERM)
    sigaddset(&signals, SIGINT)
    var previous = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &signals, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    try process.run()
  }

  /// Gives the window time to handle input and draw a few frames.
  func settle() { Thread.sleep(forTimeInterval: 0.6) }

  var title: String { (try? Self.run("xdotool", ["getwindowname", window])) ?? "" }

  func key(_ name: String) throws {
    _ = try Self.run("xdotool", ["key", "--window", window, name])
    settle()
  }

  /// Presses `name`, a key meant to end the program, and says whether it ended within
  /// `seconds` with status 0. xdotool sends the key down, then up; a program that quits as the
  /// key goes down takes its window with it, and xdotool then fails on the key coming up to a
  /// window that is gone. That is a failure only while the program still runs.
  func quit(with name: String, within seconds: Double = 2) throws -> Bool {
    do {
      _ = try Self.run("xdotool", ["key", "--window", window, name])
    } catch {
      if !hasEnded(within: seconds) { throw error }
    }
    return hasEnded(within: seconds) && process.terminationStatus == 0
  }

  func click(at point: Point) throws {
    _ = try Self.run(
      "xdotool",
      ["mousemove", "--window", window, "\(Int(point.x))", "\(Int(point.y))", "click", "1"])
    settle()
  }

  func resize(width: Int, height: Int) throws {
    _ = try Self.run("xdotool", ["windowsize", "--sync", window, "\(width)", "\(height)"])
    settle()
  }

  /// What the window shows now (a second try if X was busy, as when it just went fullscreen).
  func capture() throws -> RGBAImage {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-window-\(window).png").path
    if (try? Self.run("import", ["-window", window, path])) == nil {
      settle()
      _ = try Self.run("import", ["-window", window, path])
    }
    return try PNGFile.read(path)
  }

  /// Seconds of processor time the program has used so far, its own and the kernel's for it.
  func processorSeconds() throws -> Double {
    let stat = try String(
      contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
    // The fields after the program's name, which is in parentheses and may hold spaces.
    let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...]
      .split(separator: " ")
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return (try #require(Double(fields[11])) + (try #require(Double(fields[12])))) / ticks
  }

  /// The share of one core the program uses over `seconds`.
  func processorShare(over seconds: Double) throws -> Double {
    let before = try processorSeconds()
    Thread.sleep(forTimeInterval: seconds)
    return (try processorSeconds() - before) / seconds
  }

  /// Ends the program as a service manager would, with SIGTERM, and returns its exit status
  /// and how long it took to end.
  func close() -> (status: Int32, seconds: Double) {
    let start = Date()
    process.terminate()
    if !hasEnded(within: 10) {
      // Never a hang: a program that ignores SIGTERM is killed, and its status says so.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    return (process.terminationStatus, Date().timeIntervalSince(start))
  }

  /// Waits up to `seconds` for the program to end by itself.
  func hasEnded(within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    return !process.isRunning
  }

  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    // No X tool may hang a test run: each gets 10 seconds.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["10", tool] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw WindowTestError("\(tool) \(arguments.joined(separator: " ")) failed")
    }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

struct WindowTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
