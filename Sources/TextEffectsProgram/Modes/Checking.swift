import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// `--check SUITE`: the chosen cases drawn and compared on all cores, told by each reporter
/// asked for, the report and its part for merging written when asked, and the record of what
/// failed left beside the suite for `--last-failed`. Exits 0 when all match (or were written),
/// 1 when some fail.
func runCheck(_ request: CheckRequest) throws -> Never {
  let started = Date()
  let fonts = try openFonts()
  let names = request.suite.cases.map(\.name)
  let recordFile = SuiteLastRun.file(forSuite: request.path)
  let record = (try? Data(contentsOf: recordFile)).flatMap {
    try? JSONDecoder().decode(SuiteLastRun.self, from: $0)
  }
  if request.selection.lastFailed, record == nil {
    throw SDLError(
      "\(Option.lastFailed): no record of a last run at \(recordFile.path); run \(Option.check) "
        + "first")
  }
  let chosen = request.selection.names(names, failedLastTime: Set(record?.failedCases ?? []))
  if chosen.isEmpty, request.selection.shard == nil, !request.selection.lastFailed {
    throw SDLError(
      "no case's name is chosen by \(Option.grep)/\(Option.grepInvert); the suite's cases are "
        + names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : ""))
  }
  if chosen.isEmpty, request.selection.lastFailed, record?.failedCases.isEmpty == true {
    print("check: no case failed last time; nothing to draw")
    exit(0)
  }
  var suite = request.suite
  let chosenNames = Set(chosen)
  suite.cases = suite.cases.filter { chosenNames.contains($0.name) }
  let run = SuiteRun(
    suite: suite, folder: URL(fileURLWithPath: request.folder), updates: request.updates,
    writesMissing: !isContinuousIntegration, isPartial: request.selection.isPartial,
    keepsImages: request.reportDirectory != nil,
    fontDirectory: fonts.directory)
  let showsProgress = request.reporters.contains { $0.kind == .line || $0.kind == .dot }
  let progress = ProgressBar(total: suite.cases.count, unit: "cases")
  var outcomes = try run.run { if showsProgress { progress.show(done: $0) } }
  let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
  for number in outcomes.indices {
    outcomes[number].caseIndex = index[outcomes[number].caseName] ?? 0
  }

  let failed = Set(outcomes.filter(\.verdict.fails).map(\.caseName))
  let after = SuiteLastRun.after(record, ran: chosenNames, failed: failed, order: names)
  do {
    try (JSONEncoder().encode(after) + Data("\n".utf8)).write(to: recordFile, options: .atomic)
  } catch {
    complain(
      "text-effects: \(recordFile.path) could not be written (\(error.reason)); "
        + "\(Option.lastFailed) will not know this run", priority: .warning)
  }

  let results = SuiteResults(
    suite: request.path, shard: request.selection.shard?.description,
    suiteCases: names.count, casesRun: chosen.count, libraries: LibraryVersions.summary,
    referenceLibraries: run.referenceVersions, outcomes: outcomes,
    images: request.reportDirectory == nil ? { _ in (nil, nil, nil) } : SuiteReportFolder.images)
  let page = try request.reportDirectory.map {
    try SuiteReportFolder.write(
      results, outcomes: outcomes, versions: LibraryVersions.summary, to: $0)
  }
  var scope =
    "(\(counted(outcomes.count, "frame")) of \(counted(suite.cases.count, "case"))"
  if request.selection.isPartial {
    scope += " chosen of \(names.count)"
    if let shard = request.selection.shard { scope += ", shard \(shard)" }
  }
  try SuiteReporting(
    results: results, notes: notes(run, request), page: page, reportFolder: request.reportDirectory,
    scope: scope + ")", verb: "check"
  ).tell(request.reporters, startedAt: started)
  exit(outcomes.contains { $0.verdict.fails } ? 1 : 0)
}

/// Whether this runs in CI, as CI systems say (GitHub Actions, GitLab, Jenkins' plugins and
/// most others set CI): a missing reference then fails instead of being written.
private var isContinuousIntegration: Bool {
  let value = ProcessInfo.processInfo.environment["CI"] ?? ""
  return !value.isEmpty && value != "false" && value != "0"
}

/// What the line reporter notes before the counts: the libraries or fonts that drew are not
/// those that drew the references.
private func notes(_ run: SuiteRun, _ request: CheckRequest) -> [String] {
  var notes: [String] = []
  if run.librariesDiffer {
    let recorded = (run.referenceVersions ?? "").split(separator: "\n").joined(separator: ", ")
    let now = LibraryVersions.summary.split(separator: "\n").joined(separator: ", ")
    notes.append(
      "note: the references were made with \(recorded); this run has \(now)"
        + (request.suite.whenLibrariesDiffer == nil
          ? "" : ", so every case was compared with the suite's whenLibrariesDiffer"))
  }
  if run.fontsDiffer {
    let missing = Set(run.referenceFonts).subtracting(run.fonts).sorted()
    let new = Set(run.fonts).subtracting(run.referenceFonts).sorted()
    notes.append(
      "note: other fonts drew this run than the references (versions.txt): "
        + (missing.isEmpty ? "" : "not used now: \(missing.joined(separator: ", ")); ")
        + (new.isEmpty ? "" : "used now: \(new.joined(separator: ", ")); ")
        + "a machine with other fonts installed draws other pixels")
  }
  return notes
}
