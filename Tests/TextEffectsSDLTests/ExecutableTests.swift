import Foundation
import Testing

extension SDLTests {
  /// The built `text-effects`, run as a user runs it.
  @Suite struct ExecutableTests {
    static let executable = TestAssets.repository.appendingPathComponent(
      ".build/debug/text-effects")

    struct Outcome {
      var status: Int32
      var output: String
      var error: String
    }

    /// `swift test` does not always build the executable: `scripts/test` builds it first.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
      try #require(
        FileManager.default.isExecutableFile(atPath: Self.executable.path),
        "build text-effects first: swift build")
      let process = Process()
      process.executableURL = Self.executable
      process.arguments = arguments
      var merged = ProcessInfo.processInfo.environment
      merged.removeValue(forKey: "DISPLAY")
      merged.removeValue(forKey: "WAYLAND_DISPLAY")
      for (key, value) in environment { merged[key] = value }
      process.environment = merged
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      try process.run()
      let outputData = output.fileHandleForReading.readDataToEndOfFile()
      let errorData = error.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return Outcome(
        status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
        error: String(decoding: errorData, as: UTF8.self))
    }

    func temporaryFile(_ name: String) -> String {
      FileManager.default.temporaryDirectory
        .appendingPathComponent("text-effects-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
        .path
    }

    @Test
    func sameCommandTwiceWritesTheSameBytes() throws {
      let first = temporaryFile("a.png")
      let second = temporaryFile("b.png")
      for path in [first, second] {
        let outcome = try run([
          "--screenshot", path, "--scene", "streaming", "--at", "1.25", "--size", "400x300",
          "--scale", "2", "--seed", "3",
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
      }
      let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
      #expect(bytes.count > 1000)
      #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
      // The PNG header says 800 × 600.
      let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == 800 && height == 600)
    }

    @Test
    func badArgumentsExitTwoWithOneLineThenUsage() throws {
      let outcome = try run(["--size", "0x0"])
      #expect(outcome.status == 2)
      let lines = outcome.error.split(separator: "\n")
      #expect(
        lines.first
          == "text-effects: --size: '0x0' is not a size; give WIDTHxHEIGHT in points, each from 1 to 8192, like 900x600"
      )
      #expect(lines.dropFirst().first?.hasPrefix("usage:") == true)
    }

    @Test
    func helpAndVersionExitZero() throws {
      let help = try run(["--help"])
      #expect(help.status == 0 && help.output.contains("--screenshot FILE"))
      let version = try run(["--version"])
      #expect(version.status == 0 && version.output.hasPrefix("text-effects "))
    }

    @Test
    func windowWithoutADisplayExitsOneAndPointsToScreenshots() throws {
      let outcome = try run([])
      #expect(outcome.status == 1)
      #expect(outcome.error.contains("No display found"))
      #expect(outcome.error.contains("--screenshot"))
    }

    @Test
    func missingFontsExitOneAndSayWhere() throws {
      let outcome = try run(
        ["--screenshot", temporaryFile("c.png")],
        environment: ["TEXT_EFFECTS_ASSETS": "/nonexistent/assets"])
      #expect(outcome.status == 1)
      #expect(
        outcome.error.contains("Inter-Bold.otf is missing: looked in /nonexistent/assets/Fonts"))
    }
  }
}
