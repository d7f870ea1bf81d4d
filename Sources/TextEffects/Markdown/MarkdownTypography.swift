/// How Markdown is set around a body font: every size, gap and indent is a share of the body's
/// em, so a document looks the same at every text size and zoom.
///
/// The shares are GitHub's, a little tightened for a chat column: headings from 1.5 em down to
/// the body's size, in bold and semibold; code in the monospaced design at 0.875 em (GitHub's
/// 85 %, rounded to an eighth) on a faint background; lists indented 1.6 em with their markers
/// hanging in the indent; a quote 1 em in behind a bar.
package struct MarkdownTypography: Hashable, Sendable {
  /// The paragraphs' font.
  package var body: Font

  package init(body: Font) {
    self.body = body
  }

  /// The body's em, in points.
  var em: Double { body.size }

  /// A heading's size, as a share of the body's, by level (1 to 6).
  static let headingScales = [1.5, 1.3, 1.15, 1, 1, 1]
  /// Code's size, as a share of the text around it.
  static let codeScale = 0.875

  /// The space above a block, below the one before it.
  var blockGap: Double { 0.75 * em }
  /// The space between two items of a list, each of one short block.
  var itemGap: Double { 0.25 * em }
  /// How far a list's items stand in from the text around the list.
  var listIndent: Double { 1.6 * em }
  /// How far a marker stands before its item's text.
  var markerGap: Double { 0.4 * em }
  /// How far a quote stands in, its bar at the start of that room.
  var quoteIndent: Double { 1 * em }
  var quoteBarWidth: Double { 0.2 * em }
  /// The room around a code block's text, inside its background.
  var codePadding: Double { 0.6 * em }
  /// How far a table's cells stand in from their column's sides.
  var cellPadding: Double { 0.4 * em }
  /// How thick a rule is: a thematic break's, a table's, a struck word's line.
  var ruleThickness: Double { max(0.06 * em, 0.5) }

  /// A footnote's size, as a share of the body's: GitHub's 12 points to 16.
  static let footnoteScale = 0.75

  /// The font a block's text is set in: the body's, a heading's, or code's; a footnote's
  /// smaller.
  func font(of block: MarkdownBlock) -> Font {
    var font = body
    if block.isFootnote { font.size *= Self.footnoteScale }
    switch block.kind {
    case .heading(let level):
      font.size *= Self.headingScales[min(max(level, 1), 6) - 1]
      font.weight = level <= 2 ? .bold : .semibold
    case .code:
      font = code(in: font)
    case .tableRow(isHeader: true):
      font.weight = .semibold
    case .paragraph, .thematicBreak, .tableRow:
      break
    }
    return font
  }

  /// The font of text in `style` inside a block set in `block`.
  func font(for style: MarkdownStyle, in block: Font) -> Font {
    var font = style.contains(.code) ? code(in: block) : block
    if style.contains(.bold) { font.weight = bolder(font.weight) }
    if style.contains(.italic) { font.isItalic = true }
    return font
  }

  /// The monospaced design a little smaller; text already in it (a code block's) stays as it
  /// is.
  private func code(in font: Font) -> Font {
    guard font.design != .monospaced || font.name != nil else { return font }
    var code = font
    code.design = .monospaced
    code.name = nil
    code.size = font.size * Self.codeScale
    return code
  }

  /// Bold text in a block already heavy (a heading) stays as heavy as bold can be.
  private func bolder(_ weight: FontWeight) -> FontWeight {
    weight.rawValue >= FontWeight.bold.rawValue ? weight : .bold
  }
}
