import FoundationEssentials
import TextEffects

/// What checking one frame of a suite found, with the images a report shows.
package struct SuiteOutcome: Sendable {
  package enum Verdict: Sendable, Equatable {
    case matches
    case differs
    /// The reference is another size: no pixel can be compared.
    case sizeDiffers
    /// No reference yet; `--update` writes it.
    case missing
    /// The reference cannot be read as a PNG.
    case unreadable
    /// `--update` wrote the reference: new, or in place of one that differed.
    case written(isNew: Bool)

    /// Whether the check fails on it.
    package var fails: Bool {
      switch self {
      case .matches, .written: false
      case .differs, .sizeDiffers, .missing, .unreadable: true
      }
    }

    /// The word for `count` frames of this verdict: "1 differs", "3 differ".
    package func counted(_ count: Int) -> String {
      let plural = ["differs": "differ", "matches": "match"]
      return "\(count) \(count == 1 ? word : plural[word] ?? word)"
    }

    /// Its name in JSON and JUnit: `matches`, `differs`, `sizeDiffers`, `missing`,
    /// `unreadable`, `written` or `rewritten`.
    package var key: String {
      switch self {
      case .matches: "matches"
      case .differs: "differs"
      case .sizeDiffers: "sizeDiffers"
      case .missing: "missing"
      case .unreadable: "unreadable"
      case .written(let isNew): isNew ? "written" : "rewritten"
      }
    }

    /// The verdict a `key` names.
    package init?(key: String) {
      let all: [Verdict] = [
        .matches, .differs, .sizeDiffers, .missing, .unreadable, .written(isNew: true),
        .written(isNew: false),
      ]
      guard let verdict = all.first(where: { $0.key == key }) else { return nil }
      self = verdict
    }

    /// One word or two for people: the report's badge and the summary's counts.
    package var word: String {
      switch self {
      case .matches: "matches"
      case .differs: "differs"
      case .sizeDiffers: "other size"
      case .missing: "missing"
      case .unreadable: "unreadable"
      case .written(let isNew): isNew ? "written" : "rewritten"
      }
    }
  }

  /// Pixels counted by a comparison of two images of one size.
  package struct Counts: Sendable, Equatable, Codable {
    package var differing: Int
    package var total: Int
    /// How many could have differed and still matched.
    package var allowed: Int
    /// Those that differ only by anti-aliasing, not counted when it is let pass.
    package var antiAliased: Int

    package init(_ result: ImageComparison.Result) {
      differing = result.differingPixels ?? 0
      total = result.totalPixels
      allowed = result.allowedPixels
      antiAliased = result.antiAliasedPixels
    }
  }

  package var caseName: String
  /// The case's place in the whole suite, from 0: shards' parts are merged in this order.
  package var caseIndex = 0
  package var time: Double
  /// The reference image's file name in the suite's folder.
  package var reference: String
  package var verdict: Verdict
  /// One line: the comparison's counts, or what happened instead.
  package var summary: String
  /// The reference's PNG bytes, when there was one to read and a report to show it.
  package var expected: Data?
  /// The frame drawn now, as PNG bytes, when kept for a report.
  package var actual: Data?
  /// The diff image, as PNG bytes, when the two could be compared, for a report.
  package var diff: Data?
  /// The tolerances it was compared with.
  package var comparison = ImageComparison()
  /// The comparison's counts, when the two could be compared.
  package var counts: Counts?
  /// Seconds it took to draw and compare.
  package var seconds = 0.0

  package init(
    caseName: String, time: Double, reference: String, verdict: Verdict, summary: String,
    expected: Data?, actual: Data?, diff: Data?
  ) {
    self.caseName = caseName
    self.time = time
    self.reference = reference
    self.verdict = verdict
    self.summary = summary
    self.expected = expected
    self.actual = actual
    self.diff = diff
  }

  /// "3 differ, 61 match" and the like, the failing verdicts first, for the last line and the
  /// report's head.
  package static func counts(_ outcomes: [SuiteOutcome]) -> String {
    let order: [Verdict] = [
      .differs, .sizeDiffers, .missing, .unreadable, .written(isNew: false),
      .written(isNew: true), .matches,
    ]
    return order.compactMap { verdict in
      let count = outcomes.count { $0.verdict == verdict }
      return count == 0 ? nil : verdict.counted(count)
    }.joined(separator: ", ")
  }
}
