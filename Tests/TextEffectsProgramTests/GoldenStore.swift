import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// Golden screenshots under Tests/Goldens, with the library versions they were made with.
///
/// `RECORD_GOLDENS=1 swift test --filter Golden` (or `scripts/record-goldens`) writes them
/// anew. A missing golden is recorded on a developer's machine and fails under CI=true.
enum GoldenStore {
  static let directory = Repository.root.appendingPathComponent("Tests/Goldens")
  static let versionsFile = directory.appendingPathComponent("versions.txt")
  static let failures = Repository.root.appendingPathComponent(".build/golden-failures")
  /// With other library versions than the goldens were made with (a new FreeType hints a
  /// little differently): tolerates colour noise and anti-aliased edges, and no other pixel. A
  /// full stop moved by one pixel changes 3 pixels beyond its anti-aliasing (measured in
  /// GoldenComparisonCatchesChanges).
  static let tolerant = ImageComparison(threshold: 0.1, maximumDifferingPixels: 0)

  /// The comparison for this run: with the goldens' own library versions our frames are
  /// byte-identical, so every pixel must be, anti-aliasing included (the tolerant comparison
  /// once let seams through the controls pass as anti-aliasing).
  static var comparison: ImageComparison { librariesMatch ? .exact : tolerant }

  /// The library versions the goldens were made with, one a line (without the font files
  /// that `--check --update` lists after them, as `--check` reads the file).
  static var recordedVersions: String {
    (try? String(contentsOf: versionsFile, encoding: .utf8))?
      .split(separator: "\n").filter { !$0.hasPrefix("font ") }.joined(separator: "\n")
      ?? "unknown"
  }

  static var librariesMatch: Bool { recordedVersions == LibraryVersions.summary }

  /// The goldens as a suite, as `text-effects --check` reads it: the one list of cases.
  static let suite: VisualSuite? = {
    guard let data = try? Data(contentsOf: directory.appendingPathComponent("suite.json")) else {
      return nil
    }
    return try? VisualSuite.parse(data) {
      try Data(contentsOf: directory.appendingPathComponent($0))
    }
  }()

  static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }
  static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// Compares `actual` with the golden `name` and records an issue that says what differs,
  /// where the actual and diff images were written, and whether the libraries changed.
  static func check(
    _ actual: RGBAImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let golden = directory.appendingPathComponent(name)
    if isRecording || (!FileManager.default.fileExists(atPath: golden.path) && !isCI) {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try PNGFile.write(actual, to: golden.path)
      try (LibraryVersions.summary + "\n").write(
        to: versionsFile, atomically: true, encoding: .utf8)
      return
    }
    guard FileManager.default.fileExists(atPath: golden.path) else {
      Issue.record(
        "Golden \(name) is missing from \(directory.path): record it with scripts/record-goldens",
        sourceLocation: sourceLocation)
      return
    }
    let expected = try PNGFile.read(golden.path)
    let comparison = comparison
    let result = comparison.compare(actual, to: expected)
    guard !result.matches else { return }

    try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
    let stem = (name as NSString).deletingPathExtension
    let actualPath = failures.appendingPathComponent("\(stem)-actual.png").path
    try PNGFile.write(actual, to: actualPath)
    var what: String
    if let differing = result.differingPixels, let diff = result.diff {
      let diffPath = failures.appendingPathComponent("\(stem)-diff.png").path
      try PNGFile.write(diff, to: diffPath)
      what =
        librariesMatch
        ? "\(differing) pixels differ; with the goldens' own library versions none may, "
          + "anti-aliasing included. "
        : "\(differing) pixels differ (none may; \(result.antiAliasedPixels) more differ only by "
          + "anti-aliasing, let pass as the libraries differ). "
      what += "Wrote \(actualPath) and the diff \(diffPath) (red: differs)."
    } else {
      what =
        "Its size is \(expected.width)×\(expected.height), the frame's \(actual.width)×"
        + "\(actual.height). Wrote \(actualPath)."
    }
    let recorded = recordedVersions
    if !librariesMatch {
      what +=
        " The goldens were made with \(recorded.replacingOccurrences(of: "\n", with: ", ")); "
        + "this run has \(LibraryVersions.summary.replacingOccurrences(of: "\n", with: ", ")): "
        + "if the change is theirs, re-record with scripts/record-goldens."
    }
    Issue.record("Golden \(name) does not match. \(what)", sourceLocation: sourceLocation)
  }
}
