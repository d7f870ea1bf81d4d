import Foundation
import Testing

@testable import TextEffects
@testable import TextEffectsCLI

@Suite struct CommandLineOptionsTests {
  func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try CommandLineOptions.parse(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func noArgumentsOpensTheShowcase() throws {
    let invocation = try CommandLineOptions.parse([])
    #expect(
      invocation
        == .window(
          WindowRequest(
            scene: .typewriter, settings: SceneSettings(), size: Size(width: 900, height: 600),
            scale: 1, showsChrome: true, frozenTime: nil)))
  }

  @Test func screenshotWithEveryOption() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("shot.png").path
    let invocation = try CommandLineOptions.parse([
      "--screenshot", path, "--at", "1.25", "--scene=glitch", "--size", "640x480",
      "--scale", "2", "--reduce-motion", "--seed", "42",
    ])
    #expect(
      invocation
        == .screenshot(
          ScreenshotRequest(
            path: path, time: 1.25, scene: .glitch,
            settings: SceneSettings(reduceMotion: true, seed: 42),
            size: Size(width: 640, height: 480), scale: 2, showsChrome: false)))
  }

  @Test func chromeIsOnInTheWindowAndOffInScreenshots() throws {
    guard case .window(let window) = try CommandLineOptions.parse(["--no-chrome"]),
      case .screenshot(let plain) = try CommandLineOptions.parse(["--screenshot", "/tmp/a.png"]),
      case .screenshot(let chrome) = try CommandLineOptions.parse([
        "--screenshot", "/tmp/a.png", "--chrome",
      ])
    else {
      Issue.record("expected a window and screenshots")
      return
    }
    #expect(!window.showsChrome && !plain.showsChrome && chrome.showsChrome)
  }

  @Test func atHoldsTheWindowsClock() throws {
    guard case .window(let request) = try CommandLineOptions.parse(["--at", "2.5"]) else {
      Issue.record("expected a window")
      return
    }
    #expect(request.frozenTime == 2.5)
  }

  @Test func textAndAppearance() throws {
    guard
      case .window(let request) = try CommandLineOptions.parse([
        "--text", " a\tb\n\nc ", "--appearance", "light",
      ])
    else {
      Issue.record("expected a window")
      return
    }
    #expect(request.settings.customText == " a\tb\n\nc ")
    #expect(request.settings.appearance == .light)
  }

  @Test func textFileIsReadExactlyButForItsLastLineBreak() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "text-effects-\(ProcessInfo.processInfo.processIdentifier).txt")
    try Data([0x6C, 0x69, 0x6E, 0x65, 0x20, 0x31, 0x0A, 0xFF, 0x0A, 0x0A]).write(to: path)
    guard case .window(let request) = try CommandLineOptions.parse(["--text-file", path.path])
    else {
      Issue.record("expected a window")
      return
    }
    #expect(request.settings.customText == "line 1\n\u{FFFD}\n")
  }

  @Test func helpAndVersion() throws {
    #expect(try CommandLineOptions.parse(["--help"]) == .help)
    #expect(try CommandLineOptions.parse(["--scene", "glitch", "--version"]) == .version)
  }

  @Test func helpListsEveryOptionWithItsDefault() {
    for option in [
      "--scene", "--screenshot", "--at", "--size", "--scale", "--reduce-motion",
      "--seed", "--help", "--version",
    ] {
      #expect(CommandLineOptions.usage.contains(option))
    }
    #expect(CommandLineOptions.usage.contains("default: 900x600"))
  }

  @Test(arguments: [
    (["--frobnicate"], "'--frobnicate' is not an option"),
    (["--scene", "matrix"], "--scene: 'matrix' is not a scene"),
    (["--scene"], "--scene needs a value"),
    (["--size", "0x0"], "--size: '0x0' is not a size"),
    (["--size", "12"], "--size: '12' is not a size"),
    (["--size", "100x-5"], "--size: '100x-5' is not a size"),
    (["--size", "8192x8192", "--scale", "2"], "larger than 8192 pixels"),
    (["--screenshot", "/tmp/x.png", "--at", "-1"], "--at: '-1' is not a time"),
    (["--screenshot", "/tmp/x.png", "--at", "nan"], "--at: 'nan' is not a time"),
    (["--screenshot", "/tmp/x.png", "--at", "inf"], "--at: 'inf' is not a time"),
    (["--scale", "0"], "--scale: '0' is not a scale"),
    (["--scale", "nan"], "--scale: 'nan' is not a scale"),
    (["--seed", "-1"], "--seed: '-1' is not a whole number"),
    (["--screenshot", "/no/such/folder/x.png"], "the folder /no/such/folder does not exist"),
    (["--screenshot", "/tmp"], "/tmp is a folder"),
    (["--reduce-motion=yes"], "--reduce-motion takes no value"),
    (["--appearance", "sepia"], "--appearance: 'sepia' is not an appearance"),
    (["--text", ""], "--text: the text is empty"),
    (["--text", "a", "--text-file", "/etc/hostname"], "the text was already given by --text"),
    (["--text-file", "/no/such/file.txt"], "--text-file: /no/such/file.txt cannot be read"),
    (["--chrome", "--no-chrome"], "--chrome and --no-chrome contradict each other"),
  ])
  func badArgumentsSayWhichAndWhy(arguments: [String], message: String) {
    let error = usageError(arguments)
    #expect(error?.contains(message) == true, "\(arguments): \(error ?? "accepted")")
    #expect(error?.contains("\n") == false)
  }
}
