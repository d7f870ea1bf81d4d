import FoundationEssentials
import TextEffects

/// The options that give a scene its text, and `--compare`'s tolerances, read into the given
/// options.
extension GivenOptions {
  /// `--text STRING` or `--text-file FILE`: one of them, not empty, not past the input limit.
  mutating func takeText(_ option: OptionWord, _ given: String) throws(UsageError) {
    let name = option.name
    if let textSource {
      throw UsageError(description: "\(name): the text was already given by \(textSource)")
    }
    textSource = name
    if name == .text, given.utf8.count > DisplayText.inputByteLimit {
      throw UsageError(
        description: "\(Option.text) is longer than \(InputFile.limitName), the most text-effects "
          + "reads; give a shorter text")
    }
    let text = name == .text ? given : try CommandLineOptions.readText(given)
    guard !text.isEmpty else { throw UsageError(description: "\(name): the text is empty") }
    // Cut here, once, to what a scene shows: a scene's own cut is then nearly free.
    settings.customText = DisplayText.bounded(text).text
  }

  /// `--compare`'s tolerances, Playwright's: a count of pixels or a share of them, not both.
  func tolerances() throws(UsageError) -> ImageComparison {
    if maximumDifferingPixels != nil, maximumDifferingRatio != nil {
      throw UsageError(
        description:
          "\(Option.maxDiffPixels) and \(Option.maxDiffRatio) both say how many pixels may "
          + "differ; give one")
    }
    let defaults = ImageComparison()
    return ImageComparison(
      threshold: threshold ?? defaults.threshold,
      maximumDifferingPixels: maximumDifferingPixels ?? defaults.maximumDifferingPixels,
      maximumDifferingRatio: maximumDifferingRatio, ignoresAntiAliasing: !includesAntiAliasing)
  }

  /// `--trace FILE`: a recorded stream, which gives the streamed text as `--text` would.
  mutating func takeTrace(_ path: String) throws(UsageError) {
    if let textSource {
      throw UsageError(description: "\(Option.trace): the text was already given by \(textSource)")
    }
    textSource = .trace
    let data = try CommandLineOptions.readFile(path, option: .trace)
    do {
      settings[StreamingSettings.self].trace = try StreamingTrace.parse(data)
    } catch {
      throw UsageError(description: "\(Option.trace): \(path) \(error.description)")
    }
  }
}
