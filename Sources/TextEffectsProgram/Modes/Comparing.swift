import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// `--compare A B`: prints the verdict and exits 0 on a match, 1 on a difference, 2 when an
/// image cannot be read or the diff cannot be written (1 would tell a script they differ).
func runComparison(
  expected expectedPath: String, actual actualPath: String, diff diffPath: String?,
  _ comparison: ImageComparison
) -> Never {
  let expected: RGBAImage
  let actual: RGBAImage
  do {
    expected = try PNGFile.read(expectedPath)
    actual = try PNGFile.read(actualPath)
  } catch {
    complain("text-effects: \(error)")
    exit(2)
  }
  let result = comparison.compare(actual, to: expected)
  guard let summary = comparison.summary(of: result) else {
    // Named in the order given, A then B; a diff marks pixels, so two sizes have none.
    print(
      "differ: \(expectedPath) is \(expected.width)x\(expected.height), "
        + "\(actualPath) is \(actual.width)x\(actual.height)"
        + (diffPath == nil ? "" : "; no \(Option.diff) written, as the sizes differ"))
    exit(1)
  }
  if let diffPath, let diff = result.diff {
    do {
      try PNGFile.write(diff, to: diffPath)
    } catch {
      complain("text-effects: \(Option.diff): \(error)")
      exit(2)
    }
  }
  print(summary)
  exit(result.matches ? 0 : 1)
}
