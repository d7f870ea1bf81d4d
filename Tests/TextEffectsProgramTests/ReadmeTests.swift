import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// What the README and the guides under docs/ say of the code itself, and that the README leads
/// to every guide; their commands are run by ReadmeCommandTests.
@Suite struct ReadmeTests {
  /// A document by its path from the repository's top, such as `docs/kiosk.md`: each check
  /// reads the one its text lives in, so moving a section means changing one path here.
  func document(_ path: String) throws -> String {
    try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The guides, `docs/*.md` and `docs/effects/*.md`, by path from the repository's top.
  static func guides() throws -> [String] {
    try ["docs", "docs/effects"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(
        atPath: Repository.root.appendingPathComponent(folder).path
      ).filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }
  }

  /// The targets of a Markdown text's links and pictures, `[text](target)`; the text may run
  /// over a line break, as wrapped prose does.
  static func links(in text: String) -> [String] {
    // Outside code spans, which may run over a line break: a guide's `](#)` is text about
    // links, not one. A fence's backticks open no span.
    var prose = ""
    var inCode = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard !line.hasPrefix("```") else { continue }
      for (index, part) in line.split(separator: "`", omittingEmptySubsequences: false)
        .enumerated()
      {
        if index > 0 { inCode.toggle() }
        if !inCode { prose += part }
      }
      prose += "\n"
    }
    return prose.components(separatedBy: "](").dropFirst().compactMap {
      $0.split(separator: ")", maxSplits: 1).first.map(String.init)
    }
  }

  /// The anchors of a Markdown text's headings as GitHub makes them: lower case, spaces as
  /// hyphens, punctuation dropped. Lines in fenced blocks are not headings.
  static func anchors(in text: String) -> Set<String> {
    var anchors: Set<String> = []
    var isFenced = false
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") { isFenced.toggle() }
      guard !isFenced, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
      anchors.insert(
        String(
          title.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            .map { $0 == " " ? "-" : $0 }))
    }
    return anchors
  }

  /// The key table, in the command line's guide, is the one `KeyMap.readmeTable` makes; on a
  /// change, paste it.
  @Test func theKeyTableIsTheKeyMaps() throws {
    let present = try document("docs/command-line.md").contains(KeyMap.readmeTable + "\n")
    #expect(present, "docs/command-line.md's key table should be:\n\(KeyMap.readmeTable)")
  }

  /// The table of a kiosk item's keys, in the kiosk's guide, is the one the effects describe;
  /// on a change, paste it.
  @Test func theKioskKeyTableIsTheEffects() throws {
    let present = try document("docs/kiosk.md").contains(KioskContent.readmeTable + "\n")
    #expect(present, "docs/kiosk.md's kiosk key table should be:\n\(KioskContent.readmeTable)")
  }

  /// "How it is built" names every target, every folder of the core and of the application's
  /// logic, and every effect's.
  @Test func theSourceLayoutNamesEveryFolder() throws {
    let text = try document("docs/architecture.md")
    let sources = Repository.root.appendingPathComponent("Sources")
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
    let text = try document("docs/library.md")
    let folder = Repository.root.appendingPathComponent("examples")
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
      text.contains("```swift\n" + smallest.1 + "```"),
      "docs/library.md should show \(smallest.0)")
    let package = try String(
      contentsOf: Repository.root.appendingPathComponent(
        "Sources/TextEffectsSDL/TextEffectsSDL.docc/Tutorials/getting-started-package.swift"),
      encoding: .utf8)
    #expect(
      text.contains("```swift\n" + package + "```"),
      "docs/library.md should show the Package.swift")
    for name in examples {
      #expect(text.contains("| [\(name)](../examples/\(name)/main.swift) |"), "\(name)")
      #expect(text.contains("`swift run \(name)`"), "\(name)")
    }
  }

  /// The README's lines of Swift are the smallest example's, in its order, so the few a reader
  /// sees first cannot drift from a program the tests build and run.
  @Test func theReadmesSwiftIsTheSmallestExamples() throws {
    let readme = try document("README.md")
    let example = try document("examples/frames-to-png/main.swift")
    #expect(readme.contains("(examples/frames-to-png/main.swift)"))
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count == 1)
    // Lines compared without their indentation: the example's are inside a loop.
    func unindented(_ text: String) -> [Substring] {
      text.split(separator: "\n").map { $0.drop { $0 == " " } }
    }
    for block in blocks {
      var rest = unindented(example)[...]
      for line in unindented(block) {
        guard let found = rest.firstIndex(of: line) else {
          Issue.record("not in frames-to-png, or not in its order: \(line)")
          continue
        }
        rest = rest[(found + 1)...]
      }
    }
  }

  /// The README reads in five minutes and leads to the rest: under 200 lines, every guide
  /// under docs/ linked from it, and each link of it and of the guides (pictures too) reaching
  /// a file, and a heading there when it names one.
  @Test func theReadmeIsShortAndLinksEveryGuide() throws {
    let readme = try document("README.md")
    let lines = readme.filter { $0 == "\n" }.count
    #expect(lines < 200, "README.md has \(lines) lines; move the rest to a guide under docs/")
    let guides = try Self.guides()
    #expect(guides.count >= 14, "\(guides)")
    let linked = Self.links(in: readme).map {
      $0.split(separator: "#", omittingEmptySubsequences: false)[0]
    }
    for guide in guides {
      #expect(linked.contains { $0 == guide }, "README.md should link \(guide)")
    }
    for path in ["README.md"] + guides {
      let folder = Repository.root.appendingPathComponent(path).deletingLastPathComponent()
      for link in Self.links(in: try document(path)) where !link.contains("://") {
        let parts = link.split(separator: "#", omittingEmptySubsequences: false)
        let target =
          parts[0].isEmpty
          ? Repository.root.appendingPathComponent(path)
          : folder.appendingPathComponent(String(parts[0])).standardizedFileURL
        #expect(
          FileManager.default.fileExists(atPath: target.path), "\(path): \(link) is not a file")
        if parts.count > 1, FileManager.default.fileExists(atPath: target.path) {
          let anchors = Self.anchors(in: try String(contentsOf: target, encoding: .utf8))
          #expect(anchors.contains(String(parts[1])), "\(path): \(link) names no heading")
        }
      }
    }
  }

  /// The article on writing an effect quotes the wave example as it is, so the two cannot
  /// drift apart.
  @Test func theEffectArticleQuotesTheWaveExample() throws {
    let article = try String(
      contentsOf: Repository.root.appendingPathComponent(
        "Sources/TextEffects/TextEffects.docc/WritingYourOwnEffect.md"),
      encoding: .utf8)
    let example = try String(
      contentsOf: Repository.root.appendingPathComponent("examples/wave-renderer/main.swift"),
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
