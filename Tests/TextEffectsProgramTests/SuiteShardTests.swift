import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsSDL

/// A suite split into shards, merged again, and reported as CI systems read reports.
@Suite(.threadOfItsOwn(.waiting)) struct SuiteShardTests {
  /// A suite of 200 small cases, its references written, three of them then broken: what the
  /// shard, merge and reporter tests check against one run of the whole.
  func twoHundredCases() throws -> (folder: URL, suite: String, broken: [String]) {
    let folder = URL(fileURLWithPath: scratchPath("suite-200"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let scenes = ["typewriter", "glitch", "decode", "streaming"]
    let cases = (0..<200).map { index in
      #"{"name": "case-\#(index)", "scene": "\#(scenes[index % 4])", "at": \#(Double(index % 40) / 8)}"#
    }
    try #"{"defaults": {"size": "48x32"}, "cases": [\#(cases.joined(separator: ",\n"))]}"#
      .write(to: folder.appendingPathComponent("suite.json"), atomically: true, encoding: .utf8)
    let suite = folder.appendingPathComponent("suite.json").path
    let written = try Executable.run(["--check", suite], environment: ["CI": ""])
    #expect(
      written.status == 0 && written.output.hasSuffix("200 written (200 frames of 200 cases)\n"))
    // Three references swapped for another case's frame: those three fail.
    let broken = ["case-17", "case-101", "case-163"]
    for name in broken {
      let reference = folder.appendingPathComponent("\(name).png")
      try FileManager.default.removeItem(at: reference)
      try FileManager.default.copyItem(
        at: folder.appendingPathComponent("case-0.png"), to: reference)
    }
    return (folder, suite, broken)
  }

  /// Four shards draw each case exactly once between them; their parts merged make the report
  /// one run makes (but for timings), and the same JUnit and JSON counts; `--last-failed` then
  /// draws the three that failed.
  @Test func shardsMergeIntoTheOneRunsReport() throws {
    let (folder, suite, broken) = try twoHundredCases()
    defer { try? FileManager.default.removeItem(at: folder) }
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    let whole = try Executable.run([
      "--check", suite, "--report", path("whole"), "--reporter", "json=\(path("whole.json"))",
      "--reporter", "line",
    ])
    #expect(whole.status == 1)
    #expect(
      whole.output.hasSuffix("check: 3 differ, 197 match (200 frames of 200 cases)\n"),
      "\(whole.output)")
    var drawn: [[String]] = []
    for shard in 1...4 {
      let part = try Executable.run([
        "--check", suite, "--shard", "\(shard)/4", "--report", path("part-\(shard)"),
        "--reporter", "json=\(path("part-\(shard).json"))",
      ])
      #expect(part.status == 0 || part.status == 1, "\(part.error)")
      let results = try JSONDecoder().decode(
        SuiteResults.self, from: Data(contentsOf: URL(fileURLWithPath: path("part-\(shard).json"))))
      #expect(results.shard == "\(shard)/4" && results.suiteCases == 200)
      drawn.append(results.frames.map(\.case))
    }
    let all = drawn.flatMap { $0 }
    #expect(Set(all).count == all.count, "a case drawn by two shards")
    #expect(Set(all) == Set((0..<200).map { "case-\($0)" }), "a case drawn by no shard")

    let merged = try Executable.run([
      "--merge-reports", path("part-1"), path("part-2"), path("part-3"), path("part-4"),
      "--report", path("merged"), "--reporter", "junit=\(path("merged.xml"))",
      "--reporter", "json=\(path("merged.json"))", "--reporter", "line",
    ])
    #expect(merged.status == 1, "\(merged.error)")
    #expect(
      merged.output.hasSuffix(
        "merge: 3 differ, 197 match (200 frames of 200 of 200 cases, 4 parts)\n"),
      "\(merged.output)")
    let page = try String(contentsOfFile: path("whole/index.html"), encoding: .utf8)
    #expect(
      try String(contentsOfFile: path("merged/index.html"), encoding: .utf8) == page,
      "the merged report is not the one run's")
    #expect(page.contains("3 of 200 frames fail"))
    // The same frames, verdicts and counts, in the same order; only the timings differ.
    let one = try JSONDecoder().decode(
      SuiteResults.self, from: Data(contentsOf: URL(fileURLWithPath: path("whole.json"))))
    let two = try JSONDecoder().decode(
      SuiteResults.self, from: Data(contentsOf: URL(fileURLWithPath: path("merged.json"))))
    #expect(one.counts == two.counts)
    #expect(
      one.frames.map { [$0.case, $0.verdict, $0.summary] }
        == two.frames.map { [$0.case, $0.verdict, $0.summary] })
    #expect(one.frames.filter(\.fails).map(\.case) == broken)
    // The JSON's counts are the line's: "3 differ, 197 match".
    #expect(one.counts.verdicts == ["differs": 3, "matches": 197] && one.counts.failed == 3)

    // A shard that drew with other libraries: the merge says so, and the page names each.
    let part4 = URL(fileURLWithPath: path("part-4/results.json"))
    let other = try String(contentsOf: part4, encoding: .utf8).replacingOccurrences(
      of: one.libraries.replacingOccurrences(of: "\n", with: "\\n"), with: "SDL2 9.9.9")
    try other.write(to: part4, atomically: true, encoding: .utf8)
    let mixed = try Executable.run([
      "--merge-reports", path("part-1"), path("part-2"), path("part-3"), path("part-4"),
      "--report", path("mixed"),
    ])
    #expect(mixed.output.contains("note: the shards drew with other libraries"), "\(mixed.output)")
    let mixedPage = try String(contentsOfFile: path("mixed/index.html"), encoding: .utf8)
    #expect(mixedPage.contains("shard 4/4: SDL2 9.9.9") && mixedPage.contains("shard 1/4: SDL2 "))

    // A shard's part left out: the merge says which and fails.
    let short = try Executable.run([
      "--merge-reports", path("part-1"), path("part-3"), path("part-4"),
    ])
    #expect(short.status == 1)
    #expect(short.output.contains("note: no part of shard 2/4; its cases are not in this report"))

    // The record beside the suite: `--last-failed` draws only what failed.
    let again = try Executable.run(["--check", suite, "--last-failed"])
    #expect(again.status == 1)
    #expect(
      again.output.hasSuffix("check: 3 differ (3 frames of 3 cases chosen of 200)\n"),
      "\(again.output)")
    let greps = try Executable.run([
      "--check", suite, "--grep", "^case-1[0-9]$", "--grep-invert", "7",
    ])
    #expect(greps.status == 0)
    #expect(
      greps.output == "check: 9 match (9 frames of 9 cases chosen of 200)\n", "\(greps.output)")
  }

  /// The JUnit file is well-formed to xmllint, and a JUnit reader of the kind CI tools use
  /// (python's junitparser) reads its counts, names and failure messages; GitHub's
  /// annotations come once a failing frame.
  @Test func ciToolsReadTheReports() throws {
    let (folder, suite, broken) = try twoHundredCases()
    defer { try? FileManager.default.removeItem(at: folder) }
    let junit = folder.appendingPathComponent("junit.xml").path
    let github = try Executable.run([
      "--check", suite, "--reporter", "github", "--reporter", "junit=\(junit)", "--report",
      folder.appendingPathComponent("report").path,
    ])
    #expect(github.status == 1)
    let annotations = github.output.split(separator: "\n").filter { $0.hasPrefix("::error ") }
    #expect(annotations.count == 3, "\(github.output)")
    for (line, name) in zip(annotations, broken) {
      let time = Double((Int(name.dropFirst(5)) ?? 0) % 40) / 8
      #expect(
        line.hasPrefix("::error file=\(suite),title=\(name) at \(time) s::differs: "), "\(line)")
    }
    #expect(try output(of: "xmllint", ["--noout", junit]).isEmpty)
    let reader = ProcessInfo.processInfo.environment["TEXT_EFFECTS_JUNIT_PYTHON"]
    guard let reader else {
      print("junitparser not set up (scripts/test makes .build/ci-python): its reading is skipped")
      return
    }
    let read = try output(
      of:
        reader,
      [
        "-c",
        """
        import sys
        from junitparser import JUnitXml, Failure
        xml = JUnitXml.fromfile(sys.argv[1])
        suite = next(iter(xml))
        print(suite.tests, suite.failures, suite.errors)
        for case in suite:
            for result in case.result:
                if isinstance(result, Failure):
                    attachment = case.system_out.removeprefix("[[ATTACHMENT|").removesuffix("]]")
                    print(case.classname, "|", case.name, "|", result.type, "|", result.message,
                          "|", attachment)
        """,
        junit,
      ])
    let lines = read.split(separator: "\n").map(String.init)
    #expect(lines.first == "200 3 0", "\(read)")
    #expect(lines.count == 4)
    for (line, name) in zip(lines.dropFirst(), broken) {
      #expect(line.hasPrefix("\(name) | \(name) at "), "\(line)")
      #expect(line.contains("| differs | ") && line.contains(" pixels differ ("), "\(line)")
      // Its attachment, the diff image, is where the JUnit file says, from where it ran.
      let attachment = try #require(line.split(separator: " | ").last.map(String.init))
      #expect(try PNGFile.read(attachment).width == 48, "\(attachment)")
    }
  }
}
