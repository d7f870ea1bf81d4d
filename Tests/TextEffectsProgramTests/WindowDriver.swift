import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// Drives the real showcase window under X as a person would: xdotool for keys, clicks and
/// resizing, ImageMagick's import to capture what the window shows. Each window is on a display
/// of its own unless a test puts several on one.
final class WindowDriver {
  /// Window tests run when `TEXT_EFFECTS_WINDOW_TESTS` is 1 (`scripts/test` sets it; its
  /// `--quick` loop does not) and Xvfb is installed: each test starts the X servers it needs.
  static var isAvailable: Bool {
    ProcessInfo.processInfo.environment["TEXT_EFFECTS_WINDOW_TESTS"] == "1"
      && FileManager.default.isExecutableFile(atPath: PrivateDisplay.server)
  }

  let process: Process
  let window: String
  /// The X server the window is on.
  let display: PrivateDisplay
  /// What the program reads as its standard input.
  let input = InputPipe()

  /// What the program said on standard error, but for its frame reports.
  var said: String {
    ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").split(
      separator: "\n", omittingEmptySubsequences: false
    ).filter { !$0.hasPrefix(FrameReport.prefix) }.joined(separator: "\n")
  }
  private let errors: URL
  /// The program's own runtime folder, when it was to have none: made empty, removed at the end.
  private let runtime: URL?
  /// Whether the program says when it has caught up (`TEXT_EFFECTS_FRAME_REPORT`), as
  /// `text-effects` does; the examples do not, and are waited for by the clock.
  private let reportsFrames: Bool
  /// The key and button events sent so far, which the program counts as it takes them.
  private var inputSent = 0

  /// Where the window tests run: with no session bus, GSettings in memory and no runtime
  /// folder, so the desktop the tests run on (a developer's own) cannot change what the window
  /// shows. A driver gives its program an empty runtime folder of its own in place of none
  /// (`runtime`): a fullscreen kiosk takes its control socket there, beside no other's.
  static let noDesktop = [
    "DBUS_SESSION_BUS_ADDRESS": "disabled:", "GSETTINGS_BACKEND": "memory", "XDG_RUNTIME_DIR": "",
  ]

  /// Every test's program reports its frames, so that the driver waits on it, not on a clock;
  /// a client of its control socket that leaves half a line is dropped after
  /// `controlPatience` seconds, not ten.
  static let reporting = [
    "TEXT_EFFECTS_FRAME_REPORT": "1", "TEXT_EFFECTS_CONTROL_PATIENCE": "\(controlPatience)",
  ]
  static let controlPatience = 1.0

  /// Starts `executable` with `arguments` (and `--renderer` when given) in `directory`, on
  /// `display` (a new one of its own unless given), and waits for its window to show;
  /// `environment` is set on top of the tests' own. Without `hasRuntimeFolder`, a program
  /// `environment` gives no runtime folder runs with none, as one started outside a login
  /// session does.
  init(
    _ arguments: [String], renderer: String? = nil, directory: URL? = nil,
    environment: [String: String] = noDesktop, executable: URL = Executable.url,
    on display: PrivateDisplay? = nil, hasRuntimeFolder: Bool = true
  ) throws {
    self.display = try display ?? PrivateDisplay()
    var environment = environment
    if environment["XDG_RUNTIME_DIR"] == "", hasRuntimeFolder {
      let runtime = FileManager.default.temporaryDirectory
        .appendingPathComponent("text-effects-runtime-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      environment["XDG_RUNTIME_DIR"] = runtime.path
      self.runtime = runtime
    } else {
      runtime = nil
    }
    process = Process()
    process.executableURL = executable
    process.arguments = arguments + (renderer.map { ["--renderer", $0] } ?? [])
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ProcessInfo.processInfo.environment.merging(
      environment.merging(Self.reporting) { $1 }.merging(self.display.environment) { $1 }
    ) { $1 }
    process.standardInput = input.fileHandleForReading
    // What the program says goes to a file, so a failure to show can quote it.
    let errors = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-window-\(UUID().uuidString).err")
    self.errors = errors
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors)
    try Self.startAsAShellWould(process)
    reportsFrames = executable.lastPathComponent == "text-effects"
    // SDL may make its window again for OpenGL: the program's first report comes once its
    // first frame is on the screen, in the window it keeps. A program that does not report
    // (an example) is given time to settle instead.
    let pid = "\(process.processIdentifier)"
    let onDisplay = self.display
    func visibleWindows() -> [String] {
      ((try? Self.x(on: onDisplay, "xdotool", ["search", "--onlyvisible", "--pid", pid])) ?? "")
        .split(separator: "\n").map(String.init)
    }
    let deadline = Date().addingTimeInterval(20)
    if reportsFrames {
      while Self.reports(in: errors).isEmpty, process.isRunning, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.005)
      }
    } else {
      while visibleWindows().isEmpty, process.isRunning, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.1)
      }
      Thread.sleep(forTimeInterval: 1.2)
    }
    guard let found = visibleWindows().last else {
      let state = process.isRunning ? "still running" : "ended with \(process.terminationStatus)"
      process.terminate()
      let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: errors)
      if let runtime { try? FileManager.default.removeItem(at: runtime) }
      throw WindowTestError(
        "the window of \(arguments) did not show within 20 s (\(state)); it said: \(said)")
    }
    window = found
  }

  deinit {
    if process.isRunning { _ = close() }
    try? FileManager.default.removeItem(at: errors)
    if let runtime { try? FileManager.default.removeItem(at: runtime) }
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

  /// The program's frame reports so far, oldest first.
  var reports: [FrameReport.Reading] { Self.reports(in: errors) }

  /// The newest frame report, or one of nothing for a program that does not report.
  var lastReport: FrameReport.Reading {
    reports.last ?? FrameReport.Reading(frames: 0, input: 0, width: 0, height: 0)
  }

  static func reports(in file: URL) -> [FrameReport.Reading] {
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix(FrameReport.prefix) else { return nil }
      let numbers = line.dropFirst(FrameReport.prefix.count)
        .split(whereSeparator: { !$0.isNumber && $0 != "." }).compactMap { Double($0) }
      guard numbers.count == 5 else { return nil }
      return FrameReport.Reading(
        frames: Int(numbers[0]), input: Int(numbers[1]), width: Int(numbers[2]),
        height: Int(numbers[3]), shownAt: numbers[4])
    }
  }

  /// Waits, up to 10 s, for the program to report that it has caught up in a way `isDone`
  /// accepts, and returns that report; a program that does not report is given 0.6 s.
  @discardableResult
  func waitForReport(
    _ what: String, where isDone: (FrameReport.Reading) -> Bool
  ) throws -> FrameReport.Reading {
    guard reportsFrames else {
      Thread.sleep(forTimeInterval: 0.6)
      return lastReport
    }
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if let done = reports.last(where: isDone) { return done }
      guard process.isRunning else { break }
      Thread.sleep(forTimeInterval: 0.005)
    }
    throw WindowTestError(
      "the window did not report \(what) within 10 s (last: \(lastReport)); it said: \(said)")
  }

  /// Waits for the program to have taken every key and button event sent so far and shown
  /// what they asked for.
  func waitForInput() throws {
    let sent = inputSent
    try waitForReport("taking \(sent) key and button events") { $0.input >= sent }
  }

  /// Waits for a frame drawn after `before` (a report taken before the action that asks for
  /// it: a change of the desktop's preferences, text on standard input).
  @discardableResult
  func waitForFrame(after before: FrameReport.Reading) throws -> FrameReport.Reading {
    try waitForReport("a frame after frame \(before.frames)") { $0.frames > before.frames }
  }

  var title: String { (try? x("xdotool", ["getwindowname", window])) ?? "" }

  /// Presses and releases `name`, which may be a chord such as `ctrl+alt+q` (each of its keys
  /// goes down and up), and waits for the program to have taken it.
  func key(_ name: String) throws {
    _ = try x("xdotool", ["key", "--window", window, name])
    inputSent += 2 * name.split(separator: "+").count
    try waitForInput()
  }

  /// Presses `name`, a key meant to end the program, and says whether it ended within
  /// `seconds` with status 0. xdotool sends the key down, then up; a program that quits as the
  /// key goes down takes its window with it, and xdotool then fails on the key coming up to a
  /// window that is gone. That is a failure only while the program still runs.
  func quit(with name: String, within seconds: Double = 2) throws -> Bool {
    do {
      _ = try x("xdotool", ["key", "--window", window, name])
    } catch {
      if !hasEnded(within: seconds) { throw error }
    }
    return hasEnded(within: seconds) && process.terminationStatus == 0
  }

  func click(at point: Point) throws {
    _ = try x(
      "xdotool",
      ["mousemove", "--window", window, "\(Int(point.x))", "\(Int(point.y))", "click", "1"])
    inputSent += 2
    try waitForInput()
  }

  /// Turns the wheel `notches` times over the window's middle, towards the reader (on to
  /// later text) when positive, and waits for the program to have taken it: X sends each
  /// notch as a press of button 5 (or 4, away), which SDL makes one wheel event.
  func wheel(_ notches: Int) throws {
    _ = try x(
      "xdotool",
      [
        "mousemove", "--window", window, "300", "300", "click", "--repeat", "\(abs(notches))",
        "--delay", "10", notches > 0 ? "5" : "4",
      ])
    inputSent += abs(notches)
    try waitForInput()
  }

  /// Resizes the window to `width` × `height` and waits for a frame of the size it then has:
  /// `expected`, where it differs (a window made smaller than its minimum grows back).
  func resize(width: Int, height: Int, expecting expected: (width: Int, height: Int)? = nil) throws
  {
    _ = try x("xdotool", ["windowsize", "--sync", window, "\(width)", "\(height)"])
    let (width, height) = expected ?? (width, height)
    try waitForReport("a frame of \(width)x\(height)") {
      $0.width == width && $0.height == height
    }
  }

  /// What the window shows now (a second try if X was busy, as when it just went fullscreen).
  func capture() throws -> RGBAImage {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-window-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    if (try? x("import", ["-window", window, path])) == nil {
      Thread.sleep(forTimeInterval: 0.6)
      _ = try x("import", ["-window", window, path])
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

  /// The share of one core each of `windows` uses over the same `seconds`: each is a process of
  /// its own, so they are measured at once.
  static func processorShares(of windows: [WindowDriver], over seconds: Double) throws -> [Double] {
    let before = try windows.map { try $0.processorSeconds() }
    let start = Date()
    Thread.sleep(forTimeInterval: seconds)
    let after = try windows.map { try $0.processorSeconds() }
    let elapsed = Date().timeIntervalSince(start)
    return zip(before, after).map { ($1 - $0) / elapsed }
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

  /// What X tool `tool` prints, run on this window's display.
  @discardableResult
  func x(_ tool: String, _ arguments: [String]) throws -> String {
    try Self.x(on: display, tool, arguments)
  }

  /// What X tool `tool` prints, run on `display`; no X tool may hang a test run: each gets 10
  /// seconds.
  @discardableResult
  static func x(on display: PrivateDisplay, _ tool: String, _ arguments: [String]) throws
    -> String
  {
    try output(of: tool, arguments, environment: display.environment, within: 10)
  }
}

struct WindowTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A pipe for a program's standard input whose ends no other program inherits: both are made
/// close-on-exec as soon as the pipe is made (`pipe2` is not in Swift's Glibc module), and the
/// program gets its own copy of the reading end as its standard input. A program another test
/// starts meanwhile would otherwise hold the writing end open, and the program would not see
/// its input end until that one ended.
final class InputPipe {
  let fileHandleForReading: FileHandle
  let fileHandleForWriting: FileHandle

  init() {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "no pipe: errno \(errno)")
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    fileHandleForReading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    fileHandleForWriting = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
  }
}
