import FoundationEssentials

/// What `--check` leaves beside a suite after each run (`.NAME.last-run.json`, as Playwright
/// keeps `.last-run.json`): the cases that failed, which `--last-failed` runs again. A run of
/// some cases (a shard, a pattern) changes only what it ran: a case it did not draw keeps its
/// last verdict, so shards run one after another on one machine add up.
package struct SuiteLastRun: Codable, Equatable, Sendable {
  /// "failed" while any case failed, else "passed".
  package var status: String
  /// The cases that failed, in the suite's order.
  package var failedCases: [String]

  package init(failedCases: [String]) {
    self.failedCases = failedCases
    status = failedCases.isEmpty ? "passed" : "failed"
  }

  /// The record's file for the suite at `path`: `.suite.last-run.json` beside `suite.json`.
  package static func file(forSuite path: String) -> URL {
    let suite = URL(fileURLWithPath: path)
    let name = suite.deletingPathExtension().lastPathComponent
    return suite.deletingLastPathComponent().appendingPathComponent(".\(name).last-run.json")
  }

  /// The record after a run that drew `ran` and saw `failed` among them, over the `previous`
  /// record; `order` is the suite's cases, whose order the record keeps.
  package static func after(
    _ previous: SuiteLastRun?, ran: Set<String>, failed: Set<String>, order: [String]
  ) -> SuiteLastRun {
    let before = Set(previous?.failedCases ?? [])
    return SuiteLastRun(
      failedCases: order.filter { ran.contains($0) ? failed.contains($0) : before.contains($0) })
  }
}
