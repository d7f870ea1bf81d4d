/// What layout needs to know about a font, in points.
///
/// Widths come from whole strings rather than single glyphs, so that kerning and shaping match
/// how the glyphs are drawn (SDL2_ttf shapes a string with HarfBuzz before it measures it).
public protocol FontMetrics {
  /// From the top of a line to its baseline.
  var ascent: Double { get }
  /// From the baseline to the bottom of a line (positive).
  var descent: Double { get }
  /// From one baseline to the next with no extra spacing.
  var lineHeight: Double { get }
  /// The pen advance of `text` drawn as one shaped string.
  func width(of text: String) -> Double
}

/// Hands out the metrics of each font; the SDL layer's implementation reads the bundled fonts.
public protocol FontMetricsProvider {
  func metrics(for font: Font) -> any FontMetrics
}
