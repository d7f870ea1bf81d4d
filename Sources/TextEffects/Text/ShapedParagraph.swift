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

/// Shapes a line in its font, and the characters that font lacks in the fallback fonts, run by
/// run, into one row of pen positions.
struct RunShaper {
  let font: Font
  let metrics: any FontMetrics
  let fallbacks: [(font: Font, metrics: any FontMetrics)]
  /// The emoji font among the fallbacks, if one: emoji go to it before the line's own font.
  let emojiFallback: (font: Font, metrics: any FontMetrics)?
  /// Tab stops fall every eight spaces' width, as in a terminal.
  let tabInterval: Double
  /// As CSS has it, a stop nearer than half a space is skipped, so a tab always shows as a gap.
  var narrowestTab: Double { tabInterval / 16 }
  var widestTab: Double { tabInterval + narrowestTab }

  init(font: Font, metrics: any FontMetrics, fallbacks: [(font: Font, metrics: any FontMetrics)]) {
    self.font = font
    self.metrics = metrics
    self.fallbacks = fallbacks
    emojiFallback = fallbacks.first { $0.font.design == .emoji }
    let space = metrics.penPositions(of: " ").last ?? 0
    tabInterval = 8 * (space > 0 ? space : font.size / 4)
  }

  /// The font that draws `character`: an emoji font first for a cluster that shows as emoji,
  /// then the line's font, then the other fallbacks; the line's font when none has it.
  private func font(for character: Character) -> Font {
    if let emoji = emojiFallback, character.isEmojiPicture, emoji.metrics.covers(character) {
      return emoji.font
    }
    if metrics.covers(character) { return font }
    return fallbacks.first { $0.metrics.covers(character) }?.font ?? font
  }

  private func metrics(of runFont: Font) -> any FontMetrics {
    runFont == font ? metrics : fallbacks.first { $0.font == runFont }?.metrics ?? metrics
  }

  /// Pen positions (count + 1) and each character's font.
  func shape(_ characters: ArraySlice<Character>) -> (pens: [Double], fonts: [Font]) {
    guard !fallbacks.isEmpty else {
      return (
        metrics.penPositions(of: String(characters)),
        Array(repeating: font, count: characters.count)
      )
    }
    // Blanks stay in the run they are in, so a fallback run does not split at each space; but
    // not in an emoji run, whose font's space is as wide as an emoji.
    var fonts: [Font] = []
    fonts.reserveCapacity(characters.count)
    for character in characters {
      guard character.isBlank else {
        fonts.append(font(for: character))
        continue
      }
      let previous = fonts.last ?? font
      fonts.append(previous.design == .emoji ? font : previous)
    }
    guard fonts.contains(where: { $0 != font }) else {
      return (metrics.penPositions(of: String(characters)), fonts)
    }
    var pens = [0.0]
    var start = characters.startIndex
    while start < characters.endIndex {
      let runFont = fonts[start - characters.startIndex]
      var end = start
      while end < characters.endIndex, fonts[end - characters.startIndex] == runFont { end += 1 }
      let runPens = metrics(of: runFont).penPositions(of: String(characters[start..<end]))
      let origin = pens[pens.count - 1]
      pens += runPens.dropFirst().map { origin + $0 }
      start = end
    }
    return (pens, fonts)
  }

  /// How far down a glyph of `glyphFont` goes so its baseline meets the line's.
  func baselineShift(_ glyphFont: Font) -> Double {
    guard glyphFont != font else { return 0 }
    return metrics.ascent - metrics(of: glyphFont).ascent
  }
}
