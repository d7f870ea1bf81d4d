import Foundation
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// `--check SUITE`: every case drawn and compared on all cores, a line for each frame that
/// fails (or was written), the report when asked, and a last line of counts. Exits 0 when all
/// match (or were written with `--update`), 1 when some fail.
func runCheck(_ request: CheckRequest) throws -> Never {
  let fonts = try openFonts()
  let run = SuiteRun(
    suite: request.suite, folder: URL(fileURLWithPath: request.folder),
    updates: request.updates, keepsImages: request.reportDirectory != nil,
    fontDirectory: fonts.directory)
  let progress = ProgressBar(total: request.suite.cases.count, unit: "cases")
  let outcomes = try run.run { progress.show(done: $0) }
  for outcome in outcomes where outcome.verdict != .matches {
    print("\(outcome.verdict.word): \(outcome.caseName) at \(outcome.time) s: \(outcome.summary)")
  }
  if run.librariesDiffer {
    let recorded = (run.referenceVersions ?? "").split(separator: "\n").joined(separator: ", ")
    let now = LibraryVersions.summary.split(separator: "\n").joined(separator: ", ")
    print(
      "note: the references were made with \(recorded); this run has \(now)"
        + (request.suite.whenLibrariesDiffer == nil
          ? "" : ", so every case was compared with the suite's whenLibrariesDiffer"))
  }
  if run.fontsDiffer {
    let missing = Set(run.referenceFonts).subtracting(run.fonts).sorted()
    let new = Set(run.fonts).subtracting(run.referenceFonts).sorted()
    print(
      "note: other fonts drew this run than the references (versions.txt): "
        + (missing.isEmpty ? "" : "not used now: \(missing.joined(separator: ", ")); ")
        + (new.isEmpty ? "" : "used now: \(new.joined(separator: ", ")); ")
        + "a machine with other fonts installed draws other pixels")
  }
  if let directory = request.reportDirectory {
    let page = SuiteReport.html(
      title: request.path, outcomes: outcomes, versions: LibraryVersions.summary,
      referenceVersions: run.referenceVersions)
    let path = URL(fileURLWithPath: directory).appendingPathComponent("index.html").path
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: nil)
      try Data(page.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw SDLError("\(Option.report): \(path) could not be written (\(error.reason))")
    }
    print("report: \(path)")
  }
  print(
    "check: \(SuiteOutcome.counts(outcomes)) (\(outcomes.count) frames of "
      + "\(request.suite.cases.count) cases)")
  exit(outcomes.contains { $0.verdict.fails } ? 1 : 0)
}
