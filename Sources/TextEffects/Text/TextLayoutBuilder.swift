/// How lines sit inside a layout's box, as SwiftUI's `multilineTextAlignment`.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
  /// Lines start at the left edge.
  case leading
  /// Lines are centred.
  case center
  /// Lines end at the right edge.
  case trailing
}

extension TextLayout {
  /// Lays out `text` in `font`: hard breaks at newlines, greedy word wrapping to `width` (none
  /// when nil), lines aligned within the widest one, and `lineSpacing` points between lines.
  ///
  /// A word wider than `width` breaks between its characters instead of running past the edge.
  /// Each paragraph is shaped as one string and each slice placed where the shaping puts its
  /// character, so kerning matches SDL2_ttf drawing the line whole. A tab moves the pen to the
  /// next stop, every eight spaces' width from the start of its line.
  ///
  /// Characters `font` lacks go to the first of the `fallbacks` that has them, in runs of their
  /// own, on the same baseline, and emoji to an emoji font first; characters none has keep the
  /// font's own "missing" box, which holds their place.
  package init(
    text: String, font: Font, metrics: any FontMetrics, width: Double? = nil,
    alignment: TextAlignment = .leading, lineSpacing: Double = 0,
    fallbacks: [(font: Font, metrics: any FontMetrics)] = []
  ) {
    let characters = Array(text)
    let shaper = RunShaper(font: font, metrics: metrics, fallbacks: fallbacks)
    let (ranges, paragraphs) = Self.lineRanges(of: characters, width: width, shaper: shaper)

    var slices: [Slice] = []
    slices.reserveCapacity(characters.count)
    var lines: [Line] = []
    lines.reserveCapacity(ranges.count)
    for (number, (range, paragraph)) in ranges.enumerated() {
      let top = Double(number) * (metrics.lineHeight + lineSpacing)
      let hasBreak = range.last.map { characters[$0].isLineBreak } ?? false
      let content = range.lowerBound..<(range.upperBound - (hasBreak ? 1 : 0))
      let (pens, fonts) = paragraphs[paragraph].line(content, of: characters, shaper: shaper)
      var inkedWidth = 0.0
      let first = slices.count
      for offset in 0..<content.count {
        let index = content.lowerBound + offset
        let isBlank = characters[index].isBlank
        if !isBlank { inkedWidth = pens[offset + 1] }
        slices.append(
          Slice(
            text: String(characters[index]), characterIndex: index,
            origin: Point(x: pens[offset], y: top + shaper.baselineShift(fonts[offset])),
            advance: pens[offset + 1] - pens[offset], font: fonts[offset], isBlank: isBlank))
      }
      if hasBreak {
        slices.append(
          Slice(
            text: String(characters[content.upperBound]), characterIndex: content.upperBound,
            origin: Point(x: pens[content.count], y: top), advance: 0, font: font,
            isBlank: true))
      }
      let sliceRange = first..<slices.count
      lines.append(
        Line(
          runs: Self.runs(of: slices, in: sliceRange),
          slices: sliceRange, top: top, baseline: top + metrics.ascent,
          height: metrics.lineHeight, minX: 0, width: inkedWidth))
    }

    let boxWidth = lines.map(\.width).max() ?? 0
    for number in lines.indices {
      let shift: Double
      switch alignment {
      case .leading: shift = 0
      case .center: shift = (boxWidth - lines[number].width) / 2
      case .trailing: shift = boxWidth - lines[number].width
      }
      guard shift != 0 else { continue }
      lines[number].minX = shift
      for index in lines[number].slices { slices[index].origin.x += shift }
    }

    let lineCount = Double(lines.count)
    self.init(
      font: font, lines: lines, slices: slices,
      size: Size(
        width: boxWidth,
        height: lineCount * metrics.lineHeight + max(lineCount - 1, 0) * lineSpacing))
  }

  /// The character ranges of the lines, each with the index of its paragraph: a line holds
  /// its trailing spaces and its line break.
  ///
  /// Each paragraph is shaped once, and its lines take their pens from that shaping; a run's
  /// width is the difference of two pen positions.
  static func lineRanges(
    of characters: [Character], width: Double?, shaper: RunShaper
  ) -> (lines: [(range: Range<Int>, paragraph: Int)], paragraphs: [ShapedParagraph]) {
    var lines: [(range: Range<Int>, paragraph: Int)] = []
    var paragraphs: [ShapedParagraph] = []
    var paragraphStart = 0
    while true {
      let breakIndex = characters[paragraphStart...].firstIndex(where: \.isLineBreak)
      let content = paragraphStart..<(breakIndex ?? characters.count)
      let shaped = ShapedParagraph(content, of: characters, shaper: shaper)
      let measure = { (range: Range<Int>) -> Double in
        shaped.pens[range.upperBound - content.lowerBound]
          - shaped.pens[range.lowerBound - content.lowerBound]
      }
      var paragraph = wrap(content, of: characters, width: width, measure: measure)
      if let breakIndex {
        let last = paragraph.count - 1
        paragraph[last] = paragraph[last].lowerBound..<(breakIndex + 1)
      }
      lines += paragraph.map { ($0, paragraphs.count) }
      paragraphs.append(shaped)
      guard let breakIndex else { return (lines, paragraphs) }
      paragraphStart = breakIndex + 1
    }
  }

  /// Consecutive slices in one font.
  private static func runs(of slices: [Slice], in range: Range<Int>) -> [Run] {
    var runs: [Run] = []
    for index in range {
      if let last = runs.last, last.font == slices[index].font {
        runs[runs.count - 1].slices = last.slices.lowerBound..<(index + 1)
      } else {
        runs.append(Run(font: slices[index].font, slices: index..<(index + 1)))
      }
    }
    return runs
  }

  /// Greedy wrapping of one paragraph: as many words on a line as fit, a break after spaces.
  private static func wrap(
    _ paragraph: Range<Int>, of characters: [Character], width: Double?,
    measure: (Range<Int>) -> Double
  ) -> [Range<Int>] {
    guard let width, !paragraph.isEmpty else { return [paragraph] }
    let isSpace = { (index: Int) in
      characters[index].isBlank && !characters[index].isLineBreak
    }
    var ranges: [Range<Int>] = []
    var lineStart = paragraph.lowerBound
    // Each word is found once: a word of thousands of characters breaks into many lines, and
    // looking for its end again on each would cost its length squared.
    var cursor = lineStart
    while cursor < paragraph.upperBound {
      let wordEnd = (cursor..<paragraph.upperBound).first(where: isSpace) ?? paragraph.upperBound
      let nextWord =
        (wordEnd..<paragraph.upperBound).first(where: { !isSpace($0) }) ?? paragraph.upperBound
      if measure(lineStart..<wordEnd) > width {
        if cursor > lineStart {
          ranges.append(lineStart..<cursor)
          lineStart = cursor
        }
        while lineStart < wordEnd, measure(lineStart..<wordEnd) > width {
          let fitEnd = longestFit(from: lineStart, upTo: wordEnd, width: width, measure: measure)
          ranges.append(lineStart..<fitEnd)
          lineStart = fitEnd
        }
      }
      cursor = nextWord
    }
    if lineStart < paragraph.upperBound || ranges.isEmpty {
      ranges.append(lineStart..<paragraph.upperBound)
    }
    return ranges
  }

  /// The end of the longest run from `start` that fits in `width`, at least one character, found
  /// by bisection since a longer prefix is never narrower.
  private static func longestFit(
    from start: Int, upTo end: Int, width: Double, measure: (Range<Int>) -> Double
  ) -> Int {
    var low = start + 1
    var high = end
    while low < high {
      let middle = (low + high + 1) / 2
      if measure(start..<middle) <= width { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
