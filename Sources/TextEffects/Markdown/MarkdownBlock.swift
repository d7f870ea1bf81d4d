/// How a run of Markdown text is set: the styles its emphasis, code spans, links and
/// strikethrough give it.
package struct MarkdownStyle: OptionSet, Hashable, Sendable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }

  package static let bold = MarkdownStyle(rawValue: 1 << 0)
  package static let italic = MarkdownStyle(rawValue: 1 << 1)
  /// An inline code span: the monospaced face on a subtle background.
  package static let code = MarkdownStyle(rawValue: 1 << 2)
  package static let strikethrough = MarkdownStyle(rawValue: 1 << 3)
  /// A link's text: shown styled; the program follows no link.
  package static let link = MarkdownStyle(rawValue: 1 << 4)
}

/// Text in one style.
package struct MarkdownRun: Equatable, Sendable {
  package var text: String
  package var style: MarkdownStyle

  package init(_ text: String, _ style: MarkdownStyle = []) {
    self.text = text
    self.style = style
  }
}

/// One block of a Markdown document as it is drawn: its kind, its styled text, and the
/// containers it sits in (quotes, list items), outermost first.
package struct MarkdownBlock: Equatable, Sendable {
  package enum Kind: Equatable, Sendable {
    case paragraph
    /// `#` to `######`: level 1 to 6.
    case heading(level: Int)
    /// A fenced or indented code block; its info string's first word, if any.
    case code(language: String)
    case thematicBreak
    /// A table's row, its cells each a list of runs; the first row is the header.
    case tableRow(isHeader: Bool)
  }

  /// A container a block is nested in.
  package enum Container: Equatable, Sendable {
    case quote
    /// A list item, with the marker its first block shows ("•", "3.", "□" for a task, "✓" for a task done); nil on the
    /// item's later blocks.
    case item(marker: String?)
  }

  package var kind: Kind
  package var runs: [MarkdownRun]
  /// A table row's cells; empty for other blocks.
  package var cells: [[MarkdownRun]] = []
  package var containers: [Container] = []
  /// A table row's columns' alignments, as its delimiter row gives them.
  package var alignments: [TextAlignment] = []
  /// Whether it is among the footnotes at the document's end (their rule too): set smaller.
  package var isFootnote = false

  package init(
    _ kind: Kind, runs: [MarkdownRun], cells: [[MarkdownRun]] = [], containers: [Container] = []
  ) {
    self.kind = kind
    self.runs = runs
    self.cells = cells
    self.containers = containers
  }

  /// What shows of it, character by character with each one's style: the list markers, the
  /// text, a table's cells with a tab between them (none after its last cell with text). What a streamed answer shows must only
  /// ever grow into what the whole answer shows.
  package var shown: [(Character, MarkdownStyle)] {
    var shown: [(Character, MarkdownStyle)] = []
    for case .item(let marker?) in containers {
      shown += marker.map { ($0, []) } + [(" ", [])]
    }
    shown += MarkdownRun.characters(of: runs)
    // A row's empty cells at its end show nothing: its columns are the header's already.
    let filled = cells.lastIndex { !$0.isEmpty }.map { cells[...$0] } ?? []
    for (index, cell) in filled.enumerated() {
      if index > 0 { shown.append(("\t", [])) }
      shown += MarkdownRun.characters(of: cell)
    }
    return shown
  }
}

extension MarkdownBlock {
  /// How many characters it shows: ``shown``'s count, without making it (a stream counts
  /// its blocks each piece).
  package var shownCount: Int {
    var count = 0
    for case .item(let marker?) in containers { count += marker.count + 1 }
    count += MarkdownRun.characterCount(of: runs)
    let filled = cells.lastIndex { !$0.isEmpty }.map { cells[...$0] } ?? []
    for (index, cell) in filled.enumerated() {
      count += (index > 0 ? 1 : 0) + MarkdownRun.characterCount(of: cell)
    }
    return count
  }
}

extension MarkdownRun {
  /// How many characters `runs` show as one text (``characters(of:)``'s count).
  static func characterCount(of runs: [MarkdownRun]) -> Int {
    runs.count == 1 ? runs[0].text.count : runs.map(\.text).joined().count
  }

  /// The characters `runs` show as one text, each with the style of the run it starts in: a
  /// mark that starts a run joins the letter before it, as the text laid out joins them, so
  /// there is a character for each slice. Each keeps at most the scalars a shown text keeps
  /// (`DisplayText`): marks that cmark-gfm brought together from between delimiters
  /// (`a*\u{301}*\u{301}…`) make no character of thousands.
  static func characters(of runs: [MarkdownRun]) -> [(Character, MarkdownStyle)] {
    let limit = DisplayText.scalarsPerCharacter
    let text = runs.count == 1 ? runs[0].text : runs.map(\.text).joined()
    var characters: [(Character, MarkdownStyle)] = []
    var run = 0
    var runEnd = runs.first?.text.unicodeScalars.count ?? 0
    var scalar = 0
    for character in text {
      while scalar >= runEnd, run + 1 < runs.count {
        run += 1
        runEnd += runs[run].text.unicodeScalars.count
      }
      let scalars = character.unicodeScalars
      let kept =
        character.utf8.count <= limit || scalars.count <= limit
        ? character
        : Character(String(String.UnicodeScalarView(scalars.prefix(limit))))
      characters.append((kept, runs[run].style))
      scalar += scalars.count
    }
    return characters
  }
}
