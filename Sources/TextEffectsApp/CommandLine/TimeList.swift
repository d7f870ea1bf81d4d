import TextEffects

/// The times of a frame sequence: `A:B:STEP` (both ends included when STEP lands on B), `N`
/// (N frames, 60 a second from 0, as a display shows them) or a list `T1,T2,...`.
enum TimeList {
  /// How many frames a second `--frames N` takes: a display's rate, as the bench's clock steps.
  static let framesPerSecond = 60.0

  /// `--frames`: a count or a range.
  static func frames(_ text: String) throws(UsageError) -> [Double] {
    guard let count = Int(text) else { return try range(text) }
    guard (1...CommandLineOptions.largestFrameCount).contains(count) else {
      throw UsageError(
        description: "\(Option.frames): '\(text)' is not a frame count from 1 to "
          + "\(CommandLineOptions.largestFrameCount)")
    }
    return frames(count)
  }

  /// `count` frames, 60 a second from 0.
  static func frames(_ count: Int) -> [Double] {
    (0..<count).map { Double($0) / framesPerSecond }
  }

  static func range(_ text: String) throws(UsageError) -> [Double] {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
    guard parts.count == 3, let start = parts[0], let end = parts[1], let step = parts[2],
      start >= 0, end >= start, end < CommandLineOptions.latestTime, step > 0,
      step.isFinite
    else {
      throw UsageError(
        description: "\(Option.frames): '\(text)' is not a range; give START:END:STEP in seconds, "
          + "from 0 to below \(CommandLineOptions.latestTimeName), like 0:3.2:0.04, or a count "
          + "of frames")
    }
    // Nudged so that 0:1:0.1 includes 1 despite binary rounding.
    let steps = ((end - start) / step + 1e-9).rounded(.down)
    guard steps < Double(CommandLineOptions.largestFrameCount) else {
      throw UsageError(
        description: "\(Option.frames): '\(text)' makes \(Int(steps) + 1) frames, more than "
          + "\(CommandLineOptions.largestFrameCount); use a larger STEP")
    }
    return (0...Int(steps)).map { start + Double($0) * step }
  }

  static func list(_ text: String) throws(UsageError) -> [Double] {
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingScalars(where: \.properties.isWhitespace))
    }
    guard !values.isEmpty, values.count <= CommandLineOptions.largestFrameCount,
      values.allSatisfy({ $0.map { $0 >= 0 && $0 < CommandLineOptions.latestTime } ?? false })
    else {
      throw UsageError(
        description:
          "\(Option.times): '\(text)' is not a list of times; give seconds from 0 to below "
          + "\(CommandLineOptions.latestTimeName) separated by commas, like 0,0.5,1.25")
    }
    return values.map { $0! }
  }
}
