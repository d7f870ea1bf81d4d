import TextEffects
import TextEffectsFuzzing

/// A monospaced stand-in for a real font: every character 10 points wide, lines 12 tall, and one
/// kerning pair ("AV" 2 points tighter) to show that layout measures runs, not lone glyphs.
package struct FakeMonospaceMetrics: FontMetrics, FontMetricsProvider {
  package init() {}

  package var ascent: Double { 9 }
  package var descent: Double { 3 }
  package var lineHeight: Double { 12 }

  /// Kerning shortens the first glyph of the pair, as HarfBuzz does.
  package func shape(
    _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
    script: ScriptTag, language: String?
  ) -> [ShapedGlyph] {
    shapeOneGlyphPerCharacter(paragraph, run: run, isRightToLeft: isRightToLeft) {
      $0 == "A" && $1 == "V" ? 8 : 10
    }
  }

  package func metrics(for font: Font) -> any FontMetrics { self }
}

/// Fonts as a test sets them up: the text's, and the fallbacks tried in order for what it
/// lacks (an emoji font among them goes first for emoji).
package struct FixedFonts: FontMetricsProvider {
  /// The metrics of `testFont`, the text's.
  package var primary: any FontMetrics
  package var others: [(font: Font, metrics: any FontMetrics)] = []

  package init(primary: any FontMetrics, others: [(font: Font, metrics: any FontMetrics)] = []) {
    self.primary = primary
    self.others = others
  }

  package func metrics(for font: Font) -> any FontMetrics {
    font == testFont ? primary : others.first { $0.font == font }?.metrics ?? primary
  }

  package func fallbacks(for font: Font) -> [Font] { others.map(\.font) }
}

/// Shapes with one glyph per character, each as wide as `width` says.
package func shapeEach(
  _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
  width: Double
) -> [ShapedGlyph] {
  shapeOneGlyphPerCharacter(paragraph, run: run, isRightToLeft: isRightToLeft) { _, _ in width }
}

package let testFont = Font(design: .monospaced, weight: .regular, size: 10)

package func layout(
  _ text: String, width: Double? = nil, alignment: TextAlignment = .leading,
  lineSpacing: Double = 0
) -> TextLayout {
  TextLayout(
    text: text, font: testFont, fonts: FakeMonospaceMetrics(), width: width,
    alignment: alignment, lineSpacing: lineSpacing)
}

/// The text of each line, without its trailing line break.
package func lineTexts(_ layout: TextLayout) -> [String] {
  layout.lines.map { line in
    line.slices.map { layout.slices[$0].text }.joined().trimmingNewline()
  }
}

extension String {
  package func trimmingNewline() -> String {
    last?.isNewline == true ? String(dropLast()) : self
  }
}

/// The stand-in font, counting what it shapes: the runs (each a call to the shaper) and their
/// code units, the work a layout does for each character it lays out.
package final class CountingMetrics: FontMetrics, FontMetricsProvider, @unchecked Sendable {
  private let metrics = FakeMonospaceMetrics()
  /// Runs shaped.
  package var shapings = 0
  /// Code units shaped.
  package var shapedUnits = 0
  package var ascent: Double { metrics.ascent }
  package var descent: Double { metrics.descent }
  package var lineHeight: Double { metrics.lineHeight }

  package init() {}

  package func shape(
    _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
    script: ScriptTag, language: String?
  ) -> [ShapedGlyph] {
    shapings += 1
    shapedUnits += run.count
    return metrics.shape(
      paragraph, run: run, isRightToLeft: isRightToLeft, script: script, language: language)
  }

  package func metrics(for font: Font) -> any FontMetrics { self }
}
