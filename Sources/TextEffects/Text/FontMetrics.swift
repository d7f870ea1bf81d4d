/// What layout needs to know about a font, in points.
///
/// Positions come from shaping a whole string rather than adding single-glyph advances, so
/// kerning matches how the glyphs are drawn (SDL2_ttf shapes a string with HarfBuzz).
package protocol FontMetrics {
  /// From the top of a line to its baseline.
  var ascent: Double { get }
  /// From the baseline to the bottom of a line (positive).
  var descent: Double { get }
  /// From one baseline to the next with no extra spacing.
  var lineHeight: Double { get }
  /// Where the pen stands before each character of `text` (grapheme clusters) when the text is
  /// shaped as one string, and after the last: `text.count + 1` values, starting at 0.
  func penPositions(of text: String) -> [Double]
  /// Whether the font has a glyph for every scalar of `character` that shows.
  func covers(_ character: Character) -> Bool
}

extension FontMetrics {
  package func covers(_ character: Character) -> Bool { true }
}

/// Hands out the metrics of each font; the SDL layer's implementation reads the bundled fonts.
package protocol FontMetricsProvider {
  func metrics(for font: Font) -> any FontMetrics
  /// The fonts to try, in order, for characters `font` lacks; an emoji font among them is
  /// tried first for the clusters that show as emoji.
  func fallbacks(for font: Font) -> [Font]
}

extension FontMetricsProvider {
  package func fallbacks(for font: Font) -> [Font] { [] }

  /// The fallbacks with their metrics, as layout takes them.
  package func measuredFallbacks(for font: Font) -> [(font: Font, metrics: any FontMetrics)] {
    fallbacks(for: font).map { ($0, metrics(for: $0)) }
  }
}
