/// A Markdown answer laid out as it grows: the blocks its reader (`MarkdownStream`) gives
/// are laid out again only from the first that changed, so a piece costs the block it
/// changes, not the answer.
///
/// Its characters are the blocks' `shown` characters (no `**`, no `#`, a marker for each
/// item): the streaming front counts those, so it sweeps over what a person sees.
package struct MarkdownStreamedLayout {
  /// The answer laid out so far.
  package private(set) var layout: TextLayout
  /// The first line the last ``grow(to:)`` changed.
  package private(set) var firstChangedLine = 0
  private let settings: MarkdownBlockLayout.Settings
  private let language: String?
  /// The blocks laid out, and where each starts in `layout`.
  private var blocks: [MarkdownBlock] = []
  private var starts: [(line: Int, slice: Int, decoration: Int, top: Double)] = []
  /// How many of `blocks` the reader had settled when last shown: they never change.
  private var settledBlocks = 0
  /// The last paragraph of text shaped for the last block: the block grown by a piece is
  /// shaped again only from where the piece can reach.
  private var lastShaped: ShapedParagraph?

  /// An empty answer in `font`, `width` wide with `lineSpacing` between lines, read as
  /// `language` is.
  package init(
    font: Font, fonts: any FontMetricsProvider, width: Double, lineSpacing: Double = 0,
    language: String? = nil
  ) {
    self.language = language
    settings = MarkdownBlockLayout.Settings(
      typography: MarkdownTypography(body: font), width: width, lineSpacing: lineSpacing,
      fonts: MarkdownBlockLayout.Fonts(fonts: fonts, language: language))
    layout = TextLayout(
      font: font, lines: [], slices: [], size: Size(width: width, height: 0),
      ascent: settings.fonts.context(for: font).primary.ascent)
  }

  /// Whether `font`, `width`, `lineSpacing` and `language` are the ones it lays out with.
  package func lays(font: Font, width: Double, lineSpacing: Double, language: String?) -> Bool {
    settings.typography.body == font && settings.width == width
      && settings.lineSpacing == lineSpacing && self.language == language
  }

  /// Lays out the blocks `stream` has read, of which the first `unchanged` are as they were
  /// when it was last shown: only the blocks after those are compared with what is laid out.
  package mutating func show(_ stream: MarkdownStream, unchanged: Int) {
    let settled = stream.settled
    let unchanged = min(unchanged, settled.count)
    show(Array(settled[unchanged...]) + stream.open, after: unchanged)
    settledBlocks = settled.count
  }

  /// How many lines, from the first, show blocks the reader has settled: no text added later
  /// changes them.
  package var settledLines: Int {
    settledBlocks < starts.count ? starts[settledBlocks].line : layout.lines.count
  }

  /// Lets go of the slices of the settled blocks' lines that end above `top`, keeping the
  /// lines: see ``TextLayout/Slices``. Blocks the reader has yet to settle keep theirs, as the
  /// next piece may lay them again.
  package mutating func forgetSlices(above top: Double) {
    let limit = settledBlocks < starts.count ? starts[settledBlocks].slice : layout.slices.endIndex
    layout.forgetSlices(above: top, keepingFrom: limit)
  }

  /// Shows `new` in place of the blocks shown from `unchanged` on: those it has as they were
  /// stay as laid.
  private mutating func show(_ new: [MarkdownBlock], after unchanged: Int) {
    let same = zip(blocks[min(unchanged, blocks.count)...], new).prefix { $0 == $1 }.count
    let kept = unchanged + same
    // A block whose slices were let go of changed (the reader started again for an earlier
    // time): the answer is laid out again from its start.
    if kept < starts.count, starts[kept].slice < layout.slices.startIndex {
      let all = Array(blocks[..<min(unchanged, blocks.count)]) + new
      layout = TextLayout(
        font: layout.font, lines: [], slices: [], size: Size(width: settings.width, height: 0),
        ascent: layout.ascent)
      blocks = []
      starts = []
      lastShaped = nil
      show(all, after: 0)
      firstChangedLine = 0
      return
    }
    // The last block, a code block that grew, grows in place.
    if kept == blocks.count - 1, same == new.count - 1, growCode(to: new[same]) { return }
    let start =
      kept < starts.count
      ? starts[kept]
      : (
        layout.lines.count, layout.slices.endIndex, layout.decorations.count,
        layout.size.height
      )
    let old = Laid(
      lines: Array(layout.lines[start.line...]), slices: Array(layout.slices[start.slice...]),
      decorations: Array(layout.decorations[start.decoration...]))
    layout.lines.removeSubrange(start.line...)
    layout.slices.removeSubrange(start.slice...)
    layout.decorations.removeSubrange(start.decoration...)
    blocks.removeSubrange(kept...)
    starts.removeSubrange(kept...)
    var top = start.top
    for index in new.indices.dropFirst(same) {
      let block = new[index]
      starts.append((layout.lines.count, layout.slices.endIndex, layout.decorations.count, top))
      var shaped = index == new.count - 1 ? lastShaped : nil
      let laid = MarkdownBlockLayout.layOut(
        block, after: blocks.last, top: top, in: settings, extending: &shaped)
      if index == new.count - 1 { lastShaped = shaped }
      MarkdownBlockLayout.append(laid, at: .zero, to: &layout)
      top = laid.size.height
      blocks.append(block)
    }
    layout.size = Size(width: settings.width, height: top)
    firstChangedLine = start.line + linesAlike(old, from: start)
  }
}

extension MarkdownStreamedLayout {
  /// Lines, slices and decorations laid out from a block's start, as they were.
  private struct Laid {
    var lines: [TextLayout.Line]
    var slices: [TextLayout.Slice]
    var decorations: [TextDecoration]
  }

  /// How many lines from `start` came out as `old` had them, with the same slices and
  /// decorations: a block laid again (the last paragraph, grown by a piece) usually changes
  /// only its last lines, and a frame repeats those before.
  private func linesAlike(
    _ old: Laid, from start: (line: Int, slice: Int, decoration: Int, top: Double)
  ) -> Int {
    var alike = 0
    while alike < old.lines.count, start.line + alike < layout.lines.count {
      let line = layout.lines[start.line + alike]
      let slices = (line.slices.lowerBound - start.slice)..<(line.slices.upperBound - start.slice)
      guard line == old.lines[alike], layout.slices[line.slices].elementsEqual(old.slices[slices])
      else { break }
      alike += 1
    }
    // A decoration goes with a line: the first that differs changes its line.
    let new = layout.decorations[start.decoration...]
    if let differing = zip(old.decorations, new).first(where: { $0 != $1 }) {
      alike = min(alike, min(differing.0.line, differing.1.line) - start.line)
    } else if old.decorations.count != new.count {
      let extra =
        old.decorations.count > new.count
        ? old.decorations[new.count] : new[new.startIndex + old.decorations.count]
      alike = min(alike, extra.line - start.line)
    }
    return max(alike, 0)
  }

  /// Grows the last block, a code block, to `block`, the same code with more after it: its
  /// lines up to its last line break stay, and only its last line on is laid out again. So a
  /// long code block (a log piped in a fence) costs a piece its last line, not the block.
  /// False, having changed nothing, when `block` is not that.
  fileprivate mutating func growCode(to block: MarkdownBlock) -> Bool {
    guard let old = blocks.last, case .code = old.kind, old.kind == block.kind,
      old.containers == block.containers, let oldText = old.runs.first?.text,
      let newText = block.runs.first?.text, let lastBreak = oldText.lastIndex(of: "\n"),
      let start = starts.last
    else { return false }
    let settledCode = oldText[...lastBreak]
    guard newText.utf8.starts(with: settledCode.utf8) else { return false }
    // The line the old code's last line starts on: the block's last to follow a line break.
    guard
      let cut = (start.line + 1..<layout.lines.count).last(where: { line in
        let first = layout.lines[line].slices.lowerBound
        return first > start.slice && layout.slices[first - 1].text == "\n"
      })
    else { return false }
    let top = layout.lines[cut].top
    layout.lines.removeSubrange(cut...)
    layout.slices.removeSubrange(layout.lines[cut - 1].slices.upperBound...)
    let decorations = layout.decorations.partitioningIndex { $0.line >= cut }
    layout.decorations.removeSubrange(decorations...)
    let typography = settings.typography
    let room = MarkdownBlockLayout.Room(block, width: settings.width, typography: typography)
    let pad = typography.codePadding
    let rest = Substring(newText.utf8.dropFirst(settledCode.utf8.count))
    MarkdownBlockLayout.codeLines(
      rest, font: typography.font(of: block), at: Point(x: room.left + pad, y: top),
      width: max(room.width - 2 * pad, typography.em), into: &layout, in: settings)
    // The background and the quotes' bars of the lines laid again, as the block's own.
    let bottom = (layout.lines.last.map { $0.top + $0.height } ?? top) + pad
    MarkdownBlockLayout.addCodeBands(
      from: cut, blockTop: nil, bottom: bottom, x: room.left, width: room.width, to: &layout)
    for (_, bar) in room.quoteBars {
      MarkdownBlockLayout.addBars(at: bar, from: cut, top: top, to: &layout, in: settings)
    }
    layout.decorations[decorations...].sort { $0.line < $1.line }
    blocks[blocks.count - 1] = block
    firstChangedLine = cut
    layout.size = Size(width: settings.width, height: bottom)
    return true
  }
}

extension TextLayout {
  /// Lays out the Markdown `markdown`, a whole document, as its blocks show (see
  /// `MarkdownStreamedLayout`).
  package init(
    markdown: String, font: Font, fonts: any FontMetricsProvider, width: Double,
    lineSpacing: Double = 0, language: String? = nil
  ) {
    var stream = MarkdownStream()
    stream.finish(markdown[...])
    var layout = MarkdownStreamedLayout(
      font: font, fonts: fonts, width: width, lineSpacing: lineSpacing, language: language)
    layout.show(stream, unchanged: 0)
    self = layout.layout
  }
}
