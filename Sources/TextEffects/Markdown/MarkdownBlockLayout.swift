// Sections: Blocks, Kinds, Containers, Styled text, Joining

/// One Markdown block laid out as the part of a document's layout it fills: its text in its
/// styles' fonts, its list markers hanging in their indent, its quotes' bars, its code
/// background, its table cells side by side, with the gap above it that the block before it
/// calls for.
///
/// A block's layout depends on the block and the one before it alone, so a document that
/// grows lays out again only from its first block that changed (`MarkdownStreamedLayout`).
/// Its characters are the block's `shown` characters, numbered from 0; its lines go down the
/// page in order, a table row being one line with its cells side by side.
enum MarkdownBlockLayout {
  /// Where the text's measures come from, with a layout context per font, each made once.
  final class Fonts {
    let fonts: any FontMetricsProvider
    let language: String?
    private var contexts: [Font: LayoutContext] = [:]

    init(fonts: any FontMetricsProvider, language: String?) {
      self.fonts = fonts
      self.language = language
    }

    func context(for font: Font) -> LayoutContext {
      if let known = contexts[font] { return known }
      let context = LayoutContext(font: font, fonts: fonts, language: language)
      contexts[font] = context
      return context
    }
  }

  /// What every block of a document is laid out with.
  struct Settings {
    var typography: MarkdownTypography
    var width: Double
    var lineSpacing: Double
    var fonts: Fonts
    var em: Double { typography.em }
  }

  // MARK: Blocks

  /// `block` laid out below `previous`, in the document's coordinates: the gap above it
  /// starts at `blockTop`, and its size's height is where it ends.
  ///
  /// A code block is laid out where it stands, line by line, so that one that grows
  /// (`MarkdownStreamedLayout`) lays its new lines out with the very sums, and lands on the
  /// very points, it would have whole.
  static func layOut(
    _ block: MarkdownBlock, after previous: MarkdownBlock?, top blockTop: Double,
    in settings: Settings
  ) -> TextLayout {
    var unused: ShapedParagraph?
    return layOut(block, after: previous, top: blockTop, in: settings, extending: &unused)
  }

  /// Lays out `block` as above; `shaped` is the last paragraph of text shaped for the block
  /// laid out before (the same block, with less text, as a stream grows it), whose glyphs
  /// are kept as far as its text and fonts are this one's, and then the last shaped for this.
  static func layOut(
    _ block: MarkdownBlock, after previous: MarkdownBlock?, top blockTop: Double,
    in settings: Settings, extending shaped: inout ShapedParagraph?
  ) -> TextLayout {
    let top = blockTop + gap(before: block, after: previous, in: settings)
    let room = Room(block, width: settings.width, typography: settings.typography)
    let content: TextLayout
    let origin: Point
    var isRightToLeft = false
    if case .code = block.kind {
      // A code block stands on the left whatever its text: code reads left to right.
      content = codeBlock(
        block.runs, font: settings.typography.font(of: block), x: room.left, top: top,
        width: room.width, in: settings)
      origin = .zero
    } else {
      content = self.content(of: block, width: room.width, in: settings, extending: &shaped)
      isRightToLeft = content.lines.first?.isRightToLeft ?? false
      origin = Point(x: isRightToLeft ? settings.width - room.left - room.width : room.left, y: top)
    }
    var laid = empty(settings)
    for (marker, end) in room.markers {
      let text = styledText(
        Array(marker + " ").map { ($0, []) }, font: settings.typography.font(of: block),
        width: nil, in: settings)
      let width = text.lines.first?.width ?? 0
      let gap = settings.typography.markerGap
      let x = isRightToLeft ? settings.width - end + gap : end - gap - width
      // On the text's first baseline.
      let y =
        origin.y + (content.lines.first?.baseline ?? text.ascent)
        - (text.lines.first?.baseline ?? text.ascent)
      append(text, at: Point(x: x, y: y), to: &laid)
    }
    let firstContentLine = laid.lines.count
    append(content, at: origin, to: &laid)
    for (depth, bar) in room.quoteBars {
      let barX =
        isRightToLeft ? settings.width - bar - settings.typography.quoteBarWidth : bar
      // A quote the block before was in too goes on through the gap, so it shows one bar.
      let continues =
        previous.map { $0.containers.prefix(depth + 1) == block.containers.prefix(depth + 1) }
        ?? false
      addBars(
        at: barX, from: firstContentLine, top: continues ? blockTop : top, to: &laid,
        in: settings)
    }
    laid.decorations.sort { $0.line < $1.line }
    laid.size = Size(width: settings.width, height: origin.y + content.size.height)
    return laid
  }

  /// The space between `previous` and `block`: none between a table's rows, a little between
  /// a list's items of one paragraph each, a block's gap elsewhere, none above the first.
  private static func gap(
    before block: MarkdownBlock, after previous: MarkdownBlock?, in settings: Settings
  ) -> Double {
    guard let previous else { return 0 }
    if case .tableRow = block.kind, case .tableRow = previous.kind { return 0 }
    if block.startsItem, previous.isInItem, block.kind == .paragraph,
      previous.kind == .paragraph
    {
      return settings.lineSpacing + settings.typography.itemGap
    }
    return settings.lineSpacing + settings.typography.blockGap
  }

  private static func empty(_ settings: Settings) -> TextLayout {
    TextLayout(
      font: settings.typography.body, lines: [], slices: [], size: .zero,
      ascent: settings.fonts.context(for: settings.typography.body).primary.ascent)
  }

  // MARK: Kinds

  /// The block's own text, laid out `width` wide from (0, 0), with its background or rules.
  private static func content(
    of block: MarkdownBlock, width: Double, in settings: Settings,
    extending shaped: inout ShapedParagraph?
  ) -> TextLayout {
    let font = settings.typography.font(of: block)
    switch block.kind {
    case .thematicBreak:
      var rule = empty(settings)
      let height = settings.em
      rule.lines.append(
        TextLayout.Line(
          slices: 0..<0, top: 0, baseline: height, height: height, minX: 0, width: width,
          isRightToLeft: false))
      let thickness = settings.typography.ruleThickness
      rule.decorations.append(
        TextDecoration(
          rect: Rect(x: 0, y: (height - thickness) / 2, width: width, height: thickness),
          line: 0, characterIndex: 0, alpha: 0.25))
      rule.size = Size(width: width, height: height)
      return rule
    case .tableRow(let isHeader):
      return tableRow(block, isHeader: isHeader, font: font, width: width, in: settings)
    case .paragraph, .heading, .code:
      return styledText(
        MarkdownRun.characters(of: block.runs), font: font, width: width, in: settings,
        extending: &shaped)
    }
  }

  /// A code block `width` wide at (`x`, `top`): its text inside a padded background, drawn
  /// line by line so that a view that shows some of its lines shows their background; each
  /// line's band reaches the next line's top, the first and last the padding. Its size's
  /// height is where it ends.
  private static func codeBlock(
    _ runs: [MarkdownRun], font: Font, x: Double, top: Double, width: Double,
    in settings: Settings
  ) -> TextLayout {
    let pad = settings.typography.codePadding
    var block = empty(settings)
    codeLines(
      runs.map(\.text).joined()[...], font: font, at: Point(x: x + pad, y: top + pad),
      width: max(width - 2 * pad, settings.em), into: &block, in: settings)
    let bottom = (block.lines.last.map { $0.top + $0.height } ?? top) + pad
    addCodeBands(from: 0, blockTop: top, bottom: bottom, x: x, width: width, to: &block)
    block.size = Size(width: width, height: bottom)
    return block
  }

  /// Lays out code's lines from `origin` down, one after another, each `width` wide; a line
  /// starts `lineSpacing` below the bottom of the one before.
  static func codeLines(
    _ code: Substring, font: Font, at origin: Point, width: Double,
    into layout: inout TextLayout, in settings: Settings
  ) {
    var top = origin.y
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      // Its text is code already: no span's background behind it.
      var part = styledText(line.map { ($0, []) }, font: font, width: width, in: settings)
      if index < lines.count - 1, let last = part.lines.last {
        // The line feed that ends it, as a laid-out text gives one.
        part.slices.append(
          TextLayout.Slice(
            text: "\n", characterIndex: part.slices.endIndex,
            origin: Point(x: last.isRightToLeft ? last.minX : last.minX + last.width, y: last.top),
            advance: 0, font: font, isBlank: true, glyphs: .none,
            isRightToLeft: last.isRightToLeft))
        part.lines[part.lines.count - 1].slices = last.slices.lowerBound..<part.slices.endIndex
      }
      append(part, at: Point(x: origin.x, y: top), to: &layout)
      if let last = layout.lines.last { top = last.top + last.height + settings.lineSpacing }
    }
  }

  /// The background of code's lines from `first` on: each line's band from its top (the
  /// block's, for the block's first line) to the next line's top, the last to `bottom`.
  static func addCodeBands(
    from first: Int, blockTop: Double?, bottom: Double, x: Double, width: Double,
    to layout: inout TextLayout
  ) {
    for index in first..<layout.lines.count {
      let line = layout.lines[index]
      let start = index == first ? blockTop ?? line.top : line.top
      let end = index + 1 < layout.lines.count ? layout.lines[index + 1].top : bottom
      layout.decorations.append(
        TextDecoration(
          rect: Rect(x: x, y: start, width: width, height: end - start), line: index,
          characterIndex: line.slices.lowerBound, alpha: 0.08))
    }
  }

  /// A table's row: its cells in columns of equal width (a streamed table's columns never
  /// move as its rows arrive), the first at the left, one line as tall as its tallest cell, ruled below, the
  /// header's rule darker. A tab stands between two cells, as `shown` has it.
  private static func tableRow(
    _ block: MarkdownBlock, isHeader: Bool, font: Font, width: Double, in settings: Settings
  ) -> TextLayout {
    let cells = block.cells
    var row = empty(settings)
    let columns = max(cells.count, 1)
    let column = width / Double(columns)
    let pad = settings.typography.cellPadding
    let filled = cells.lastIndex { !$0.isEmpty }.map { cells[...$0] } ?? []
    var height = settings.fonts.context(for: font).primary.lineHeight
    for (index, cell) in filled.enumerated() {
      if index > 0 {
        append(tab(font: font, at: Point(x: Double(index) * column, y: 0)), at: .zero, to: &row)
      }
      let text = styledText(
        MarkdownRun.characters(of: cell), font: font, width: max(column - 2 * pad, settings.em),
        alignment: index < block.alignments.count ? block.alignments[index] : .leading,
        in: settings)
      // Columns go left to right, as a browser sets a table without `dir`; a cell that
      // reads right to left stands at its column's right.
      append(text, at: Point(x: Double(index) * column + pad, y: pad / 2), to: &row)
      height = max(height, text.size.height)
    }
    height += pad
    let first = row.lines.first
    row.lines = [
      TextLayout.Line(
        slices: 0..<row.slices.count, top: 0, baseline: first?.baseline ?? height,
        height: height, minX: 0, width: width, isRightToLeft: first?.isRightToLeft ?? false)
    ]
    for index in row.decorations.indices { row.decorations[index].line = 0 }
    let thickness = settings.typography.ruleThickness * (isHeader ? 2 : 1)
    row.decorations.append(
      TextDecoration(
        rect: Rect(x: 0, y: height - thickness, width: width, height: thickness), line: 0,
        characterIndex: 0, alpha: isHeader ? 0.35 : 0.15))
    row.size = Size(width: width, height: height)
    return row
  }

  /// The blank slice of a tab between two cells, on their row.
  private static func tab(font: Font, at origin: Point) -> TextLayout {
    TextLayout(
      font: font,
      lines: [
        TextLayout.Line(
          slices: 0..<1, top: 0, baseline: 0, height: 0, minX: origin.x, width: 0,
          isRightToLeft: false)
      ],
      slices: [
        TextLayout.Slice(
          text: "\t", characterIndex: 0, origin: origin, advance: 0, font: font, isBlank: true,
          glyphs: .none, isRightToLeft: false)
      ], size: .zero, ascent: 0)
  }

  // MARK: Containers

  /// The room a block's containers leave it: how far its text stands in, the markers its
  /// items show with where each ends (where its item's text starts), and where its quotes'
  /// bars stand, all from the side its lines start on.
  struct Room {
    var left = 0.0
    var width: Double
    var markers: [(String, Double)] = []
    /// Each quote's depth among the containers, and where its bar stands.
    var quoteBars: [(depth: Int, x: Double)] = []

    init(_ block: MarkdownBlock, width: Double, typography: MarkdownTypography) {
      for (depth, container) in block.containers.enumerated() {
        switch container {
        case .quote:
          quoteBars.append((depth, left))
          left += typography.quoteIndent
        case .item(let marker):
          left += typography.listIndent
          if let marker { markers.append((marker, left)) }
        }
      }
      // However deep, a block keeps room for a few characters.
      left = min(left, max(width - 4 * typography.em, 0))
      self.width = max(width - left, typography.em)
    }
  }

  /// A quote's bar beside each line from `firstLine` on, each reaching the next line's top,
  /// the first from `top`.
  static func addBars(
    at x: Double, from firstLine: Int, top: Double, to laid: inout TextLayout,
    in settings: Settings
  ) {
    let lines = laid.lines
    guard firstLine < lines.count else { return }
    let bottom = laid.lines.last.map { $0.top + $0.height } ?? 0
    for index in firstLine..<lines.count {
      let line = lines[index]
      let start = index == firstLine ? top : line.top
      let end = index + 1 < lines.count ? lines[index + 1].top : bottom
      laid.decorations.append(
        TextDecoration(
          rect: Rect(
            x: x, y: start, width: settings.typography.quoteBarWidth,
            height: max(end, line.top + line.height) - start),
          line: index, characterIndex: line.slices.lowerBound, alpha: 0.3))
    }
  }

  // MARK: Styled text

  /// `characters` laid out `width` wide (unwrapped when nil) with their lines placed by
  /// `alignment`, each in the font its style
  /// gives it inside `font`, with a background behind code, a line through struck text and
  /// a line under a link's.
  static func styledText(
    _ characters: [(Character, MarkdownStyle)], font: Font, width: Double?,
    alignment: TextAlignment = .leading, in settings: Settings
  ) -> TextLayout {
    var unused: ShapedParagraph?
    return styledText(
      characters, font: font, width: width, alignment: alignment, in: settings,
      extending: &unused)
  }

  /// Styled text as above, extending `shaped` (see `TextLayout`'s `lastParagraph`).
  private static func styledText(
    _ characters: [(Character, MarkdownStyle)], font: Font, width: Double?,
    alignment: TextAlignment = .leading, in settings: Settings,
    extending shaped: inout ShapedParagraph?
  ) -> TextLayout {
    let typography = settings.typography
    let context = settings.fonts.context(for: font)
    var styleFonts: [MarkdownStyle: Font] = [:]
    let styles = characters.map { _, style in
      if let known = styleFonts[style] { return known }
      let styled = typography.font(for: style, in: font)
      styleFonts[style] = styled
      return styled
    }
    var text = TextLayout(
      text: String(characters.map(\.0)), context: context, width: width,
      alignment: alignment, lineSpacing: settings.lineSpacing, direction: .firstStrong,
      fillsWidth: width != nil,
      styles: styles, lastParagraph: &shaped)
    for (number, line) in text.lines.enumerated() {
      for (style, alpha) in [(MarkdownStyle.code, 0.1), (.strikethrough, 1), (.link, 0.5)] {
        var index = line.slices.lowerBound
        while index < line.slices.upperBound {
          guard characters[index].1.contains(style) else {
            index += 1
            continue
          }
          var end = index + 1
          while end < line.slices.upperBound, characters[end].1.contains(style) { end += 1 }
          let slices = text.slices[index..<end]
          let left = slices.map(\.origin.x).min() ?? 0
          let right = slices.map { $0.origin.x + $0.advance }.max() ?? 0
          let size = styles[index].size
          let rect: Rect
          var radius = 0.0
          switch style {
          case .code:
            let metrics = settings.fonts.fonts.metrics(for: styles[index])
            let pad = 0.2 * size
            rect = Rect(
              x: left - pad, y: line.baseline - metrics.ascent,
              width: right - left + 2 * pad, height: metrics.ascent + metrics.descent)
            radius = 0.3 * size
          case .strikethrough:
            rect = Rect(
              x: left, y: line.baseline - 0.3 * size - typography.ruleThickness / 2,
              width: right - left, height: typography.ruleThickness)
          default:
            rect = Rect(
              x: left, y: line.baseline + 0.12 * size, width: right - left,
              height: typography.ruleThickness)
          }
          text.decorations.append(
            TextDecoration(
              rect: rect, line: number, characterIndex: index, alpha: alpha,
              cornerRadius: radius))
          index = end
        }
      }
    }
    return text
  }

  // MARK: Joining

  /// Appends `part`, moved by `origin`, after `layout`'s slices, lines and decorations: its
  /// characters numbered after `layout`'s.
  static func append(_ part: TextLayout, at origin: Point, to layout: inout TextLayout) {
    let slices = layout.slices.endIndex
    let lines = layout.lines.count
    for var slice in part.slices {
      slice.characterIndex += slices
      slice.origin = slice.origin + origin
      layout.slices.append(slice)
    }
    for var line in part.lines {
      line.slices = (line.slices.lowerBound + slices)..<(line.slices.upperBound + slices)
      line.top += origin.y
      line.baseline += origin.y
      line.minX += origin.x
      layout.lines.append(line)
    }
    for var decoration in part.decorations {
      decoration.line += lines
      decoration.characterIndex += slices
      decoration.rect.origin = decoration.rect.origin + origin
      layout.decorations.append(decoration)
    }
  }
}

extension MarkdownBlock {
  /// It is inside a list's item.
  var isInItem: Bool {
    containers.contains { if case .item = $0 { true } else { false } }
  }

  /// It is the first block of an item, which shows the item's marker.
  var startsItem: Bool {
    containers.contains { if case .item(.some) = $0 { true } else { false } }
  }
}
