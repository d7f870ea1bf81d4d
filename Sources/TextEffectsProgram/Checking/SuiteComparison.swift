import FoundationEssentials
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// One frame of a suite against its reference: the verdict and the line that says it, with the
/// images when a report will show them; with `updates`, the reference written when missing or
/// changed.
struct SuiteComparison {
  let item: VisualSuite.Case
  let time: Double
  let folder: URL
  let comparison: ImageComparison
  let updates: Bool
  /// Whether a missing reference is written (and said so) rather than failed on: everywhere
  /// but in CI, where a reference made on the CI machine would pass unseen.
  let writesMissing: Bool
  /// Whether the outcome carries the images as PNG bytes: only a report needs them, and
  /// encoding a frame costs as much as drawing it.
  let keepsImages: Bool

  func outcome(for actual: RGBAImage) throws -> SuiteOutcome {
    let name = item.referenceName(at: time)
    let path = folder.appendingPathComponent(name).path
    var outcome = SuiteOutcome(
      caseName: item.name, time: time, reference: name, verdict: .matches, summary: "",
      expected: nil, actual: keepsImages ? try PNGFile.encode(actual) : nil, diff: nil)
    outcome.comparison = comparison
    /// The verdict, or with `updates` the reference written in its place.
    func settle(_ verdict: SuiteOutcome.Verdict, _ summary: String, writing: String) throws
      -> SuiteOutcome
    {
      var settled = outcome
      if updates || (verdict == .missing && writesMissing) {
        try write(try outcome.actual ?? PNGFile.encode(actual), to: path)
        (settled.verdict, settled.summary) = (.written(isNew: verdict == .missing), writing)
      } else {
        (settled.verdict, settled.summary) = (verdict, summary)
      }
      return settled
    }
    guard FileManager.default.fileExists(atPath: path) else {
      return try settle(
        .missing,
        "\(name) is missing, and in CI (CI is set) none is written: make it with "
          + "\(Option.update) where you can look at it, and commit it",
        writing: "wrote \(name), which was missing")
    }
    guard let expected = try? PNGFile.read(path) else {
      return try settle(
        .unreadable, "\(name) cannot be read as a PNG; run with \(Option.update) to write it anew",
        writing: "wrote \(name), which could not be read as a PNG")
    }
    if keepsImages { outcome.expected = try? Data(contentsOf: URL(fileURLWithPath: path)) }
    let result = comparison.compare(actual, to: expected)
    guard let counts = comparison.counts(of: result) else {
      let sizes =
        "\(name) is \(expected.width)x\(expected.height), the frame "
        + "\(actual.width)x\(actual.height)"
      return try settle(.sizeDiffers, sizes, writing: "wrote \(name): \(sizes)")
    }
    outcome.counts = SuiteOutcome.Counts(result)
    if keepsImages { outcome.diff = try result.diff.map(PNGFile.encode) }
    guard result.matches else {
      return try settle(.differs, counts, writing: "wrote \(name): \(counts)")
    }
    outcome.summary = counts
    return outcome
  }

  private func write(_ png: Data, to path: String) throws {
    do {
      try png.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw SDLError("\(Option.update): \(path) could not be written (\(error.reason))")
    }
  }
}
