import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// What the repository itself holds and says, as a newcomer reads it.
@Suite struct RepositoryTests {
  /// The repository's files whose paths end in `suffix`, by their paths from its root, the
  /// build's and git's folders left out.
  func files(endingIn suffix: String, under folders: [String]) throws -> [String] {
    try folders.flatMap { folder -> [String] in
      let root = Repository.root.appendingPathComponent(folder)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else {
        return []
      }
      guard isFolder.boolValue else { return folder.hasSuffix(suffix) ? [folder] : [] }
      let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
      return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }
        .map { "\(folder)/\($0)" }
    }.sorted()
  }

  /// Every picture in the repository (goldens, guides' pictures, examples' screenshots and
  /// references) is drawn on an opaque background, and is opaque in every pixel: a glyph edge
  /// blended into an alpha channel would show fringes on a light page.
  @Test func everyPictureIsOpaque() throws {
    let pictures = try files(endingIn: ".png", under: ["Tests", "docs", "examples", "Sources"])
    #expect(pictures.count > 150, "found \(pictures.count)")
    for path in pictures {
      let image = try PNGFile.read(Repository.root.appendingPathComponent(path).path)
      let translucent = stride(from: 3, to: image.bytes.count, by: 4)
        .filter { image.bytes[$0] != 255 }.count
      #expect(translucent == 0, "\(path): \(translucent) pixels are not opaque")
    }
  }

  /// The README, the guides and the scripts speak of the product as it is: not of how or when
  /// it was written (a working session, an issue's number), and not of files outside the
  /// repository, which a reader of a clone does not have.
  @Test func theDocsSpeakOfTheProductOnly() throws {
    let documents =
      try files(endingIn: ".md", under: ["README.md", "docs"])
      + files(endingIn: "", under: ["scripts"])
    #expect(documents.count > 30, "found \(documents.count)")
    let history = try Regex(#"\bstops?\b|\b[Ii]ssues? [0-9]|\.\./shared"#)
    for path in documents {
      let text = try String(
        contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      // pyatspi's registry names the end of its loop `stop()`.
      where line.contains(history) && !line.contains("Registry.stop()") {
        Issue.record("\(path):\(number + 1): \(line)")
      }
    }
  }
}
