import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsSDL

/// The programs in `examples/`: each is one short file that `swift build` builds, draws
/// headless what its screenshot shows, and, with a window, opens one and sleeps while still.
@Suite(.threadOfItsOwn(.waiting)) struct ExampleTests {
  static let names = [
    "typewriter-loop", "glitch-title", "streaming-thread", "wave-renderer", "frames-to-png",
    "long-answer",
  ]
  static let folder = Repository.root.appendingPathComponent("examples")
  /// frames-to-png's screenshot is the fifth frame it writes.
  static let framesScreenshot = "frame-004.png"

  /// Runs example `name` with `arguments`, with no display, and returns its exit status and
  /// what it said on standard error.
  func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, said: String) {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "DISPLAY")
    let ran = try TextEffectsTestSupport.run(
      builtProgram(name), arguments, environment: environment)
    return (ran.status, ran.error)
  }

  @Test func everyExampleIsATargetWithAScreenshot() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter {
        FileManager.default.fileExists(
          atPath: Self.folder.appendingPathComponent("\($0)/main.swift").path)
      }
    #expect(folders.sorted() == Self.names.sorted())
    let package = try String(
      contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    for name in Self.names {
      #expect(package.contains("example(\"\(name)\""), "\(name) is not a target")
      #expect(
        FileManager.default.fileExists(
          atPath: Self.folder.appendingPathComponent("\(name)/screenshot.png").path))
    }
  }

  @Test(arguments: names) func isOneShortFile(_ name: String) throws {
    let source = try String(
      contentsOf: Self.folder.appendingPathComponent("\(name)/main.swift"), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(lines <= 80, "\(name) has \(lines) lines")
  }

  /// The frame each example draws without a window matches the screenshot beside it, within
  /// the goldens' tolerance for other library versions (it is exact on the machine that made it).
  @Test(arguments: names) func drawsItsScreenshot(_ name: String) throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-example-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let drawn: URL
    if name == "frames-to-png" {
      let outcome = try run(name, [scratch.path])
      #expect(outcome.status == 0, "\(outcome.said)")
      let frames = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
      #expect(frames.count == 30)
      drawn = scratch.appendingPathComponent(Self.framesScreenshot)
    } else {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      drawn = scratch.appendingPathComponent("frame.png")
      let outcome = try run(name, ["--png", drawn.path])
      #expect(outcome.status == 0, "\(outcome.said)")
    }
    let expected = try PNGFile.read(
      Self.folder.appendingPathComponent("\(name)/screenshot.png").path)
    let result = ImageComparison().compare(try PNGFile.read(drawn.path), to: expected)
    #expect(result.matches, "\(name): \(ImageComparison().summary(of: result) ?? "")")
  }

  @Test func aFailureIsOneLineThatSaysWhat() throws {
    let outcome = try run("frames-to-png", ["/dev/null/frames"])
    #expect(outcome.status == 1)
    #expect(outcome.said.hasPrefix("frames-to-png: Could not make the folder /dev/null/frames"))
    #expect(outcome.said.split(separator: "\n").count == 1, "\(outcome.said)")
  }
}
