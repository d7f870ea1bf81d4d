import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsSDL

/// The visual-regression guide's GitHub Actions and GitLab CI files, read as YAML (Debian's
/// python3-yaml) and run here as their CI would run them: each shard's `text-effects` line
/// with its number, with `CI` set, then the merge of their parts.
@Suite(.threadOfItsOwn(.waiting)) struct CIExamplesTests {
  /// The lines a job runs besides `text-effects`: the README's build, and putting it on the
  /// PATH. Any other would go untested.
  static let setUpLines: Set<String> = [
    "scripts/setup && swift build -c release --product text-effects",
    #"echo "$PWD/.build/release" >> "$GITHUB_PATH""#,
    #"export PATH="$PWD/.build/release:$PATH""#,
  ]

  /// The guide's YAML blocks, each as JSON objects.
  static func workflows() throws -> [[String: Any]] {
    let guide = try String(
      contentsOf: Repository.root.appendingPathComponent("docs/visual-regression.md"),
      encoding: .utf8)
    var blocks: [String] = []
    var block: [Substring]?
    for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "```yaml" {
        block = []
      } else if line.hasPrefix("```"), let finished = block {
        blocks.append(finished.joined(separator: "\n"))
        block = nil
      } else {
        block?.append(line)
      }
    }
    return try blocks.map { yaml in
      let json = try output(
        of:
          "/usr/bin/python3",
        ["-c", "import sys, yaml, json; print(json.dumps(yaml.safe_load(sys.argv[1])))", yaml])
      return try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
  }

  /// A job's lines, `text-effects` runs among them, every other one a set-up line.
  static func commands(_ lines: [Any]?, substituting: (String) -> String = { $0 }) throws
    -> [[String]]
  {
    let lines = try #require(lines?.compactMap { $0 as? String }).map(substituting)
    for line in lines where !line.hasPrefix("text-effects ") {
      #expect(setUpLines.contains(line), "a line the test does not run: \(line)")
    }
    return lines.filter { $0.hasPrefix("text-effects ") }.map {
      Array(ReadmeCommandTests.shellWords($0).dropFirst())
    }
  }

  /// Runs `words` in `folder` as CI does (CI set), expecting `status`.
  func run(_ words: [String], in folder: URL, status: Int32 = 0) throws {
    let outcome = try Executable.run(words, in: folder, environment: ["CI": "true"])
    #expect(outcome.status == status, "\(words): \(outcome.output)\(outcome.error)")
  }

  @Test func theGuideHasBoth() throws {
    #expect(try Self.workflows().count == 2)
  }

  @Test func githubActionsMatrixShardsAndMerges() throws {
    let workflow = try #require(try Self.workflows().first { $0["jobs"] != nil })
    let jobs = try #require(workflow["jobs"] as? [String: Any])
    let check = try #require(jobs["check"] as? [String: Any])
    let merge = try #require(jobs["merge"] as? [String: Any])
    let strategy = try #require(check["strategy"] as? [String: Any])
    let shards = try #require((strategy["matrix"] as? [String: Any])?["shard"] as? [Int])
    #expect(shards == [1, 2, 3, 4])
    #expect(merge["needs"] as? String == "check" && merge["if"] as? String == "always()")
    let checkSteps = try #require(check["steps"] as? [[String: Any]])
    let mergeSteps = try #require(merge["steps"] as? [[String: Any]])
    // Each shard uploads its report under its own name; the merge downloads them all.
    let upload = try #require(
      checkSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
    #expect(
      (upload["with"] as? [String: Any])?["path"] as? String == "report-${{ matrix.shard }}")
    let download = try #require(
      mergeSteps.first {
        ($0["uses"] as? String)?.hasPrefix("actions/download-artifact@") == true
      })
    #expect((download["with"] as? [String: Any])?["pattern"] as? String == "report-*")

    let folder = try ReadmeCommandTests().scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for shard in shards {
      let lines = try Self.commands(checkSteps.compactMap { $0["run"] }) {
        $0.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
      }
      for words in lines { try run(words, in: folder) }
    }
    let merging = try Self.commands(mergeSteps.compactMap { $0["run"] })
    #expect(merging.count == 1)
    #expect(
      merging.first.map { Array($0.prefix(5)) } == ["--merge-reports"]
        + shards.map { "report-\($0)" })
    for words in merging { try run(words, in: folder) }
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("report/index.html").path))
    #expect(
      try output(
        of:
          "xmllint", ["--noout", folder.appendingPathComponent("junit.xml").path]
      ).isEmpty)
  }

  @Test func gitlabParallelShardsAndMerges() throws {
    let workflow = try #require(try Self.workflows().first { $0["stages"] != nil })
    let check = try #require(workflow["visual-regression"] as? [String: Any])
    let merge = try #require(workflow["merge-reports"] as? [String: Any])
    let total = try #require(check["parallel"] as? Int)
    #expect(total == 4)
    #expect(
      merge["needs"] as? [String] == ["visual-regression"] && merge["when"] as? String == "always"
    )
    _ = try Self.commands(check["before_script"] as? [Any])
    _ = try Self.commands(merge["before_script"] as? [Any])

    let folder = try ReadmeCommandTests().scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for index in 1...total {
      for words in try Self.commands(check["script"] as? [Any]) {
        try run(
          words.map {
            $0.replacingOccurrences(of: "$CI_NODE_INDEX", with: "\(index)")
              .replacingOccurrences(of: "$CI_NODE_TOTAL", with: "\(total)")
          }, in: folder)
      }
      #expect(
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("junit-\(index).xml").path))
    }
    let merging = try Self.commands(merge["script"] as? [Any])
    #expect(
      merging.first.map { Array($0.prefix(5)) } == ["--merge-reports"]
        + (1...total).map { "report-\($0)" })
    for words in merging { try run(words, in: folder) }
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("report/results.json").path))
  }
}
