/// A Markdown answer laid out as it grows: read from its last top-level block on
/// (`MarkdownStream`) and laid out again only from its first block that changed, so a piece
/// costs the block it changes, not the answer.
///
/// The text is completed first (`MarkdownCompletion`): an open `**` is already bold, an open
/// fence already code, so nothing jumps when its end arrives. Its characters are the blocks'
/// `shown` characters (no `**`, no `#`, a marker for each item): the streaming front counts
/// those, so it sweeps over what a person sees.
package struct MarkdownStreamedLayout {
  /// The answer laid out so far.
  package private(set) var layout: TextLayout
  /// The first line the last ``grow(to:)`` changed.
  package private(set) var firstChangedLine = 0
  private let settings: MarkdownBlockLayout.Settings
  private let language: String?
  /// The answer as read so far.
  private var stream = MarkdownStream()
  /// The blocks laid out, and where each starts in `layout`.
  private var blocks: [MarkdownBlock] = []
  private var starts: [(line: Int, slice: Int, decoration: Int, top: Double)] = []

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

  /// Lays out the Markdown `text`, which holds the text laid out so far and more after it.
  package mutating func grow(to text: Substring) {
    let read = stream.read(text)
    show(read.blocks, after: read.unchanged)
  }

  /// Lays out `text` as ``grow(to:)-(Substring)`` does.
  package mutating func grow(to text: String) {
    grow(to: text[...])
  }

  /// Shows `new` in place of the blocks shown from `unchanged` on: those it has as they were
  /// stay as laid.
  private mutating func show(_ new: [MarkdownBlock], after unchanged: Int) {
    let same = zip(blocks[min(unchanged, blocks.count)...], new).prefix { $0 == $1 }.count
    let kept = unchanged + same
    let start =
      kept < starts.count
      ? starts[kept]
      : (
        layout.lines.count, layout.slices.count, layout.decorations.count,
        layout.size.height
      )
    layout.lines.removeSubrange(start.line...)
    layout.slices.removeSubrange(start.slice...)
    layout.decorations.removeSubrange(start.decoration...)
    blocks.removeSubrange(kept...)
    starts.removeSubrange(kept...)
    firstChangedLine = start.line
    var top = start.top
    for block in new[same...] {
      starts.append((layout.lines.count, layout.slices.count, layout.decorations.count, top))
      let laid = MarkdownBlockLayout.layOut(block, after: blocks.last, in: settings)
      MarkdownBlockLayout.append(laid, at: Point(x: 0, y: top), to: &layout)
      top += laid.size.height
      blocks.append(block)
    }
    layout.size = Size(width: settings.width, height: top)
  }
}

extension TextLayout {
  /// Lays out the Markdown `markdown` as its blocks show (see `MarkdownStreamedLayout`).
  package init(
    markdown: String, font: Font, fonts: any FontMetricsProvider, width: Double,
    lineSpacing: Double = 0, language: String? = nil
  ) {
    var layout = MarkdownStreamedLayout(
      font: font, fonts: fonts, width: width, lineSpacing: lineSpacing, language: language)
    layout.grow(to: markdown)
    self = layout.layout
  }
}
