import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// `--merge-reports DIR...`: the parts shards' `--check --report` wrote, made one report in the
/// whole suite's order (the HTML, and JUnit or JSON when asked) as one run of every case would
/// have made it, with the libraries each shard drew with. Exits 0 when every frame passed and
/// every shard is there, 1 when some failed or a shard's part is missing.
func runMerge(_ request: MergeRequest) throws -> Never {
  let started = Date()
  var parts: [(results: SuiteResults, outcomes: [SuiteOutcome])] = []
  for folder in request.folders {
    switch SuiteReportFolder.read(folder) {
    case .success(let part): parts.append(part)
    case .failure(let error): throw SDLError("\(Option.mergeReports): \(error.description)")
    }
  }
  let first = parts[0].results
  if let other = parts.first(where: { $0.results.suite != first.suite }) {
    throw SDLError(
      "\(Option.mergeReports): the parts are of two suites, \(first.suite) and "
        + "\(other.results.suite); merge one suite's shards at a time")
  }
  let shards = parts.compactMap { part in part.results.shard.flatMap(SuiteSelection.Shard.init) }
  var notes: [String] = []
  if let count = shards.first?.count {
    let given = Set(shards.filter { $0.count == count }.map(\.index))
    let missing = (1...count).filter { !given.contains($0) }
    if !missing.isEmpty {
      notes.append(
        "note: no part of shard " + missing.map { "\($0)/\(count)" }.joined(separator: ", ")
          + "; its cases are not in this report")
    }
  }
  // The outcomes in the suite's order (a case's frames are all in one part, in its order),
  // each frame once: a part given twice counts once.
  var seen: Set<String> = []
  let outcomes = parts.flatMap { $0.outcomes.enumerated() }
    .filter { seen.insert($0.element.reference).inserted }
    .sorted { ($0.element.caseIndex, $0.offset) < ($1.element.caseIndex, $1.offset) }
    .map(\.element)
  let libraries = Set(parts.map(\.results.libraries))
  let versions =
    libraries.count == 1
    ? first.libraries
    : parts.map { "shard \($0.results.shard ?? "?"): \($0.results.libraries)" }
      .joined(separator: "\n")
  if libraries.count > 1 { notes.append("note: the shards drew with other libraries") }
  let cases = Set(outcomes.map(\.caseName)).count
  let results = SuiteResults(
    suite: first.suite, shard: nil, suiteCases: first.suiteCases, casesRun: cases,
    libraries: versions, referenceLibraries: first.referenceLibraries, outcomes: outcomes,
    images: request.reportDirectory == nil ? { _ in (nil, nil, nil) } : SuiteReportFolder.images)
  let page = try request.reportDirectory.map {
    try SuiteReportFolder.write(results, outcomes: outcomes, versions: versions, to: $0)
  }
  try SuiteReporting(
    results: results, notes: notes, page: page, reportFolder: request.reportDirectory,
    scope: "(\(counted(outcomes.count, "frame")) of \(cases) of "
      + "\(counted(first.suiteCases, "case")), \(counted(parts.count, "part")))", verb: "merge"
  ).tell(request.reporters, startedAt: started)
  let complete = notes.allSatisfy { !$0.hasPrefix("note: no part") }
  exit(outcomes.contains { $0.verdict.fails } || !complete ? 1 : 0)
}
