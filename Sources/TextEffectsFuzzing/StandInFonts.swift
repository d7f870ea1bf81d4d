import TextEffects
import TextEffectsApp

/// Fonts without font files, for fuzzing without SDL: each cluster's width follows its first
/// scalar (so wrapping meets many widths), "AV" kerns, and the main font lacks some characters
/// that the fallback has, and some that neither has, so every path of the layout runs.
package struct StandInFonts: FontMetricsProvider {
  package static let fallbackFont = Font(design: .monospaced, weight: .bold, size: 13)

  package init() {}

  package func metrics(for font: Font) -> any FontMetrics {
    StandInMetrics(size: font.size, isFallback: font == Self.fallbackFont)
  }

  package func fallbacks(for font: Font) -> [Font] {
    font == Self.fallbackFont ? [] : [Self.fallbackFont]
  }
}

struct StandInMetrics: FontMetrics {
  let size: Double
  let isFallback: Bool

  var ascent: Double { size * (isFallback ? 0.7 : 0.8) }
  var descent: Double { size * 0.2 }
  var lineHeight: Double { size * 1.2 }

  func shape(
    _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
    script: ScriptTag, language: String?
  ) -> [ShapedGlyph] {
    shapeOneGlyphPerCharacter(paragraph, run: run, isRightToLeft: isRightToLeft) {
      character, next in
      let value = character.unicodeScalars.first?.value ?? 0
      let advance = size * (0.25 + Double(value % 13) / 16)
      return character == "A" && next == "V" ? advance - size * 0.1 : advance
    }
  }

  func covers(_ character: Character) -> Bool {
    let value = character.unicodeScalars.first?.value ?? 0
    return isFallback ? value % 49 != 0 : value % 7 != 0
  }
}
