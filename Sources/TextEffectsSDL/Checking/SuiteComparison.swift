import Foundation
import TextEffects

/// One frame of a suite against its reference: the verdict, the line that says it, and the
/// images for the report; with `updates`, the reference written when missing or changed.
struct SuiteComparison {
  let item: VisualSuite.Case
  let time: Double
  let folder: URL
  let comparison: ImageComparison
  let updates: Bool

  func outcome(for actual: RGBAImage) throws -> SuiteOutcome {
    let name = item.referenceName(at: time)
    let path = folder.appendingPathComponent(name).path
    let actualPNG = try PNGFile.encode(actual)
    func outcome(
      _ verdict: SuiteOutcome.Verdict, _ summary: String, expected: Data? = nil, diff: Data? = nil
    )
      -> SuiteOutcome
    {
      SuiteOutcome(
        caseName: item.name, time: time, reference: name, verdict: verdict, summary: summary,
        expected: expected, actual: actualPNG, diff: diff)
    }
    guard FileManager.default.fileExists(atPath: path) else {
      if updates {
        try write(actualPNG, to: path)
        return outcome(.written(isNew: true), "wrote \(name), which was missing")
      }
      return outcome(.missing, "\(name) is missing; run with --update to write it")
    }
    let expectedPNG = try? Data(contentsOf: URL(fileURLWithPath: path))
    guard let expected = try? PNGFile.read(path) else {
      if updates {
        try write(actualPNG, to: path)
        return outcome(.written(isNew: false), "wrote \(name), which could not be read as a PNG")
      }
      return outcome(
        .unreadable, "\(name) cannot be read as a PNG; run with --update to write it anew")
    }
    let result = comparison.compare(actual, to: expected)
    guard let summary = comparison.counts(of: result) else {
      let sizes =
        "\(name) is \(expected.width)x\(expected.height), the frame \(actual.width)x\(actual.height)"
      if updates {
        try write(actualPNG, to: path)
        return outcome(.written(isNew: false), "wrote \(name): \(sizes)", expected: expectedPNG)
      }
      return outcome(.sizeDiffers, sizes, expected: expectedPNG)
    }
    let diffPNG = try result.diff.map(PNGFile.encode)
    if result.matches { return outcome(.matches, summary, expected: expectedPNG, diff: diffPNG) }
    if updates {
      try write(actualPNG, to: path)
      return outcome(
        .written(isNew: false), "wrote \(name): \(summary)", expected: expectedPNG, diff: diffPNG)
    }
    return outcome(.differs, summary, expected: expectedPNG, diff: diffPNG)
  }

  private func write(_ png: Data, to path: String) throws {
    do {
      try png.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw SDLError("--update: \(path) could not be written (\(error.reason))")
    }
  }
}
