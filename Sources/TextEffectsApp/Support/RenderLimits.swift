import TextEffects

/// The bounds every way of asking for a frame keeps to (the command line, a suite, a trace), so
/// that every number that reaches SDL or a clock is one it takes.
package enum RenderLimits {
  /// The canvas when none is given, in points.
  package static let defaultSize = Size(width: 900, height: 600)
  /// A canvas side, in pixels once scaled.
  package static let largestSide = 8192.0
  package static let largestScale = 8.0
  /// Times stay below this (31 years of scene time), so every clock and label built from them
  /// keeps its digits and fits its integers.
  package static let latestTime = 1e9
  /// The limit as people write it, for messages.
  package static let latestTimeName = "1,000,000,000"
}
