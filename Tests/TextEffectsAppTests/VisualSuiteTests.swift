import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

@Suite struct VisualSuiteTests {
  static let trace = "{\"time\":0,\"text\":\"Hi\"}\n{\"time\":0.5,\"text\":\" there\"}\n"

  func parse(_ json: String) throws(VisualSuite.Problem) -> VisualSuite {
    try VisualSuite.parse(Data(json.utf8)) { path in
      guard path == "answer.jsonl" else { throw CocoaError(.fileNoSuchFile) }
      return Data(Self.trace.utf8)
    }
  }

  func problem(_ json: String) -> String {
    do {
      _ = try parse(json)
      return "no problem"
    } catch {
      return error.description
    }
  }

  @Test func casesTakeTheDefaultsAndGiveTheirOwn() throws {
    let suite = try parse(
      """
      {"defaults": {"size": "600x400", "scale": 2, "maxDiffPixels": 5},
       "whenLibrariesDiffer": {"threshold": 0.2},
       "cases": [
         {"name": "typing", "scene": "typewriter", "at": 1.2, "speed": 40},
         {"name": "glitch", "scene": "glitch", "times": [0.42, 1, 1.5], "scale": 1,
          "reduceMotion": true, "appearance": "light", "maxDiffRatio": 0.01, "threshold": 0},
         {"name": "replay", "scene": "streaming", "trace": "answer.jsonl", "question": ""}
       ]}
      """)
    let (typing, glitch, replay) = (suite.cases[0], suite.cases[1], suite.cases[2])
    #expect(typing.size == Size(width: 600, height: 400) && typing.scale == 2)
    #expect(typing.times == [1.2] && typing.referenceName(at: 1.2) == "typing.png")
    #expect(typing.settings[TypewriterSettings.self].charactersPerSecond == 40)
    #expect(typing.comparison == ImageComparison(maximumDifferingPixels: 5))
    #expect(
      glitch.scale == 1 && glitch.settings.reduceMotion && glitch.settings.appearance == .light)
    #expect(
      glitch.times.map(glitch.referenceName(at:))
        == ["glitch-0.42s.png", "glitch-1s.png", "glitch-1.5s.png"])
    // The case's share replaces the defaults' count; its threshold is its own.
    #expect(glitch.comparison == ImageComparison(threshold: 0, maximumDifferingRatio: 0.01))
    #expect(replay.settings[StreamingSettings.self].trace?.text == "Hi there")
    #expect(replay.settings[StreamingSettings.self].question == "")
    #expect(replay.times == [0] && replay.comparison == ImageComparison(maximumDifferingPixels: 5))
    #expect(suite.whenLibrariesDiffer == ImageComparison(threshold: 0.2))
  }

  /// Without tolerances a case is compared as `--compare` compares, the goldens' way.
  @Test func theDefaultsAreCompareDefaults() throws {
    let suite = try parse(#"{"cases": [{"name": "a", "scene": "decode"}]}"#)
    #expect(suite.cases[0].comparison == ImageComparison())
    #expect(suite.cases[0].size == RenderLimits.defaultSize && suite.whenLibrariesDiffer == nil)
  }

  /// A bad suite is one line: the case by index and name, then the field and what it takes.
  @Test(arguments: [
    ("[", "line 1, column 2: the JSON ends before it is whole"),
    (#"{"cases": []}"#, "'cases' is empty: nothing to check"),
    (#"{"case": []}"#, "'case' is not a key"),
    (#"{"cases": [{"scene": "glitch"}]}"#, "cases[0]: 'name' is missing"),
    (#"{"cases": [{"name": "a"}]}"#, "cases[0] (a): 'scene' is missing"),
    (#"{"cases": [{"name": "a", "scene": "wobble"}]}"#, "cases[0] (a): 'scene': 'wobble' is not"),
    (#"{"cases": [{"name": "a/b", "scene": "glitch"}]}"#, "cases[0] (a/b): 'name' must be"),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "at": 1, "times": [2]}]}"#,
      "cases[0] (a): give 'at' or 'times', not both"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "at": -1}]}"#,
      "cases[0] (a): 'at' must be seconds from 0"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "times": []}]}"#,
      "cases[0] (a): 'times' must list 1 to 1000 times"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "at": "soon"}]}"#,
      "cases[0].at: expected a number"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "size": "9000x10"}]}"#,
      "cases[0] (a): 'size': '9000x10' is not"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "scale": 0}]}"#,
      "cases[0] (a): 'scale' must be above 0"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "size": "8000x10", "scale": 2}]}"#,
      "cases[0] (a): 'size' at 'scale' 2.0 is not"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "appearance": "sepia"}]}"#,
      "cases[0] (a): 'appearance': 'sepia' is not dark or light"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "question": "?"}]}"#,
      "cases[0] (a): 'question' is for the streaming scene"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "lines": ["x"]}]}"#,
      "cases[0] (a): 'lines' is for the typewriter scene"
    ),
    (#"{"cases": [{"name": "a", "scene": "glitch", "colour": 1}]}"#, "'colour' is not a key"),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "threshold": 2}]}"#,
      "cases[0] (a): 'threshold' must be a number from 0 to 1"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch", "maxDiffPixels": 1, "maxDiffRatio": 0.1}]}"#,
      "cases[0] (a): give 'maxDiffPixels' or 'maxDiffRatio', not both"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "streaming", "trace": "gone.jsonl"}]}"#,
      "cases[0] (a): 'trace': gone.jsonl cannot be read (No such file or directory)"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "streaming", "text": "x", "trace": "answer.jsonl"}]}"#,
      "cases[0] (a): give 'text' or 'trace', not both"
    ),
    (
      #"{"cases": [{"name": "a", "scene": "glitch"}, {"name": "a", "scene": "decode"}]}"#,
      "cases[1] (a): the name is already that of cases[0]"
    ),
    (
      #"{"defaults": {"name": "x"}, "cases": [{"name": "a", "scene": "glitch"}]}"#,
      "defaults: 'name' is not a key"
    ),
    (
      #"{"whenLibrariesDiffer": {"threshold": -1}, "cases": [{"name": "a", "scene": "glitch"}]}"#,
      "whenLibrariesDiffer: 'threshold' must be"
    ),
  ])
  func aBadSuiteIsOneLineNamingTheCaseAndField(json: String, expected: String) {
    let said = problem(json)
    #expect(said.hasPrefix(expected) || said.contains(expected), "\(said)")
    #expect(!said.contains("\n") && !said.contains("Swift"), "\(said)")
  }
}

/// Suites and traces mangled at random: each is read or refused in one line, never a crash,
/// a hang or words from Swift's own types.
@Suite struct HostileSuiteTests {
  static let validSuite = """
    {"defaults": {"size": "600x400", "scale": 2, "maxDiffPixels": 5},
     "cases": [{"name": "a", "scene": "typewriter", "at": 1.2, "speed": 40},
       {"name": "b", "scene": "glitch", "times": [0.42, 1e8], "threshold": 0.5},
       {"name": "c", "scene": "streaming", "question": "", "seed": 18446744073709551615}]}
    """
  static let validTrace =
    "{\"time\":0,\"text\":\"Sour\"}\n{\"time\":0.25,\"text\":\"dough \\u00e9\"}\n"

  /// `text` with `count` bytes replaced, dropped or repeated at seeded places.
  static func mangle(_ text: String, seed: UInt64, count: Int) -> Data {
    var random = SeededRandom(seed: seed)
    var bytes = Array(text.utf8)
    let pieces = Array("{}[]\",:0-9e.x\\ntrue null -1 1e400 \u{0} é".utf8)
    for _ in 0..<count where !bytes.isEmpty {
      let at = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: bytes[at] = pieces.randomElement(using: &random)!
      case 1: bytes.remove(at: at)
      default: bytes.insert(contentsOf: bytes[at..<min(at + 8, bytes.count)], at: at)
      }
    }
    return Data(bytes)
  }

  @Test func mangledSuitesAreReadOrRefusedInOneLine() {
    var refused = 0
    for seed in 0..<1500 {
      let data = Self.mangle(Self.validSuite, seed: UInt64(seed), count: 1 + seed % 4)
      do {
        _ = try VisualSuite.parse(data) { _ in Data(Self.validTrace.utf8) }
      } catch {
        refused += 1
        #expect(!error.description.contains("\n"), "\(seed): \(error)")
        #expect(!error.description.contains("Swift."), "\(seed): \(error)")
      }
    }
    // Both ways are taken: most manglings break the suite, some leave it readable.
    #expect((500..<1490).contains(refused), "\(refused) of 1500 refused")
  }

  @Test func mangledTracesAreReadOrRefusedInOneLine() {
    for seed in 0..<1500 {
      let data = Self.mangle(Self.validTrace, seed: UInt64(seed), count: 1 + seed % 3)
      do {
        let trace = try StreamingTrace.parse(data)
        #expect(!trace.arrivals.isEmpty)
      } catch {
        #expect(error.description.hasPrefix("line ") || error.description == "it holds no arrivals")
        #expect(!error.description.contains("Swift."), "\(seed): \(error)")
      }
    }
  }
}
