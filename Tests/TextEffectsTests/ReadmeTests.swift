import Foundation
import Testing

@testable import TextEffects
@testable import TextEffectsApp

/// What the README says of the code itself; its commands are run by ReadmeCommandTests.
@Suite struct ReadmeTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func readme() throws -> String {
    try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
  }

  /// The README's key table is the one `KeyMap.readmeTable` makes; on a change, paste it.
  @Test func theKeyTableIsTheKeyMaps() throws {
    let present = try readme().contains(KeyMap.readmeTable + "\n")
    #expect(present, "the README's table should be:\n\(KeyMap.readmeTable)")
  }

  /// The README's table of a kiosk item's keys is the one the effects describe; on a change,
  /// paste it.
  @Test func theKioskKeyTableIsTheEffects() throws {
    let present = try readme().contains(KioskContent.readmeTable + "\n")
    #expect(present, "the README's kiosk key table should be:\n\(KioskContent.readmeTable)")
  }

  /// "How it is built" names every target, every folder of the core and of the application's
  /// logic, and every effect's.
  @Test func theSourceLayoutNamesEveryFolder() throws {
    let text = try readme()
    let sources = Self.repository.appendingPathComponent("Sources")
    let fileManager = FileManager.default
    for target in try fileManager.contentsOfDirectory(atPath: sources.path) {
      #expect(text.contains("\nSources/\(target) "), "Sources/\(target)")
    }
    for target in ["TextEffects", "TextEffectsApp"] {
      let folder = sources.appendingPathComponent(target).path
      for inner in try fileManager.contentsOfDirectory(atPath: folder) {
        #expect(text.contains("\n  \(inner)/ "), "Sources/\(target)/\(inner)/")
      }
    }
    let effects = sources.appendingPathComponent("TextEffects/Effects").path
    for effect in try fileManager.contentsOfDirectory(atPath: effects) {
      #expect(text.contains("\n    \(effect)/ "), "Sources/TextEffects/Effects/\(effect)/")
    }
  }

  /// "Use it in your own program" shows the smallest example and the tutorial's Package.swift
  /// as they are, and lists every example with the command that runs it.
  @Test func theLibrarySectionShowsTheFilesAsTheyAre() throws {
    let text = try readme()
    let folder = Self.repository.appendingPathComponent("examples")
    let examples = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/main.swift").path)
    }
    #expect(examples.count >= 5)
    let sources = try examples.map {
      (
        $0,
        try String(contentsOf: folder.appendingPathComponent("\($0)/main.swift"), encoding: .utf8)
      )
    }
    let smallest = try #require(sources.min { $0.1.count < $1.1.count })
    #expect(
      text.contains("```swift\n" + smallest.1 + "```"), "the README should show \(smallest.0)")
    let package = try String(
      contentsOf: Self.repository.appendingPathComponent(
        "Sources/TextEffectsSDL/TextEffectsSDL.docc/Tutorials/getting-started-package.swift"),
      encoding: .utf8)
    #expect(
      text.contains("```swift\n" + package + "```"), "the README should show the Package.swift")
    for name in examples {
      #expect(text.contains("| [\(name)](examples/\(name)/main.swift) |"), "\(name)")
      #expect(text.contains("`swift run \(name)`"), "\(name)")
    }
  }

  /// The article on writing an effect quotes the wave example as it is, so the two cannot
  /// drift apart.
  @Test func theEffectArticleQuotesTheWaveExample() throws {
    let article = try String(
      contentsOf: Self.repository.appendingPathComponent(
        "Sources/TextEffects/TextEffects.docc/WritingYourOwnEffect.md"),
      encoding: .utf8)
    let example = try String(
      contentsOf: Self.repository.appendingPathComponent("examples/wave-renderer/main.swift"),
      encoding: .utf8)
    // Lines compared without their indentation: a quote may come from inside a function.
    func unindented(_ text: some StringProtocol) -> String {
      text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
    }
    let blocks = article.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count == 2)
    for block in blocks {
      #expect(unindented(example).contains(unindented(block)), "not in the example:\n\(block)")
    }
  }
}
