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

  func penPositions(of text: String) -> [Double] {
    let characters = Array(text)
    var pens = [0.0]
    pens.reserveCapacity(characters.count + 1)
    for (index, character) in characters.enumerated() {
      let value = character.unicodeScalars.first?.value ?? 0
      var advance = size * (0.25 + Double(value % 13) / 16)
      if character == "A", index + 1 < characters.count, characters[index + 1] == "V" {
        advance -= size * 0.1
      }
      pens.append(pens[index] + advance)
    }
    return pens
  }

  func covers(_ character: Character) -> Bool {
    let value = character.unicodeScalars.first?.value ?? 0
    return isFallback ? value % 49 != 0 : value % 7 != 0
  }
}
