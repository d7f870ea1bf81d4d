/// How lines sit inside a layout's box, as SwiftUI's `multilineTextAlignment`.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
  /// Lines start where their paragraph starts: at the left, or at the right for a paragraph
  /// that reads right to left.
  case leading
  /// Lines are centred.
  case center
  /// Lines end at the other side from their start.
  case trailing

  /// How far along the room a line moves: 0 keeps it at the left, 1 takes it to the right.
  package func share(isRightToLeft: Bool) -> Double {
    switch self {
    case .leading: isRightToLeft ? 1 : 0
    case .center: 0.5
    case .trailing: isRightToLeft ? 0 : 1
    }
  }
}

extension TextLayout {
  /// Lays out `text` in `font` for a reader of `language` (a BCP 47 tag): hard breaks at
  /// newlines, lines wrapped greedily to `width` (none when nil) where Unicode's line breaking
  /// lets them end, each paragraph in its own direction, lines aligned within the widest one,
  /// and `lineSpacing` points between lines.
  ///
  /// A stretch wider than `width` with no break in it breaks between its characters instead of
  /// running past the edge. Each paragraph is shaped once, run by run (`ShapedParagraph`), and
  /// its lines take their widths and glyphs from that shaping. A tab moves the pen to the next
  /// stop, every eight spaces' width from the start of its line.
  ///
  /// Characters `font` lacks go to the font `fonts` finds for them, on the same baseline; a line
  /// that holds a taller font grows to fit it. Characters no font has keep the font's own
  /// "missing" box, which holds their place.
  ///
  /// A paragraph reads in the direction its first strong character says, as a text's natural
  /// direction does; `direction` sets it instead (the conformance tests give each case's).
  ///
  /// With `fillsWidth`, the box is `width` wide however short the lines, as a SwiftUI text given
  /// a frame of that width: each paragraph's lines then start on its own side of the whole
  /// width, so an Arabic paragraph stands at the right of a column whose other paragraphs are
  /// English. Without it the box hugs the widest line (a bubble sized to its text).
  package init(
    text: String, font: Font, fonts: any FontMetricsProvider, width: Double? = nil,
    alignment: TextAlignment = .leading, lineSpacing: Double = 0, language: String? = nil,
    direction: BidiParagraph.BaseDirection = .firstStrong, fillsWidth: Bool = false
  ) {
    var unused: ShapedParagraph?
    self.init(
      text: text, context: LayoutContext(font: font, fonts: fonts, language: language),
      width: width, alignment: alignment, lineSpacing: lineSpacing, direction: direction,
      fillsWidth: fillsWidth, lastParagraph: &unused)
  }

  /// Lays out `text` as above with the fonts and line breaker of `context`. `lastParagraph`
  /// gives the last paragraph shaped: passed in again with the same text and more after it, it
  /// is shaped again only where the new text can reach (a stream's open paragraph). `styles`
  /// sets each character in a font of its own (Markdown's runs); a line holds the tallest.
  init(
    text: String, context: LayoutContext, width: Double?, alignment: TextAlignment = .leading,
    lineSpacing: Double, direction: BidiParagraph.BaseDirection, fillsWidth: Bool,
    styles: [Font]? = nil, lastParagraph: inout ShapedParagraph?
  ) {
    let shaped = ShapedText(
      text, context: context, direction: direction, styles: styles, extending: lastParagraph)
    lastParagraph = shaped.paragraphs.last
    self.init(
      shaped, context: context, width: width, alignment: alignment, lineSpacing: lineSpacing,
      fillsWidth: fillsWidth)
  }

  /// Lays out text already shaped: its paragraphs' lines broken at `width` and placed. The
  /// shaping does not depend on the width, so a text laid out again at another width (a
  /// window resized) is only broken into lines again (``Typesetter`` keeps the shaping).
  init(
    _ shaped: ShapedText, context: LayoutContext, width: Double?,
    alignment: TextAlignment = .leading, lineSpacing: Double, fillsWidth: Bool
  ) {
    let font = context.font
    let characters = shaped.characters
    let wrapWidth = width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    var slices: [Slice] = []
    slices.reserveCapacity(characters.count)
    var lines: [Line] = []
    var extraHeight = 0.0
    for paragraph in shaped.paragraphs {
      let breakIndex =
        paragraph.range.upperBound < characters.count ? paragraph.range.upperBound : nil
      let ranges = paragraph.lines(width: wrapWidth)
      for (number, range) in ranges.enumerated() {
        let top = Double(lines.count) * (context.primary.lineHeight + lineSpacing) + extraHeight
        var line = Self.place(
          range, of: paragraph, characters: characters, top: top, context: context,
          into: &slices)
        if number == ranges.count - 1, let breakIndex {
          slices.append(
            Slice(
              text: String(characters[breakIndex]), characterIndex: breakIndex,
              origin: Point(x: line.breakX, y: top), advance: 0, font: font, isBlank: true,
              glyphs: .none, isRightToLeft: paragraph.isRightToLeft))
          line.line.slices = line.line.slices.lowerBound..<slices.count
        }
        extraHeight += line.line.height - context.primary.lineHeight
        lines.append(line.line)
      }
    }

    let widest = lines.map(\.width).max() ?? 0
    let boxWidth = fillsWidth ? max(widest, wrapWidth ?? 0) : widest
    for number in lines.indices {
      let line = lines[number]
      let shift =
        (boxWidth - line.width) * alignment.share(isRightToLeft: line.isRightToLeft) - line.minX
      guard shift != 0 else { continue }
      lines[number].minX += shift
      for index in line.slices { slices[index].origin.x += shift }
    }

    let lineCount = Double(lines.count)
    self.init(
      font: font, lines: lines, slices: Slices(slices),
      size: Size(
        width: boxWidth,
        height: lineCount * context.primary.lineHeight + extraHeight
          + max(lineCount - 1, 0) * lineSpacing),
      ascent: context.primary.ascent)
  }

  /// Places the characters `range` of `paragraph` as one line whose box starts at `top`,
  /// appending their slices: each run where it shows, left to right, a run read right to left
  /// from its last character. The line's ink starts at x = 0 (alignment moves it after); its
  /// trailing spaces hang past its end, on the side its paragraph ends. Also returns where the
  /// line's break character, if any, stands: past everything on the line, at its end.
  private static func place(
    _ range: Range<Int>, of paragraph: ShapedParagraph, characters: [Character], top: Double,
    context: LayoutContext, into slices: inout [Slice]
  ) -> (line: Line, breakX: Double) {
    var lefts = Array(repeating: 0.0, count: range.count)
    var widths = Array(repeating: 0.0, count: range.count)
    var pen = 0.0
    for run in paragraph.visualRuns(of: range) {
      let characters = run.characters
      for step in 0..<characters.count {
        let offset =
          run.isRightToLeft ? characters.upperBound - 1 - step : characters.lowerBound + step
        var advance = paragraph.advances[offset]
        if paragraph.isTab(offset) {
          let nearest = pen + context.narrowestTab
          let stop = ((nearest / context.tabInterval).rounded(.down) + 1) * context.tabInterval
          advance = stop - pen
        }
        lefts[offset - range.lowerBound] = pen
        widths[offset - range.lowerBound] = advance
        pen += advance
      }
    }
    // The ink: every character but the trailing blanks.
    let inked = range.lastIndex { !paragraph.isBlank($0) }
    var inkMin = Double.infinity
    var inkMax = -Double.infinity
    for offset in range.lowerBound..<((inked ?? range.lowerBound - 1) + 1) {
      inkMin = min(inkMin, lefts[offset - range.lowerBound])
      inkMax = max(inkMax, lefts[offset - range.lowerBound] + widths[offset - range.lowerBound])
    }
    if inked == nil {
      inkMin = paragraph.isRightToLeft ? pen : 0
      inkMax = inkMin
    }

    var ascent = context.primary.ascent
    var descent = context.primary.descent
    for offset in range where paragraph.fonts[offset] != context.font {
      let metrics = context.metrics(for: paragraph.fonts[offset])
      ascent = max(ascent, metrics.ascent)
      descent = max(descent, metrics.descent)
    }
    let gap = context.primary.lineHeight - context.primary.ascent - context.primary.descent
    let height = max(context.primary.lineHeight, ascent + descent + gap)
    let baseline = top + ascent

    let first = slices.count
    for offset in range {
      let index = paragraph.range.lowerBound + offset
      let font = paragraph.fonts[offset]
      let fontAscent =
        font == context.font ? context.primary.ascent : context.metrics(for: font).ascent
      slices.append(
        Slice(
          text: String(characters[index]), characterIndex: index,
          origin: Point(x: lefts[offset - range.lowerBound] - inkMin, y: baseline - fontAscent),
          advance: widths[offset - range.lowerBound], font: font,
          isBlank: characters[index].isBlank, glyphs: paragraph.glyphs[offset],
          isRightToLeft: paragraph.isRightToLeft(offset)))
    }
    let line = Line(
      slices: first..<slices.count, top: top, baseline: baseline, height: height, minX: 0,
      width: inkMax - inkMin, isRightToLeft: paragraph.isRightToLeft)
    return (line, (paragraph.isRightToLeft ? 0 : pen) - inkMin)
  }
}
