import TextEffects

/// A monospaced stand-in for a real font: every character 10 points wide, lines 12 tall, and one
/// kerning pair ("AV" 2 points tighter) to show that layout measures strings, not glyphs.
struct FakeMonospaceMetrics: FontMetrics, FontMetricsProvider {
  var ascent: Double { 9 }
  var descent: Double { 3 }
  var lineHeight: Double { 12 }

  /// Kerning shortens the first glyph of the pair, as HarfBuzz does.
  func penPositions(of text: String) -> [Double] {
    let characters = Array(text)
    var pens = [0.0]
    for (index, character) in characters.enumerated() {
      let kerned = character == "A" && index + 1 < characters.count && characters[index + 1] == "V"
      pens.append(pens[index] + (kerned ? 8 : 10))
    }
    return pens
  }

  func metrics(for font: Font) -> any FontMetrics { self }
}

let testFont = Font(design: .monospaced, weight: .regular, size: 10)

func layout(
  _ text: String, width: Double? = nil, alignment: TextAlignment = .leading,
  lineSpacing: Double = 0
) -> TextLayout {
  TextLayout(
    text: text, font: testFont, metrics: FakeMonospaceMetrics(), width: width,
    alignment: alignment, lineSpacing: lineSpacing)
}

/// The text of each line, without its trailing line break.
func lineTexts(_ layout: TextLayout) -> [String] {
  layout.lines.map { line in
    line.slices.map { layout.slices[$0].text }.joined().trimmingNewline()
  }
}

extension String {
  func trimmingNewline() -> String {
    last?.isNewline == true ? String(dropLast()) : self
  }
}
