import Foundation
import FoundationXML
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The reporters' documents and lines, from outcomes made here: JUnit XML, JSON, GitHub's
/// annotations and the dots.
@Suite struct SuiteReporterTests {
  static func outcome(
    _ name: String, _ time: Double, _ verdict: SuiteOutcome.Verdict, _ summary: String
  ) -> SuiteOutcome {
    var outcome = SuiteOutcome(
      caseName: name, time: time, reference: "\(name)-\(time)s.png", verdict: verdict,
      summary: summary, expected: nil, actual: Data([1]),
      diff: verdict == .differs ? Data([2]) : nil)
    outcome.seconds = 0.25
    return outcome
  }

  static let outcomes = [
    outcome("glitch", 0.42, .differs, "20 pixels differ (0.0083% of 240000; up to 0 may)"),
    outcome("typewriter", 1, .matches, "0 pixels differ"),
    outcome("odd <&\"'>\u{1}, name: 100%", 2, .missing, "line one\nline two, 100%"),
    outcome("answer", 3, .written(isNew: true), "wrote answer-3.0s.png, which was missing"),
  ]

  static func results(images: Bool = true) -> SuiteResults {
    SuiteResults(
      suite: "suites/visual.json", shard: "2/4", suiteCases: 10, casesRun: 4,
      libraries: "SDL 2.26.5\nFreeType 2.12.1", referenceLibraries: nil, outcomes: outcomes,
      images: { outcome in
        images
          ? (nil, "images/\(outcome.caseName)-actual.png", outcome.diff.map { _ in "d.png" })
          : (nil, nil, nil)
      })
  }

  @Test func junitIsWellFormedWithATestcaseAFrame() throws {
    let xml = SuiteJUnit.xml(
      Self.results(), timestamp: "2026-12-03T10:00:00Z", hostname: "ci-1",
      reportFolder: "out/report")
    let document = try XMLDocument(xmlString: xml)
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "4")
    #expect(root.attribute(forName: "failures")?.stringValue == "2")
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(cases.count == 4)
    #expect(cases[0].attribute(forName: "name")?.stringValue == "glitch at 0.42 s")
    #expect(cases[0].attribute(forName: "classname")?.stringValue == "glitch")
    #expect(cases[0].attribute(forName: "time")?.stringValue == "0.250")
    let failure = try #require(cases[0].elements(forName: "failure").first)
    #expect(failure.attribute(forName: "message")?.stringValue == Self.outcomes[0].summary)
    #expect(failure.attribute(forName: "type")?.stringValue == "differs")
    let attachment = try document.nodes(
      forXPath: "//testcase[1]/properties/property[@name='attachment']/@value")
    #expect(attachment.first?.stringValue == "out/report/d.png")
    // The odd name and the two-line summary come back as they were, but for the control
    // character XML cannot hold.
    #expect(
      cases[2].attribute(forName: "classname")?.stringValue == "odd <&\"'>\u{FFFD}, name: 100%")
    #expect(
      cases[2].elements(forName: "failure").first?.attribute(forName: "message")?.stringValue
        == "line one\nline two, 100%")
    #expect(
      cases[1].elements(forName: "failure").isEmpty && cases[3].elements(forName: "failure").isEmpty
    )
    let shard = try document.nodes(
      forXPath: "//testsuite/properties/property[@name='shard']/@value")
    #expect(shard.first?.stringValue == "2/4")
  }

  @Test func jsonHoldsEveryFrameAndCountsThem() throws {
    let data = try Self.results().encoded()
    let decoded = try JSONDecoder().decode(SuiteResults.self, from: data)
    #expect(
      decoded.counts
        == SuiteResults.Counts(
          frames: 4, failed: 2, passed: 2,
          verdicts: ["differs": 1, "matches": 1, "missing": 1, "written": 1]))
    #expect(decoded.frames.map(\.case) == Self.outcomes.map(\.caseName))
    #expect(
      decoded.frames[0].tolerances.threshold == 0.1
        && decoded.frames[0].tolerances.maxDiffPixels == 0)
    let again = decoded.outcomes { $0 == "d.png" ? Data([2]) : nil }
    #expect(again.map(\.verdict) == Self.outcomes.map(\.verdict))
    #expect(again[0].diff == Data([2]) && again[1].diff == nil)
    #expect(SuiteOutcome.counts(again) == SuiteOutcome.counts(Self.outcomes))
  }

  @Test func githubAnnotatesEachFailingFrameOnce() {
    let lines = SuiteAnnotations.github(Self.results())
    #expect(lines.count == 2)
    #expect(
      lines[0]
        == "::error file=suites/visual.json,title=glitch at 0.42 s::differs: 20 pixels differ "
        + "(0.0083% of 240000; up to 0 may)".replacingOccurrences(of: "%", with: "%25"))
    #expect(
      lines[1]
        == "::error file=suites/visual.json,title=odd <&\"'>\u{1}%2C name%3A 100%25 at 2.0 s::"
        + "missing: line one%0Aline two, 100%25")
  }

  @Test func dotsAreACharacterAFrame() {
    #expect(SuiteAnnotations.dots(Self.results()) == ["F.FW"])
    var many = Self.outcomes
    for _ in 0..<50 { many += Self.outcomes }
    let results = SuiteResults(
      suite: "s", shard: nil, suiteCases: 1, casesRun: 1, libraries: "", referenceLibraries: nil,
      outcomes: many)
    #expect(SuiteAnnotations.dots(results).map(\.count) == [80, 80, 44])
  }

  @Test func reportersAreNamedAndKeptApart() throws {
    #expect(SuiteReporter("junit=out/report.xml") == SuiteReporter(.junit, file: "out/report.xml"))
    #expect(SuiteReporter("json") == SuiteReporter(.json))
    for bad in ["xml", "junit=", "", "JUNIT", "=x"] { #expect(SuiteReporter(bad) == nil, "\(bad)") }
    #expect(SuiteReporter.problem(with: [.init(.line), .init(.github)]) == nil)
    #expect(SuiteReporter.problem(with: [.init(.line), .init(.junit, file: "a.xml")]) == nil)
    #expect(
      SuiteReporter.problem(with: [.init(.line), .init(.junit)])
        == "'junit' on standard output cannot share it with 'line'; give it a file: junit=FILE")
    #expect(
      SuiteReporter.problem(with: [.init(.junit, file: "a"), .init(.json, file: "a")])
        == "two reporters write to a; give each its own file")
    let refused = #expect(throws: UsageError.self) {
      try CommandLineOptions.parse([
        "--check", "Tests/Goldens/suite.json", "--reporter", "junit", "--reporter", "dot",
      ])
    }
    #expect(refused?.description.hasPrefix("--reporter: 'junit' on standard output") == true)
    guard
      case .check(let request) = try CommandLineOptions.parse([
        "--check", "Tests/Goldens/suite.json", "--reporter=junit=/tmp/j.xml", "--reporter", "dot",
        "--shard=2/3", "--grep", "glitch", "--last-failed",
      ])
    else {
      Issue.record("not a check")
      return
    }
    #expect(request.reporters == [.init(.junit, file: "/tmp/j.xml"), .init(.dot)])
    #expect(
      request.selection
        == SuiteSelection(shard: .init(index: 2, count: 3), grep: "glitch", lastFailed: true))
  }
}
