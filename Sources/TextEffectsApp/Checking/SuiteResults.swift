import FoundationEssentials

/// Every frame a check drew, with its verdict, counts, tolerances and time: what
/// `--reporter json` writes for scripts, and what `--report DIR` keeps as `DIR/results.json`
/// (with the images in `DIR/images`) so that `--merge-reports` can make one report of the
/// parts that shards wrote.
package struct SuiteResults: Codable, Sendable {
  /// One frame's outcome.
  package struct Frame: Codable, Sendable {
    package var `case`: String
    package var caseIndex: Int
    package var time: Double
    package var reference: String
    package var verdict: String
    package var fails: Bool
    package var summary: String
    package var tolerances: Tolerances
    package var pixels: SuiteOutcome.Counts?
    package var seconds: Double
    /// The images' files, relative to the report's folder, when a report keeps them.
    package var expected: String?
    package var actual: String?
    package var diff: String?
  }

  /// The tolerances a frame was compared with, in the suite file's words.
  package struct Tolerances: Codable, Sendable {
    package var threshold: Double
    package var maxDiffPixels: Int
    package var maxDiffRatio: Double?
    package var includeAntiAliasing: Bool

    init(_ comparison: ImageComparison) {
      threshold = comparison.threshold
      maxDiffPixels = comparison.maximumDifferingPixels
      maxDiffRatio = comparison.maximumDifferingRatio
      includeAntiAliasing = !comparison.ignoresAntiAliasing
    }

    var comparison: ImageComparison {
      ImageComparison(
        threshold: threshold, maximumDifferingPixels: maxDiffPixels,
        maximumDifferingRatio: maxDiffRatio, ignoresAntiAliasing: !includeAntiAliasing)
    }
  }

  /// How many frames, how many failed and passed, and how many of each verdict.
  package struct Counts: Codable, Sendable, Equatable {
    package var frames: Int
    package var failed: Int
    package var passed: Int
    package var verdicts: [String: Int]
  }

  /// The suite file as given to `--check`.
  package var suite: String
  /// The shard this run drew (`2/4`); nil for the whole suite or a pattern's cases.
  package var shard: String?
  /// How many cases the whole suite has, and how many this run drew.
  package var suiteCases: Int
  package var casesRun: Int
  /// The libraries that drew, and those the references were made with when recorded.
  package var libraries: String
  package var referenceLibraries: String?
  package var counts: Counts
  package var frames: [Frame]

  /// The results of `outcomes`; `images` names each frame's image files in a report, by the
  /// outcome's reference.
  package init(
    suite: String, shard: String?, suiteCases: Int, casesRun: Int, libraries: String,
    referenceLibraries: String?, outcomes: [SuiteOutcome],
    images: (SuiteOutcome) -> (expected: String?, actual: String?, diff: String?) = { _ in
      (nil, nil, nil)
    }
  ) {
    self.suite = suite
    self.shard = shard
    self.suiteCases = suiteCases
    self.casesRun = casesRun
    self.libraries = libraries
    self.referenceLibraries = referenceLibraries
    var verdicts: [String: Int] = [:]
    for outcome in outcomes { verdicts[outcome.verdict.key, default: 0] += 1 }
    let failed = outcomes.count { $0.verdict.fails }
    counts = Counts(
      frames: outcomes.count, failed: failed, passed: outcomes.count - failed, verdicts: verdicts)
    frames = outcomes.map { outcome in
      let files = images(outcome)
      return Frame(
        case: outcome.caseName, caseIndex: outcome.caseIndex, time: outcome.time,
        reference: outcome.reference, verdict: outcome.verdict.key, fails: outcome.verdict.fails,
        summary: outcome.summary, tolerances: Tolerances(outcome.comparison),
        pixels: outcome.counts, seconds: outcome.seconds, expected: files.expected,
        actual: files.actual, diff: files.diff)
    }
  }

  /// As JSON, keys sorted and indented, so two runs compare line by line.
  package func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// The outcomes again, their images read by `readImage` from the file names kept.
  package func outcomes(readImage: (String) -> Data?) -> [SuiteOutcome] {
    frames.map { frame in
      var outcome = SuiteOutcome(
        caseName: frame.case, time: frame.time, reference: frame.reference,
        verdict: SuiteOutcome.Verdict(key: frame.verdict) ?? .unreadable, summary: frame.summary,
        expected: frame.expected.flatMap(readImage), actual: frame.actual.flatMap(readImage),
        diff: frame.diff.flatMap(readImage))
      outcome.caseIndex = frame.caseIndex
      outcome.comparison = frame.tolerances.comparison
      outcome.counts = frame.pixels
      outcome.seconds = frame.seconds
      return outcome
    }
  }
}
