import FoundationEssentials
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// What `--report DIR` writes, for one run or the merge of several: `index.html` (the page,
/// images inline), `images/` (each frame's expected, actual and diff PNGs, which JUnit's
/// attachments name) and `results.json` (every frame, the part `--merge-reports` reads).
enum SuiteReportFolder {
  /// The image files of `outcome` in a report folder, relative to it.
  static func images(of outcome: SuiteOutcome) -> (
    expected: String?, actual: String?, diff: String?
  ) {
    let stem =
      "images/"
      + (outcome.reference.hasSuffix(".png")
        ? String(outcome.reference.dropLast(4)) : outcome.reference)
    return (
      outcome.expected.map { _ in stem + "-expected.png" },
      outcome.actual.map { _ in stem + "-actual.png" }, outcome.diff.map { _ in stem + "-diff.png" }
    )
  }

  /// Writes the folder; the page's title is the suite as given, `versions` the libraries that
  /// drew. Returns the page's path.
  static func write(
    _ results: SuiteResults, outcomes: [SuiteOutcome], versions: String, to directory: String
  ) throws -> String {
    let folder = URL(fileURLWithPath: directory)
    let page = folder.appendingPathComponent("index.html")
    do {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
      for outcome in outcomes {
        let files = images(of: outcome)
        for (file, png) in [
          (files.expected, outcome.expected), (files.actual, outcome.actual),
          (files.diff, outcome.diff),
        ] {
          guard let file, let png else { continue }
          try png.write(to: folder.appendingPathComponent(file), options: .atomic)
        }
      }
      try results.encoded().write(
        to: folder.appendingPathComponent("results.json"), options: .atomic)
      let html = SuiteReport.html(
        title: results.suite, outcomes: outcomes, versions: versions,
        referenceVersions: results.referenceLibraries)
      try Data(html.utf8).write(to: page, options: .atomic)
    } catch {
      throw SDLError("\(Option.report): \(directory) could not be written (\(error.reason))")
    }
    return page.path
  }

  /// The part a `--report` folder holds, its images read back; nil, and why, when it holds
  /// none that reads.
  static func read(_ directory: String) -> Result<(SuiteResults, [SuiteOutcome]), SDLError> {
    let folder = URL(fileURLWithPath: directory)
    let file = folder.appendingPathComponent("results.json")
    guard let data = try? Data(contentsOf: file) else {
      return .failure(
        SDLError(
          "\(directory) holds no results.json: give the folders \(Option.check) \(Option.report) wrote"
        ))
    }
    do {
      let results = try JSONDecoder().decode(SuiteResults.self, from: data)
      let outcomes = results.outcomes { name in
        try? Data(contentsOf: folder.appendingPathComponent(name))
      }
      return .success((results, outcomes))
    } catch {
      return .failure(
        SDLError("\(file.path) is not a check's results: \(JSONProblem.describe(error, in: "it"))"))
    }
  }
}
