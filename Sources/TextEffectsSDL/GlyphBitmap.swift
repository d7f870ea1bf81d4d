/// A glyph's bitmap as FreeType rasterised it: ARGB pixels (white with the coverage as alpha, or
/// an emoji's own colours), and where it stands from the pen on the baseline.
package struct GlyphBitmap {
  package var width: Int32
  package var rows: Int32
  /// From the pen to the bitmap's left edge, in pixels.
  package var left: Int32
  /// From the baseline up to the bitmap's top edge, in pixels.
  package var top: Int32
  package var isColour: Bool
  /// `width × rows` pixels, row by row.
  package var pixels: [UInt32]
}
