import Foundation
import Testing
import TextEffects

/// What the code's shape promises a newcomer, checked on the files themselves.
@Suite struct ArchitectureTests {
  static let sources = ReadmeTests.repository.appendingPathComponent("Sources")

  /// Every Swift file under Sources, by its path from there, with its text.
  func sourceFiles() throws -> [(path: String, text: String)] {
    let enumerator = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
    return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
      .map {
        ($0, try String(contentsOf: Self.sources.appendingPathComponent($0), encoding: .utf8))
      }
  }

  /// Small files a reader can take in whole: none over 250 lines.
  @Test func noSourceFileIsOver250Lines() throws {
    let files = try sourceFiles()
    #expect(files.count > 50, "found \(files.count) files")
    for file in files {
      let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      #expect(lines <= 250, "\(file.path) has \(lines) lines")
    }
  }

  /// Types are reached as what they are, not by casting: the window hands back its content,
  /// scenes take live text through their protocol. Only Foundation's error bridging casts, and
  /// the effects' settings store reads a value back as the type its subscript names.
  @Test func nothingIsReachedByACast() throws {
    let allowed = [
      "TextEffects/Support/ErrorReason.swift", "TextEffects/Effects/EffectSettings.swift",
    ]
    for file in try sourceFiles() where !allowed.contains(file.path) {
      #expect(!file.text.contains(" as? ") && !file.text.contains(" as! "), "\(file.path)")
    }
  }

  /// The effects are named in one list: nothing outside an effect's own folder switches on a
  /// scene or compares one with a named effect, so an effect added is added everywhere.
  @Test func onlyAnEffectsFolderNamesItsKind() throws {
    for file in try sourceFiles() {
      for kind in SceneKind.allCases {
        let folder = "TextEffects/Effects/\(kind.title)/"
        guard !file.path.hasPrefix(folder) else { continue }
        for pattern in ["case .\(kind.rawValue)", "== .\(kind.rawValue)", "!= .\(kind.rawValue)"] {
          #expect(!file.text.contains(pattern), "\(file.path) has \(pattern)")
        }
      }
    }
  }

  /// The program draws as a library user does: the window, the screenshots, the contact
  /// sheets, the suites and the bench go through `TextEffectsRenderer`'s public methods. Its
  /// drawing steps are called from its own files only, so there is no back door.
  @Test func theProgramDrawsThroughThePublicRenderer() throws {
    let steps = [
      "drawGeometry(", "lookUpGlyphs(", ".fill(", "bounds(of:", "only: ", "appendQuad(",
      "currentTarget(",
    ]
    let files = try sourceFiles().filter {
      ($0.path.hasPrefix("TextEffectsSDL/") || $0.path.hasPrefix("text-effects/"))
        && !$0.path.hasPrefix("TextEffectsSDL/TextEffectsRenderer")
    }
    #expect(files.count > 20, "found \(files.count) files")
    for file in files {
      for step in steps {
        #expect(!file.text.contains(step), "\(file.path) calls the renderer's \(step)")
      }
    }
  }
}
