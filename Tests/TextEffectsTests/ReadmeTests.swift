import Foundation
import Testing

@testable import TextEffects

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

  /// "How it is built" names every target, every folder of the core and every effect's.
  @Test func theSourceLayoutNamesEveryFolder() throws {
    let text = try readme()
    let sources = Self.repository.appendingPathComponent("Sources")
    let fileManager = FileManager.default
    for target in try fileManager.contentsOfDirectory(atPath: sources.path) {
      #expect(text.contains("\nSources/\(target) "), "Sources/\(target)")
    }
    let core = sources.appendingPathComponent("TextEffects").path
    for folder in try fileManager.contentsOfDirectory(atPath: core) {
      #expect(text.contains("\n  \(folder)/ "), "Sources/TextEffects/\(folder)/")
    }
    for effect in try fileManager.contentsOfDirectory(atPath: core + "/Effects")
    where !effect.hasSuffix(".swift") {
      #expect(text.contains("\n    \(effect)/ "), "Sources/TextEffects/Effects/\(effect)/")
    }
  }
}
