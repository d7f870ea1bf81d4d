import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsSDL

/// A desktop a screen reader listens on: a private session bus, Debian's at-spi2-core on it
/// (the bus launcher, which starts the accessibility bus and its registry), the bus's
/// `IsEnabled` turned on as Orca turns it on, and `scripts/read-accessible` reading through
/// pyatspi, the library Orca reads applications with.
final class ScreenReaderDesktop {
  static let launcher = "/usr/libexec/at-spi-bus-launcher"
  static let reader = Repository.root.appendingPathComponent("scripts/read-accessible")

  static var isAvailable: Bool {
    DesktopStandIn.isAvailable && FileManager.default.isExecutableFile(atPath: launcher)
      && FileManager.default.fileExists(
        atPath: "/usr/lib/python3/dist-packages/pyatspi/__init__.py")
  }

  let desktop: DesktopStandIn
  private let busLauncher = Process()

  init() throws {
    desktop = try DesktopStandIn(portal: nil)
    busLauncher.executableURL = URL(fileURLWithPath: Self.launcher)
    busLauncher.arguments = ["--launch-immediately"]
    // Its bus's socket goes in the test's folder, not beside a real session's.
    busLauncher.environment = ProcessInfo.processInfo.environment.merging(
      desktop.environment.merging(["XDG_RUNTIME_DIR": desktop.folder.path]) { $1 }
    ) { $1 }
    busLauncher.standardOutput = FileHandle.nullDevice
    busLauncher.standardError = FileHandle.nullDevice
    try busLauncher.run()
    // The launcher takes its name on the bus a moment after it starts.
    let deadline = Date().addingTimeInterval(10)
    while (try? read(["enable"])) == nil {
      guard Date() < deadline else {
        throw WindowTestError("at-spi-bus-launcher did not come up on the private bus")
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
  }

  deinit {
    // SIGKILL, as a test thread holds SIGTERM blocked and its children inherit that. The
    // launcher's accessibility bus and the registry the bus started (which is not the bus's
    // child) are found by the private session bus in their environment.
    Self.killAll(with: "DBUS_SESSION_BUS_ADDRESS=" + desktop.address)
    busLauncher.waitUntilExit()
  }

  /// Kills every process whose environment holds `variable` exactly.
  static func killAll(with variable: String) {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in processes {
      guard let pid = Int32(entry), pid != getpid(),
        let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
      else { continue }
      let variables = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      if variables.contains(variable) { kill(pid, SIGKILL) }
    }
  }

  /// What `scripts/read-accessible ARGUMENTS` prints; it fails with what it said.
  @discardableResult
  func read(_ arguments: [String]) throws -> String {
    let ran = try run(
      Self.reader, arguments,
      environment: ProcessInfo.processInfo.environment.merging(desktop.environment) { $1 })
    guard ran.status == 0 else {
      throw WindowTestError("read-accessible \(arguments.joined(separator: " ")): \(ran.error)")
    }
    return ran.output
  }

  /// The application's tree, as pyatspi reads it.
  func tree() throws -> AccessibleNode {
    try JSONDecoder().decode(
      AccessibleNode.self, from: Data(try read(["tree", "text-effects"]).utf8))
  }
}

/// One object as `read-accessible tree` prints it.
struct AccessibleNode: Decodable {
  var role: String
  var name: String
  var states: [String]
  var children: [AccessibleNode]
  var text: String?
  var actions: [String]?

  /// It and everything under it.
  var all: [AccessibleNode] { [self] + children.flatMap(\.all) }
}

/// The window read through AT-SPI2 as Orca reads it: what the seeds' accessibility
/// modifiers say a screen reader gets.
@Suite(
  .threadOfItsOwn(.waiting),
  .enabled(if: WindowDriver.isAvailable && ScreenReaderDesktop.isAvailable))
struct ScreenReaderTests {
  /// The typewriter mid-line is one label with the whole line; the frame is named as the
  /// window; the tabs, the switch and the buttons are what they are; no dot is anything.
  @Test func theTypewriterIsReadWholeWhileItTypes() throws {
    let reader = try ScreenReaderDesktop()
    // Held a second in, with a third of the line typed.
    let window = try WindowDriver(
      ["--scene", "typewriter", "--at", "1"], renderer: "software",
      environment: reader.desktop.environment)
    let tree = try reader.tree()
    let line = TypewriterScene.demoLines[0]
    #expect(tree.role == "application")
    let frame = try #require(tree.children.first)
    #expect(frame.role == "frame" && frame.name == "TextEffects - Typewriter")
    let labels = tree.all.filter { $0.role == "label" }
    #expect(labels.map(\.name) == [line], "\(labels.map(\.name))")
    #expect(labels.first?.text == line)
    let tabs = try #require(frame.children.first { $0.role == "page tab list" })
    #expect(tabs.children.map(\.name) == ["Typewriter", "Glitch", "Streaming"])
    #expect(tabs.children.filter { $0.states.contains("selected") }.map(\.name) == ["Typewriter"])
    let toggle = try #require(tree.all.first { $0.role == "toggle button" })
    #expect(toggle.name == "Reduce Motion" && !toggle.states.contains("checked"))
    #expect(
      tree.all.filter { $0.role == "push button" }.map(\.name) == ["Light appearance", "Help"])
    #expect(tree.all.count == 1 + 1 + 1 + 3 + 1 + 3, "\(tree.all.map(\.role))")
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// The glitch's title is read once, not three times; its tab pressed through its action
  /// switches the scene, and a listener hears the label's new name and the tab's state.
  @Test func pressingTheGlitchTabSwitchesAndTellsListeners() throws {
    let reader = try ScreenReaderDesktop()
    let window = try WindowDriver(
      ["--scene", "typewriter"], renderer: "software",
      environment: reader.desktop.environment)
    let listener = Process()
    listener.executableURL = ScreenReaderDesktop.reader
    listener.arguments = ["events", "text-effects", "4"]
    listener.environment = ProcessInfo.processInfo.environment.merging(
      reader.desktop.environment
    ) { $1 }
    let heard = Pipe()
    listener.standardOutput = heard
    try listener.run()
    let ready = try DesktopStandIn.line(from: heard.fileHandleForReading, within: 15)
    #expect(ready.contains("listening"))
    try reader.read(["press", "text-effects", "Glitch"])
    listener.waitUntilExit()
    let events = String(decoding: heard.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let tree = try reader.tree()
    let title = GlitchScene.demoTitle
    #expect(
      tree.all.filter { $0.role == "label" }.map(\.name) == [title, GlitchScene.demoSubtitle])
    #expect(tree.children.first?.name == "TextEffects - Glitch")
    #expect(events.contains("\"value\": \"\(title)\""), "heard: \(events)")
    #expect(events.contains("object:state-changed:selected"), "heard: \(events)")
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// Debian's Orca 43 itself, against the window typing live: what it says of the text is
  /// the whole line, never the part typed so far. Its speech goes nowhere (no sound card
  /// here; speech-dispatcher would hang it), and its debug output, which logs every
  /// utterance as `SPEECH OUTPUT`, is read through a terminal so that each line is flushed.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/orca")))
  func orcaSaysTheWholeLineNeverAPart() throws {
    let reader = try ScreenReaderDesktop()
    let home = reader.desktop.folder.appendingPathComponent("home")
    let settings = home.appendingPathComponent(".local/share/orca")
    try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
    try #"{"general": {"enableSpeech": false, "enableBraille": false, "enableSound": false}, "#
      .appending(#""keybindings": {}, "pronunciations": {}, "#)
      .appending(#""profiles": {"default": {"profile": ["Default", "default"]}}}"#)
      .write(
        to: settings.appendingPathComponent("user-settings.conf"), atomically: true,
        encoding: .utf8)
    let transcript = reader.desktop.folder.appendingPathComponent("orca.out")
    // Orca and the window on one X server of their own.
    let display = try PrivateDisplay()
    let orca = Process()
    orca.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    orca.arguments = [
      "-qfc", "/usr/bin/orca --replace --debug-file=/dev/stdout", transcript.path,
    ]
    orca.environment = ProcessInfo.processInfo.environment.merging(
      reader.desktop.environment.merging([
        "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
        "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
      ]) { $1 }.merging(display.environment) { $1 }
    ) { $1 }
    orca.standardOutput = FileHandle.nullDevice
    orca.standardError = FileHandle.nullDevice
    try orca.run()
    func spoken() -> [String] {
      let text = (try? String(contentsOf: transcript, encoding: .utf8)) ?? ""
      return text.replacingOccurrences(of: "\r", with: "").components(
        separatedBy: "SPEECH OUTPUT: '"
      ).dropFirst().map {
        // The log indents an utterance's later lines; the utterance has none of that.
        $0.components(separatedBy: "'{")[0].replacing(/\n +/, with: "\n")
      }
    }
    var deadline = Date().addingTimeInterval(20)
    // Orca listens once its event manager says so.
    while !((try? String(contentsOf: transcript, encoding: .utf8)) ?? "").contains(
      "EVENT MANAGER: Activated"), Date() < deadline
    {
      Thread.sleep(forTimeInterval: 0.1)
    }
    let window = try WindowDriver(
      ["--scene", "typewriter"], renderer: "software", environment: reader.desktop.environment,
      on: display)
    let lines = TypewriterScene.demoLines
    deadline = Date().addingTimeInterval(10)
    while !spoken().contains(where: { $0.contains(lines[0]) }), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
    let said = spoken()
    #expect(said.contains { $0.contains(lines[0]) }, "Orca said: \(said)")
    // Whatever it said of the typewriter's text holds whole lines only.
    for utterance in said where utterance.contains("$") {
      #expect(lines.contains { utterance.contains($0) }, "a part of a line: \(utterance)")
    }
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// The window leaves the desktop when the bus says no reader listens any more, and comes
  /// back when one does, without a restart.
  @Test func theWindowFollowsAccessibilityTurningOffAndOn() throws {
    let reader = try ScreenReaderDesktop()
    let window = try WindowDriver(
      ["--scene", "glitch"], renderer: "software", environment: reader.desktop.environment)
    _ = try reader.tree()
    func appsBecome(_ expected: String) throws -> String {
      let deadline = Date().addingTimeInterval(10)
      var apps = try reader.read(["apps"])
      while !apps.contains(expected), Date() < deadline {
        Thread.sleep(forTimeInterval: 0.1)
        apps = try reader.read(["apps"])
      }
      return apps
    }
    try reader.read(["disable"])
    let off = try appsBecome("[]")
    #expect(!off.contains("text-effects"), "still on the desktop: \(off)")
    try reader.read(["enable"])
    let on = try appsBecome("text-effects")
    #expect(on.contains("text-effects"), "not back: \(on)")
    #expect(
      try reader.tree().all.filter { $0.role == "label" }.map(\.name) == [
        GlitchScene.demoTitle, GlitchScene.demoSubtitle,
      ])
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// The Reduce Motion switch pressed through its action turns on, and the scene stills.
  @Test func theReduceMotionSwitchIsPressedThroughItsAction() throws {
    let reader = try ScreenReaderDesktop()
    let window = try WindowDriver(
      ["--scene", "glitch"], renderer: "software", environment: reader.desktop.environment)
    _ = try reader.tree()
    try reader.read(["press", "text-effects", "Reduce Motion"])
    let deadline = Date().addingTimeInterval(5)
    var toggle = try #require(try reader.tree().all.first { $0.role == "toggle button" })
    while !toggle.states.contains("checked"), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      toggle = try #require(try reader.tree().all.first { $0.role == "toggle button" })
    }
    #expect(toggle.states.contains("checked"), "\(toggle.states)")
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }
}
