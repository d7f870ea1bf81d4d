import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffectsApp

/// Which cases a check draws: shards by name, patterns, the last run's failures.
@Suite struct SuiteSelectionTests {
  static let names = (1...200).map { "case-\($0)" }

  /// Four shards of 200 cases draw each case exactly once, and none is nearly empty.
  @Test func theShardsCoverTheSuiteOnceEach() throws {
    let shards = (1...4).map {
      SuiteSelection(shard: SuiteSelection.Shard(index: $0, count: 4)).names(Self.names)
    }
    #expect(shards.flatMap { $0 }.sorted() == Self.names.sorted(), "the union is the suite")
    #expect(Set(shards.flatMap { $0 }).count == Self.names.count, "no case is in two shards")
    for shard in shards { #expect(shard.count >= 30 && shard.count <= 70, "\(shard.count)") }
    // Each shard keeps the suite's order.
    for shard in shards { #expect(shard == Self.names.filter(shard.contains)) }
  }

  /// A case added, or one taken away, moves no other case to another shard.
  @Test func aNewCaseMovesNoOther() {
    let before = Dictionary(
      uniqueKeysWithValues: Self.names.map { name in
        (name, (1...4).first { SuiteSelection.Shard(index: $0, count: 4).holds(name) })
      })
    let grown = ["a-new-case"] + Self.names.dropLast(3)
    for name in grown.dropFirst() {
      let now = (1...4).first { SuiteSelection.Shard(index: $0, count: 4).holds(name) }
      #expect(now == before[name] ?? nil, "\(name)")
    }
  }

  /// One shard of one is everything; the split is the same on every machine (a known name's
  /// shard is written down here, so a change of hash is seen).
  @Test func theSplitIsFixed() {
    #expect(SuiteSelection(shard: .init(index: 1, count: 1)).names(Self.names) == Self.names)
    let glitch = (1...4).first { SuiteSelection.Shard(index: $0, count: 4).holds("glitch") }
    let typewriter = (1...4).first {
      SuiteSelection.Shard(index: $0, count: 4).holds("typewriter-typing")
    }
    #expect(
      glitch == 1 && typewriter == 3,
      "\(String(describing: glitch)) \(String(describing: typewriter))")
  }

  @Test(arguments: ["0/4", "5/4", "1/0", "1/1001", "a/b", "1/4/2", "14", "", "-1/4", " 1/4"])
  func aBadShardIsRefused(text: String) {
    #expect(SuiteSelection.Shard(text) == nil)
    #expect(throws: UsageError.self) {
      try CommandLineOptions.parse(["--check", "Tests/Goldens/suite.json", "--shard", text])
    }
  }

  @Test func patternsChooseByName() throws {
    let names = ["glitch", "glitch-light", "typewriter", "answer-ar"]
    #expect(SuiteSelection(grep: "^glitch").names(names) == ["glitch", "glitch-light"])
    #expect(SuiteSelection(grepInvert: "glitch").names(names) == ["typewriter", "answer-ar"])
    #expect(
      SuiteSelection(grep: "glitch|answer", grepInvert: "light").names(names)
        == ["glitch", "answer-ar"])
    #expect(SuiteSelection.patternProblem("(") != nil)
    #expect(SuiteSelection.patternProblem("a+") == nil)
    let refused = #expect(throws: UsageError.self) {
      try CommandLineOptions.parse(["--check", "Tests/Goldens/suite.json", "--grep", "("])
    }
    #expect(refused?.description == "--grep: '(' is not a regular expression")
  }

  @Test func lastFailedTakesTheRecordsCases() {
    let names = ["a", "b", "c", "d"]
    #expect(
      SuiteSelection(lastFailed: true).names(names, failedLastTime: ["c", "a"]) == ["a", "c"])
    #expect(SuiteSelection(lastFailed: true).names(names, failedLastTime: []).isEmpty)
    #expect(SuiteSelection().names(names, failedLastTime: ["c"]) == names)
  }

  /// A run of some cases changes the record of those alone; the record keeps the suite's order.
  @Test func theRecordChangesOnlyWhatRan() {
    let order = ["a", "b", "c", "d"]
    let first = SuiteLastRun.after(nil, ran: Set(order), failed: ["b", "d"], order: order)
    #expect(first == SuiteLastRun(failedCases: ["b", "d"]) && first.status == "failed")
    let shard = SuiteLastRun.after(first, ran: ["a", "b"], failed: ["a"], order: order)
    #expect(shard.failedCases == ["a", "d"])
    let fixed = SuiteLastRun.after(shard, ran: ["a", "d"], failed: [], order: order)
    #expect(fixed.failedCases.isEmpty && fixed.status == "passed")
    #expect(
      SuiteLastRun.file(forSuite: "/x/suites/visual.json").path == "/x/suites/.visual.last-run.json"
    )
  }
}
