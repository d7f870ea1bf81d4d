/// A paragraph shaped once, as one string: its pens, with each tab as wide as a tab can be (so
/// wrapping never lets a line run past the width), and each character's font.
struct ShapedParagraph {
  let start: Int
  let pens: [Double]
  let fonts: [Font]

  init(_ content: Range<Int>, of characters: [Character], shaper: RunShaper) {
    start = content.lowerBound
    var (pens, fonts) = shaper.shape(characters[content])
    var shift = 0.0
    for offset in 0..<content.count {
      pens[offset] += shift
      guard characters[content.lowerBound + offset].isTab else { continue }
      shift += shaper.widestTab - (pens[offset + 1] + shift - pens[offset])
    }
    pens[content.count] += shift
    self.pens = pens
    self.fonts = fonts
  }

  /// The pens of the line `content` (from 0 at its start) with its tabs moved to their stops,
  /// counted from the line's start, and its characters' fonts.
  func line(_ content: Range<Int>, of characters: [Character], shaper: RunShaper) -> (
    pens: [Double], fonts: [Font]
  ) {
    let first = content.lowerBound - start
    let origin = pens[first]
    var linePens = pens[first...(first + content.count)].map { $0 - origin }
    var shift = 0.0
    for offset in 0..<content.count {
      linePens[offset] += shift
      guard characters[content.lowerBound + offset].isTab else { continue }
      let nearest = linePens[offset] + shaper.narrowestTab
      let stop = ((nearest / shaper.tabInterval).rounded(.down) + 1) * shaper.tabInterval
      shift += stop - (linePens[offset + 1] + shift)
    }
    linePens[content.count] += shift
    return (linePens, Array(fonts[first..<(first + content.count)]))
  }
}

/// Shapes a line in its font, and the characters that font lacks in the fallback font, run by
/// run, into one row of pen positions.
struct RunShaper {
  let font: Font
  let metrics: any FontMetrics
  let fallback: (font: Font, metrics: any FontMetrics)?
  /// Tab stops fall every eight spaces' width, as in a terminal.
  let tabInterval: Double
  /// As CSS has it, a stop nearer than half a space is skipped, so a tab always shows as a gap.
  var narrowestTab: Double { tabInterval / 16 }
  var widestTab: Double { tabInterval + narrowestTab }

  init(font: Font, metrics: any FontMetrics, fallback: (font: Font, metrics: any FontMetrics)?) {
    self.font = font
    self.metrics = metrics
    self.fallback = fallback
    let space = metrics.penPositions(of: " ").last ?? 0
    tabInterval = 8 * (space > 0 ? space : font.size / 4)
  }

  /// Pen positions (count + 1) and each character's font.
  func shape(_ characters: ArraySlice<Character>) -> (pens: [Double], fonts: [Font]) {
    guard let fallback else {
      return (
        metrics.penPositions(of: String(characters)),
        Array(repeating: font, count: characters.count)
      )
    }
    // Blanks stay in the run they are in, so a fallback run does not split at each space.
    var fonts: [Font] = []
    fonts.reserveCapacity(characters.count)
    for character in characters {
      if character.isBlank {
        fonts.append(fonts.last ?? font)
      } else if !metrics.covers(character), fallback.metrics.covers(character) {
        fonts.append(fallback.font)
      } else {
        fonts.append(font)
      }
    }
    guard fonts.contains(fallback.font) else {
      return (metrics.penPositions(of: String(characters)), fonts)
    }
    var pens = [0.0]
    var start = characters.startIndex
    while start < characters.endIndex {
      let runFont = fonts[start - characters.startIndex]
      var end = start
      while end < characters.endIndex, fonts[end - characters.startIndex] == runFont { end += 1 }
      let runMetrics = runFont == font ? metrics : fallback.metrics
      let runPens = runMetrics.penPositions(of: String(characters[start..<end]))
      let origin = pens[pens.count - 1]
      pens += runPens.dropFirst().map { origin + $0 }
      start = end
    }
    return (pens, fonts)
  }

  /// How far down a glyph of `glyphFont` goes so its baseline meets the line's.
  func baselineShift(_ glyphFont: Font) -> Double {
    guard let fallback, glyphFont == fallback.font else { return 0 }
    return metrics.ascent - fallback.metrics.ascent
  }
}
