import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// The examples in a real window under Xvfb, as someone trying them runs them: each opens its
/// window, sleeps while nothing in it moves (the library says when the next change is due),
/// and ends at once with exit status 0 when asked. Once the background thread has sent the
/// whole answer and the front has passed it, the streamed answer shows what `--png` draws.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: WindowDriver.isAvailable)) struct ExampleWindowTests
{
  /// Each example with a window, the seconds it takes to come to rest (or, for the wave and
  /// the long answer, to be well under way) and the most of one core it may use after that.
  /// The typewriter blinks twice a second, the glitch bursts 0.83 s in every 2.5, the streamed
  /// answer is still once in; the wave moves all the time, about 60 frames a second, and so
  /// does the long answer for its 76 s. Measured (debug build, Xvfb, 10 s): 0.1%, 1.2%, 0%
  /// and 6.2%; a loop that spins takes the whole core. The streamed answer opens last, so its
  /// window is on top of the others for the capture.
  static let cases: [(name: String, settle: Double, share: Double)] = [
    ("typewriter-loop", 3.5, 0.03), ("glitch-title", 1, 0.05), ("wave-renderer", 1, 0.25),
    ("long-answer", 1, 0.25), ("streaming-thread", 4, 0.01),
  ]

  /// All five at once, each measured over the same seconds (each is a process of its own);
  /// the streamed answer, at rest by then, is also compared with what `--png` draws, on
  /// whichever renderer SDL picked for the window.
  @Test func eachSleepsWhenStillAndEndsWhenAsked() throws {
    let session = try DesktopSession()
    defer { session.remove() }
    let windows = try Self.cases.map { name, _, _ in
      try WindowDriver([], environment: session.environment, executable: builtProgram(name))
    }
    Thread.sleep(forTimeInterval: Self.cases.map(\.settle).max() ?? 0)
    let shares = try WindowDriver.processorShares(of: windows, over: 4)
    for (index, (name, _, most)) in Self.cases.enumerated() {
      let share = shares[index]
      #expect(share <= most, "\(name): \(Int(share * 1000) / 10)% of a core")
    }
    let streaming = try #require(Self.cases.firstIndex { $0.name == "streaming-thread" })
    let expected = try PNGFile.read(
      Repository.file("examples/streaming-thread/screenshot.png").path)
    let result = WindowTests.windowComparison.compare(
      try windows[streaming].capture(), to: expected)
    #expect(result.matches, "\(WindowTests.windowComparison.summary(of: result) ?? "")")
    // A loop that the signal does not wake sleeps until its next change, a minute for the
    // still answer; 3 s tells that apart on a loaded two-core machine, where 1 s did not (the
    // typewriter took 1.9 s once in CI while the offscreen suites drew beside it).
    for (window, (name, _, _)) in zip(windows, Self.cases) {
      let end = window.close()
      #expect(end.status == 0, "\(name) ended with \(end.status): \(window.said)")
      #expect(end.seconds < 3, "\(name) took \(end.seconds) s to end")
      #expect(window.said.isEmpty, "\(name) said: \(window.said)")
    }
  }

  /// The game's title quits on Escape, as a game's title screen does.
  @Test func theTitleScreenQuitsOnEscape() throws {
    let session = try DesktopSession()
    defer { session.remove() }
    let window = try WindowDriver(
      [], environment: session.environment, executable: builtProgram("glitch-title"))
    #expect(try window.quit(with: "Escape"))
  }

  /// What a desktop session gives the programs someone tries: a runtime folder of their own
  /// (mode 0700, as systemd-logind makes it) and no Wayland display. The examples start SDL as
  /// any program does, so on SDL 3 (sdl2-compat) it tries Wayland first; without a runtime
  /// folder libwayland prints "XDG_RUNTIME_DIR is invalid or not set", with one it finds no
  /// compositor in it and SDL goes on to X11 without a word.
  struct DesktopSession {
    let runtime: URL
    var environment: [String: String] {
      WindowDriver.noDesktop.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
    }

    init() throws {
      runtime = FileManager.default.temporaryDirectory
        .appendingPathComponent("text-effects-runtime-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    func remove() {
      try? FileManager.default.removeItem(at: runtime)
    }
  }
}
