import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The window and the kiosk following a desktop: a private session bus with a stand-in
/// portal, whose settings the tests set and change while the window runs, and whose frames
/// are checked against the headless ones with the same settings.
@Suite(
  .threadOfItsOwn(.waiting), .enabled(if: WindowDriver.isAvailable && DesktopStandIn.isAvailable))
struct DesktopWindowTests {
  let size = Size(width: 900, height: 600)

  func headless(
    _ scene: SceneKind, at time: Double, _ change: (inout SceneSettings) -> Void = { _ in }
  ) throws -> RGBAImage {
    var settings = SceneSettings()
    change(&settings)
    return try TextEffectsProgramTests.headless(scene, at: time, size: size, settings: settings)
  }

  /// Pixels that differ from `expected` (-1 for another size).
  func differing(_ shown: RGBAImage, _ expected: RGBAImage) -> Int {
    WindowTests.windowComparison.compare(shown, to: expected).differingPixels ?? -1
  }

  /// A moment at which each scene moves: its still look differs there.
  func movingTime(of scene: SceneKind) -> Double { scene == .glitch ? 0.42 : 1.6 }

  /// A person who turned animations off gets each scene's still look from the first frame.
  @Test(arguments: SceneKind.demos)
  func aDesktopThatReducesMotionStillsEveryScene(scene: SceneKind) throws {
    let desktop = try DesktopStandIn(portal: [DesktopStandIn.reducedMotion(1)])
    let time = movingTime(of: scene)
    let window = try WindowDriver(
      ["--scene", scene.rawValue, "--at", "\(time)", "--no-chrome"], renderer: "software",
      environment: desktop.environment)
    let shown = try window.capture()
    let still = try headless(scene, at: time) { $0.reduceMotion = true }
    #expect(differing(still, try headless(scene, at: time)) > 0, "a moment that moves")
    #expect(differing(shown, still) == 0, "\(scene): not the still look")
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// Flipped live: the next frame after the signal is still, and moving again when it
  /// flips back.
  @Test func theGlitchFollowsReduceMotionLive() throws {
    let desktop = try DesktopStandIn(portal: [DesktopStandIn.reducedMotion(0)])
    let window = try WindowDriver(
      ["--scene", "glitch", "--at", "0.42", "--no-chrome"], renderer: "software",
      environment: desktop.environment)
    let moving = try headless(.glitch, at: 0.42)
    let still = try headless(.glitch, at: 0.42) { $0.reduceMotion = true }
    #expect(differing(try window.capture(), moving) == 0)
    try window.change(desktop, DesktopStandIn.reducedMotion(1))
    #expect(differing(try window.capture(), still) == 0, "still one frame after the signal")
    try window.change(desktop, DesktopStandIn.reducedMotion(0))
    #expect(differing(try window.capture(), moving) == 0, "bursting again")
  }

  /// A running glitch with the desktop reducing motion sleeps: no frames, no processor.
  @Test func aStilledWindowSleeps() throws {
    let desktop = try DesktopStandIn(portal: [DesktopStandIn.reducedMotion(1)])
    let window = try WindowDriver(
      ["--scene", "glitch", "--no-chrome"], renderer: "software",
      environment: desktop.environment)
    let first = try window.capture()
    let share = try window.processorShare(over: 3)
    #expect(differing(try window.capture(), first) == 0)
    #expect(share < 0.01, "\(share * 100)% of a core while still")
  }

  @Test func theStreamingSceneTurnsLightLive() throws {
    let desktop = try DesktopStandIn(portal: [DesktopStandIn.colorScheme(0)])
    let window = try WindowDriver(
      ["--scene", "streaming", "--at", "12", "--no-chrome"], renderer: "software",
      environment: desktop.environment)
    #expect(differing(try window.capture(), try headless(.streaming, at: 12)) == 0)
    try window.change(desktop, DesktopStandIn.colorScheme(2))
    let light = try headless(.streaming, at: 12) { $0.appearance = .light }
    #expect(differing(try window.capture(), light) == 0)
  }

  @Test func textGrowsWithTheScalingFactor() throws {
    let desktop = try DesktopStandIn(portal: [DesktopStandIn.textScalingFactor(1)])
    let window = try WindowDriver(
      ["--scene", "typewriter", "--at", "1.6", "--no-chrome"], renderer: "software",
      environment: desktop.environment)
    #expect(differing(try window.capture(), try headless(.typewriter, at: 1.6)) == 0)
    try window.change(desktop, DesktopStandIn.textScalingFactor(2))
    let larger = try headless(.typewriter, at: 1.6) { $0.dynamicType = .accessibility2 }
    #expect(differing(try window.capture(), larger) == 0)
  }

  /// The command line wins for good; a key wins until the desktop changes that preference.
  @Test func theCommandLineAndKeysWinOverTheDesktop() throws {
    let desktop = try DesktopStandIn(portal: [DesktopStandIn.colorScheme(2)])
    let dark = try headless(.streaming, at: 12)
    let light = try headless(.streaming, at: 12) { $0.appearance = .light }
    let given = try WindowDriver(
      ["--scene", "streaming", "--at", "12", "--no-chrome", "--appearance", "dark"],
      renderer: "software", environment: desktop.environment)
    #expect(differing(try given.capture(), dark) == 0, "--appearance dark holds")
    try given.change(desktop, DesktopStandIn.colorScheme(1))
    try given.change(desktop, DesktopStandIn.colorScheme(2))
    #expect(differing(try given.capture(), dark) == 0, "--appearance dark still holds")
    _ = given.close()

    let window = try WindowDriver(
      ["--scene", "streaming", "--at", "12", "--no-chrome"], renderer: "software",
      environment: desktop.environment)
    #expect(differing(try window.capture(), light) == 0, "the desktop's light")
    try window.key("a")
    #expect(differing(try window.capture(), dark) == 0, "A made it dark")
    try window.change(desktop, DesktopStandIn.colorScheme(1))
    #expect(differing(try window.capture(), dark) == 0)
    try window.change(desktop, DesktopStandIn.colorScheme(2))
    #expect(differing(try window.capture(), light) == 0, "the desktop changed again")
  }

  @Test func followDesktopNoReadsNothing() throws {
    let desktop = try DesktopStandIn(portal: [DesktopStandIn.reducedMotion(1)])
    let window = try WindowDriver(
      ["--scene", "glitch", "--at", "0.42", "--no-chrome", "--follow-desktop", "no"],
      renderer: "software", environment: desktop.environment)
    #expect(differing(try window.capture(), try headless(.glitch, at: 0.42)) == 0)
  }

  /// A bus without a portal, and no bus at all, are no preference and no message.
  @Test(arguments: [true, false])
  func noPortalIsNoPreference(hasBus: Bool) throws {
    let desktop = try DesktopStandIn(portal: nil)
    let window = try WindowDriver(
      ["--scene", "glitch", "--at", "0.42", "--no-chrome"], renderer: "software",
      environment: hasBus ? desktop.environment : WindowDriver.noDesktop)
    #expect(differing(try window.capture(), try headless(.glitch, at: 0.42)) == 0)
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// GNOME's keys in GSettings, where no portal publishes them: here GIO's keyfile store,
  /// changed live with the `gsettings` tool as a settings panel would.
  @Test func gsettingsWithoutAPortal() throws {
    let config = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-gsettings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: config) }
    let keyfile = config.appendingPathComponent("glib-2.0/settings")
    try FileManager.default.createDirectory(at: keyfile, withIntermediateDirectories: true)
    try "[org/gnome/desktop/interface]\nenable-animations=false\n".write(
      to: keyfile.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
    let environment = [
      "DBUS_SESSION_BUS_ADDRESS": "disabled:", "GSETTINGS_BACKEND": "keyfile",
      "XDG_CONFIG_HOME": config.path,
    ]
    let window = try WindowDriver(
      ["--scene", "glitch", "--at", "0.42", "--no-chrome"], renderer: "software",
      environment: environment)
    let still = try headless(.glitch, at: 0.42) { $0.reduceMotion = true }
    #expect(differing(try window.capture(), still) == 0, "enable-animations false")
    let before = window.lastReport
    try output(
      of: "gsettings", ["set", "org.gnome.desktop.interface", "enable-animations", "true"],
      environment: environment)
    try window.waitForFrame(after: before)
    #expect(differing(try window.capture(), try headless(.glitch, at: 0.42)) == 0)
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// On a bare X server, where no desktop session names itself, GSettings' schema defaults are
  /// no one's preference: the status line calls nothing the desktop's until a user sets a key.
  /// In a session, the desktop's defaults are its settings, and it says so.
  @Test(arguments: [false, true]) func schemaDefaultsAreTheDesktopsOnlyInASession(
    inSession: Bool
  ) throws {
    let config = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-gsettings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: config) }
    let keyfile = config.appendingPathComponent("glib-2.0/settings")
    try FileManager.default.createDirectory(at: keyfile, withIntermediateDirectories: true)
    try "".write(to: keyfile.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
    let environment = [
      "DBUS_SESSION_BUS_ADDRESS": "disabled:", "GSETTINGS_BACKEND": "keyfile",
      "XDG_CONFIG_HOME": config.path, "XDG_CURRENT_DESKTOP": inSession ? "GNOME" : "",
    ]
    let window = try WindowDriver(
      ["--scene", "glitch", "--size", "900x600"], renderer: "software", environment: environment)
    /// The bottom bar as tesseract reads it, its grey on dark made larger and black on white.
    func bar() throws -> String {
      let shot = config.appendingPathComponent("bar.png").path
      _ = try window.x("import", ["-window", window.window, "-crop", "900x40+0+560", shot])
      try output(of: "convert", [shot, "+repage", "-resize", "300%", "-negate", shot])
      return try ReadBackTests.tesseract(shot, "eng", layout: 7)
    }
    let before = try bar()
    #expect(before.contains("Text Large"), "tesseract read '\(before)'")
    #expect(before.contains("(desktop)") == inSession, "tesseract read '\(before)'")
    let frame = window.lastReport
    try output(
      of: "gsettings", ["set", "org.gnome.desktop.interface", "enable-animations", "false"],
      environment: environment)
    try window.waitForFrame(after: frame)
    let set = try bar()
    #expect(set.contains("Reduce Motion (desktop)"), "tesseract read '\(set)'")
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// The kiosk follows too, unless its content file says `followDesktop: false`.
  @Test(arguments: [true, false])
  func theKioskFollowsUnlessItsFileSaysNot(follows: Bool) throws {
    let desktop = try DesktopStandIn(portal: [DesktopStandIn.colorScheme(2)])
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-kiosk-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try #"{"followDesktop": \#(follows), "items": [{"scene": "streaming"}]}"#.write(
      to: file, atomically: true, encoding: .utf8)
    let window = try WindowDriver(
      ["--kiosk", "--content", file.path], renderer: "software",
      environment: desktop.environment)
    defer { try? window.key("ctrl+alt+q") }
    let corner = try window.capture()[2, 2]
    #expect(corner.red == (follows ? 255 : 0), "the streaming item's background")
  }
}

/// The watcher itself, in this process, against the stand-in portal: no display needed, so
/// ThreadSanitizer sees the I/O loop's thread.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: DesktopStandIn.isAvailable))
struct DesktopWatcherTests {
  @Test func readsThePortalAndFollowsItsSignal() throws {
    let desktop = try DesktopStandIn(portal: [
      DesktopStandIn.reducedMotion(1), DesktopStandIn.textScalingFactor(1.25),
    ])
    let watcher = DesktopWatcher(environment: desktop.environment)
    let woken = Locked(0)
    let wokenAt = Locked(0.0)
    let said = Locked<DesktopPreferences?>(nil)
    /// The preferences said since the last look.
    func take() -> DesktopPreferences? {
      defer { said.value = nil }
      return said.value
    }
    let loop = IOLoop()
    defer { loop.stop() }
    watcher.start(on: loop) { preferences in
      wokenAt.value = DesktopStandIn.monotonicNow()
      said.value = preferences
      woken.value += 1
    }
    let first = try #require(watcher.firstReading(within: 5))
    #expect(first == DesktopPreferences(reduceMotion: true, textSize: .xxLarge))
    #expect(watcher.origin == .portal)
    /// Waits up to 5 s for the watcher to have woken the window `count` times.
    func woke(_ count: Int) -> Bool {
      let deadline = Date().addingTimeInterval(5)
      while woken.value < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
      return woken.value == count
    }
    // The first reading is said once, for a window that stopped waiting for it.
    #expect(woke(1))
    #expect(take() == first)
    // From the portal's signal leaving the stand-in to the window's wake-up, as both stamp
    // them on the monotonic clock: within one frame interval at 60 Hz; under ThreadSanitizer
    // (scripts/test's run for this thread) within that interval stretched by its slowdown, as
    // every time bound is (TimeBound). (Timed from asking the stand-in, the test also timed
    // the stand-in waking to read its input and its own 5 ms polling: 17 to 21 ms on two busy
    // cores.)
    let emitted = try desktop.set(DesktopStandIn.colorScheme(2))
    #expect(woke(2))
    let latency = wokenAt.value - emitted
    let frameInterval = Double(TimeBound.slowdown) / 60
    #expect(latency < frameInterval, "\(latency * 1000) ms from the change to the wake-up")
    #expect(
      take() == DesktopPreferences(reduceMotion: true, appearance: .light, textSize: .xxLarge))
    // A key no preference reads changes nothing and wakes no one.
    try desktop.set("org.freedesktop.appearance accent-color s blue")
    try desktop.set(DesktopStandIn.colorScheme(2))
    Thread.sleep(forTimeInterval: 0.2)
    #expect(woken.value == 2 && take() == nil)
  }

  /// A portal slow to answer (one D-Bus starts on demand) keeps nobody waiting on the I/O
  /// loop: standard input read on the same loop reaches the window at once, and the portal's
  /// reading follows when it comes.
  @Test func aSlowPortalHoldsUpNoOtherFeed() throws {
    let desktop = try DesktopStandIn(portal: [DesktopStandIn.reducedMotion(1)], readDelay: 2)
    // Standard input's pipe, closed once the loop has stopped watching it.
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let loop = IOLoop()
    defer { loop.stop() }
    let watcher = DesktopWatcher(environment: desktop.environment)
    watcher.start(on: loop) { _ in }
    let answers = WindowInbox {}
    let input = StandardInputReader(reading: ends[0], into: answers)
    input.start(on: loop)
    Thread.sleep(forTimeInterval: 0.2)  // the portal has been asked, and takes its time
    let written = Date()
    _ = "hello".withCString { write(ends[1], $0, 5) }
    close(ends[1])
    var taken = ""
    while taken != "hello", Date().timeIntervalSince(written) < 5 {
      taken = answers.takeWhole().answer.applied(to: taken)
      Thread.sleep(forTimeInterval: 0.005)
    }
    #expect(taken == "hello")
    #expect(Date().timeIntervalSince(written) < 0.5, "standard input waited for the portal")
    #expect(watcher.firstReading(within: 5) == DesktopPreferences(reduceMotion: true))
    #expect(watcher.origin == .portal)
  }

  @Test func noBusIsAnEmptyReadingAtOnce() throws {
    let watcher = DesktopWatcher(environment: WindowDriver.noDesktop)
    let loop = IOLoop()
    defer { loop.stop() }
    let start = Date()
    watcher.start(on: loop) { _ in }
    #expect(watcher.firstReading(within: 5) == DesktopPreferences())
    #expect(Date().timeIntervalSince(start) < 0.5)
    #expect(watcher.origin == .none)
  }
}

extension WindowDriver {
  /// Sets `line` on `desktop`'s stand-in portal and waits for the frame the window draws when
  /// its watcher wakes it: the frame that shows the change, or that shows why it does not.
  func change(_ desktop: DesktopStandIn, _ line: String) throws {
    let before = lastReport
    try desktop.set(line)
    try waitForFrame(after: before)
  }
}
