/// One glyph of a shaped run, in points.
package struct ShapedGlyph: Sendable, Equatable {
  /// The glyph's index in its font.
  package var id: UInt32
  /// The code unit of the paragraph where the glyph's cluster starts: which character it draws.
  package var cluster: Int
  /// How far the pen moves past it.
  package var advance: Double
  /// From the pen to where the glyph is drawn; y grows downwards (a mark set above its base has
  /// a negative y).
  package var offset: Point
  /// The shaper cannot promise that text changed after this glyph's cluster starts leaves the
  /// glyphs before it as they are (HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT`): a paragraph
  /// that grows is shaped again from a cluster whose first glyph is clear of it.
  package var isUnsafeToConcat: Bool

  package init(
    id: UInt32, cluster: Int, advance: Double, offset: Point = .zero,
    isUnsafeToConcat: Bool = false
  ) {
    self.id = id
    self.cluster = cluster
    self.advance = advance
    self.offset = offset
    self.isUnsafeToConcat = isUnsafeToConcat
  }
}

/// What layout needs to know about a font, in points: its lines' measures, which characters it
/// has, and how it shapes a run.
package protocol FontMetrics {
  /// From the top of a line to its baseline.
  var ascent: Double { get }
  /// From the baseline to the bottom of a line (positive).
  var descent: Double { get }
  /// From one baseline to the next with no extra spacing.
  var lineHeight: Double { get }
  /// Whether the font has a glyph for every scalar of `character` that shows.
  func covers(_ character: Character) -> Bool
  /// The glyphs of code units `run` of `paragraph`, left to right as they show (so a run read
  /// right to left comes last glyph first), shaped as `script` in `language` (a BCP 47 tag, nil
  /// when unknown). The paragraph around the run is its context: an Arabic letter joins a
  /// neighbour in another run.
  func shape(
    _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
    script: ScriptTag, language: String?
  ) -> [ShapedGlyph]
}

extension FontMetrics {
  package func covers(_ character: Character) -> Bool { true }
}

/// Hands out the metrics of each font and finds a font for each character; the SDL layer's
/// implementation reads the bundled fonts and asks fontconfig for the rest.
package protocol FontMetricsProvider {
  func metrics(for font: Font) -> any FontMetrics
  /// The font that draws `character` (of `script`) in a text set in `font` for a reader of
  /// `language`: `font` when it has it, except that a cluster showing as emoji goes to an emoji
  /// font first; else a font that has it; else `font`, whose "missing" box holds its place.
  func font(for character: Character, script: ScriptTag, in font: Font, language: String?)
    -> Font
  /// The fonts tried, in order, for characters `font` lacks: what the default ``font(for:)``
  /// walks.
  func fallbacks(for font: Font) -> [Font]
  /// How many pixels a point is drawn as with these metrics.
  var pixelsPerPoint: Double { get }
}

extension FontMetricsProvider {
  package func fallbacks(for font: Font) -> [Font] { [] }
  package var pixelsPerPoint: Double { 1 }

  package func font(
    for character: Character, script: ScriptTag, in font: Font, language: String?
  ) -> Font {
    let fallbacks = fallbacks(for: font)
    if character.isEmojiPicture,
      let emoji = fallbacks.first(where: { $0.design == .emoji && $0.name == nil }),
      metrics(for: emoji).covers(character)
    {
      return emoji
    }
    if metrics(for: font).covers(character) { return font }
    return fallbacks.first { metrics(for: $0).covers(character) } ?? font
  }
}
