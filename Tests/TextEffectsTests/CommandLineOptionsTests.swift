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
            scale: 1, showsChrome: true)))
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
    (["--at", "1"], "--at only works with --screenshot"),
    (["--reduce-motion=yes"], "--reduce-motion takes no value"),
  ])
  func badArgumentsSayWhichAndWhy(arguments: [String], message: String) {
    let error = usageError(arguments)
    #expect(error?.contains(message) == true, "\(arguments): \(error ?? "accepted")")
    #expect(error?.contains("\n") == false)
  }
}
