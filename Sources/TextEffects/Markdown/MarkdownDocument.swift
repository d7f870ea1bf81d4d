import CCmark

// Sections: The document, Blocks, Inlines

// MARK: The document

/// A Markdown document as the blocks it draws, read by cmark-gfm (the reference parser GitHub
/// runs) with GitHub's extensions: tables, task lists, strikethrough, bare links and footnotes
/// (gathered at the end, as cmark-gfm moves them). Raw HTML is shown as the text it is. cmark-gfm reads in time linear in the text, so hostile
/// Markdown (deep nesting, long emphasis runs) costs what plain text of its length does.
package struct MarkdownDocument: Equatable, Sendable {
  package var blocks: [MarkdownBlock]
  /// Where its last top-level block (a paragraph, a whole list, a whole quote) starts: its
  /// first line, counted from 1, and the index of its first block; nil for a document of one
  /// top-level block or none. Text added at the end can change that block, never one before
  /// it (bar a link reference defined after its use): `MarkdownStream` reads on from there.
  package private(set) var lastTopLevel: TopLevelStart?
  /// The lines (counted from 1) of each footnote's definition it shows, where the text wrote
  /// them: a stream carries the settled ones into its later reads.
  package private(set) var footnoteLines: [ClosedRange<Int>] = []

  /// Where a top-level block starts.
  package struct TopLevelStart: Equatable, Sendable {
    package var line: Int
    package var block: Int
  }

  /// The blocks of `text`, parsed whole. One parse at a time in the process: cmark-gfm keeps
  /// the characters its extensions look for (`~`, `|`) in one table for every parser, and a
  /// parser that ends takes them out while another is reading (cmark-gfm's open pull request
  /// 176); two streams parsed at once lost their strikethrough in the tests.
  /// Of its footnotes, only the first `notesShown` show (a stream's preamble refers to the
  /// rest to keep them: `MarkdownFootnotes`).
  package init(parsing text: String, notesShown: Int = .max) {
    (blocks, lastTopLevel, footnoteLines) = withMarkdownTree(of: text, footnotes: true) { root in
      var reader = BlockReader(notesShown: notesShown)
      reader.read(root)
      // The root's last child but the footnotes moved after it, when it has another before it
      // that ends on a line before its first. A table that takes a paragraph's last line as
      // its header says it starts where the paragraph did, and leaves the paragraph at line 0
      // (cmark-gfm's table extension): the two settle together, later.
      let last = Self.previousBlock(before: nil, under: root)
      guard let last, let previous = Self.previousBlock(before: last, under: root),
        case let end = cmark_node_get_end_line(previous),
        end >= 1, end < cmark_node_get_start_line(last)
      else {
        return (reader.blocks, nil, reader.footnoteLines)
      }
      return (
        reader.blocks,
        TopLevelStart(
          line: Int(cmark_node_get_start_line(last)), block: reader.lastTopLevelBlock),
        reader.footnoteLines
      )
    }
  }

  /// The root's child before `node` (its last when nil) that is no footnote.
  private static func previousBlock(before node: OpaquePointer?, under root: OpaquePointer?)
    -> OpaquePointer?
  {
    var child = node.map(cmark_node_previous) ?? cmark_node_last_child(root)
    while let current = child, cmark_node_get_type(current) == CMARK_NODE_FOOTNOTE_DEFINITION {
      child = cmark_node_previous(current)
    }
    return child
  }
}

extension MarkdownDocument {
  /// Read as if its first `count` lines were not there: they held only definitions and
  /// notes, which show nothing there, read before a stream's text to resolve its references.
  mutating func dropLines(_ count: Int) {
    guard count > 0 else { return }
    footnoteLines = footnoteLines.compactMap {
      $0.lowerBound > count ? ($0.lowerBound - count)...($0.upperBound - count) : nil
    }
    guard let last = lastTopLevel else { return }
    lastTopLevel =
      last.line - count > 1 ? TopLevelStart(line: last.line - count, block: last.block) : nil
  }
}

/// `body`'s answer for cmark-gfm's tree of `text`, with GitHub's extensions (and its
/// footnotes, when asked: they move to the tree's end), which is freed after it.
func withMarkdownTree<Answer>(
  of text: String, footnotes: Bool = false, _ body: (OpaquePointer?) -> Answer
) -> Answer {
  _ = extensionsRegistered
  parsing.lock()
  defer { parsing.unlock() }
  let parser = cmark_parser_new(footnotes ? CMARK_OPT_FOOTNOTES : CMARK_OPT_DEFAULT)
  defer { cmark_parser_free(parser) }
  for name in ["table", "strikethrough", "tasklist", "autolink"] {
    if let syntax = cmark_find_syntax_extension(name) {
      cmark_parser_attach_syntax_extension(parser, syntax)
    }
  }
  var bytes = Array(text.utf8)
  bytes.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
      cmark_parser_feed(parser, $0, buffer.count)
    }
  }
  let root = cmark_parser_finish(parser)
  defer { cmark_node_free(root) }
  return body(root)
}

/// Held while cmark-gfm parses: see `MarkdownDocument.init(parsing:)`.
private let parsing = Lock()

/// cmark-gfm's extensions register once per process, and its registration is not safe to
/// run twice at once: a global is made once, whichever thread asks first.
private let extensionsRegistered: Void = cmark_gfm_core_extensions_ensure_registered()

// MARK: Blocks

/// Walks cmark-gfm's tree into blocks, each with the containers it sits in, with cmark's own
/// iterator rather than recursion: 100,000 nested quotes or emphases must not overflow the
/// stack. Containers deeper than `deepest` are drawn at that depth, and not kept.
private struct BlockReader {
  static let deepest = 32
  /// How many footnotes show: the first.
  private let notesShown: Int
  var blocks: [MarkdownBlock] = []
  private var containers: [MarkdownBlock.Container] = []
  /// Per open list: its kind, the next number, and how deep it sits among lists.
  private var lists: [(ordered: Bool, delimiter: String, number: Int, depth: Int)] = []
  /// Per open item: whether it is kept among the containers, the first block it holds, and
  /// its marker.
  private var items: [(kept: Bool, firstBlock: Int, marker: String)] = []
  /// Per open quote: whether it is kept.
  private var quotes: [Bool] = []
  /// The footnote open (its first block and whether it is kept), and how many came before.
  private var footnote: (firstBlock: Int, kept: Bool)?
  private var footnotes = 0

  /// The index of the first block of the root's last child read that is no footnote.
  private(set) var lastTopLevelBlock = 0
  /// The lines of each footnote read.
  private(set) var footnoteLines: [ClosedRange<Int>] = []

  init(notesShown: Int) {
    self.notesShown = notesShown
  }

  mutating func read(_ root: OpaquePointer?) {
    let iterator = cmark_iter_new(root)
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { return }
      let entering = event == CMARK_EVENT_ENTER
      if entering, cmark_node_parent(node) == root,
        cmark_node_get_type(node) != CMARK_NODE_FOOTNOTE_DEFINITION
      {
        lastTopLevelBlock = blocks.count
      }
      switch cmark_node_get_type(node) {
      case CMARK_NODE_FOOTNOTE_DEFINITION:
        entering ? enterFootnote() : exitFootnote(node)
      case CMARK_NODE_BLOCK_QUOTE:
        if entering {
          quotes.append(containers.count < Self.deepest)
          if quotes.last == true { containers.append(.quote) }
        } else if quotes.popLast() == true {
          containers.removeLast()
        }
      case CMARK_NODE_LIST:
        if entering {
          lists.append(
            (
              cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
              cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : ".",
              Int(cmark_node_get_list_start(node)), lists.count
            ))
        } else {
          lists.removeLast()
        }
      case CMARK_NODE_ITEM:
        entering ? enterItem(node) : exitItem()
      case CMARK_NODE_PARAGRAPH where entering:
        add(.paragraph, runs: InlineReader.runs(of: node))
        cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
      case CMARK_NODE_HEADING where entering:
        add(
          .heading(level: Int(cmark_node_get_heading_level(node))),
          runs: InlineReader.runs(of: node))
        cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
      case CMARK_NODE_CODE_BLOCK:
        let info = string(cmark_node_get_fence_info(node))
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        let code = literal(node)
        add(.code(language: language), runs: code.isEmpty ? [] : [MarkdownRun(code, .code)])
      case CMARK_NODE_HTML_BLOCK:
        add(.paragraph, runs: [MarkdownRun(literal(node))])
      case CMARK_NODE_THEMATIC_BREAK:
        add(.thematicBreak, runs: [])
      default:
        if entering, string(cmark_node_get_type_string(node)) == "table" {
          readTable(node)
          cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
        }
      }
    }
  }

  private mutating func add(
    _ kind: MarkdownBlock.Kind, runs: [MarkdownRun], cells: [[MarkdownRun]] = []
  ) {
    var block = MarkdownBlock(kind, runs: runs, cells: cells, containers: containers)
    block.isFootnote = footnote != nil
    blocks.append(block)
  }

  /// A footnote, which cmark-gfm moved to the end in the order the notes are first referred
  /// to: an item of a numbered list, as GitHub shows it.
  private mutating func enterFootnote() {
    let kept = containers.count < Self.deepest
    footnote = (blocks.count, kept)
    if kept { containers.append(.item(marker: nil)) }
  }

  /// The footnote's number on its first block, and GitHub's "↩" back to its reference at the
  /// end of its last paragraph; the first footnote shown has a rule above it. A note with
  /// nothing in it (written so far) shows nothing.
  private mutating func exitFootnote(_ node: OpaquePointer) {
    guard let (first, kept) = footnote else { return }
    footnote = nil
    footnotes += 1
    if kept { containers.removeLast() }
    footnoteLines.append(
      Int(cmark_node_get_start_line(node))...Int(cmark_node_get_end_line(node)))
    guard footnotes <= notesShown else {
      blocks.removeSubrange(first...)
      return
    }
    guard first < blocks.count else { return }
    if kept { blocks[first].containers[containers.count] = .item(marker: "\(footnotes).") }
    if blocks[blocks.count - 1].kind == .paragraph {
      let last = blocks.count - 1
      if blocks[last].runs.last?.style == [] {
        blocks[last].runs[blocks[last].runs.count - 1].text += " "
      } else {
        blocks[last].runs.append(MarkdownRun(" "))
      }
      blocks[last].runs.append(MarkdownRun("↩", .link))
    }
    if !blocks.contains(where: { $0.isFootnote && $0.kind == .thematicBreak }) {
      var rule = MarkdownBlock(.thematicBreak, runs: [], containers: containers)
      rule.isFootnote = true
      blocks.insert(rule, at: first)
    }
  }

  /// An item's marker: a bullet (a disc, then a circle a level deeper), its number, or a
  /// task's box, a tick once done (both in Inter, so no system font draws them). Only the
  /// item's first block shows it.
  private mutating func enterItem(_ node: OpaquePointer) {
    var marker = "•"
    if let list = lists.last {
      marker = list.ordered ? "\(list.number)\(list.delimiter)" : list.depth % 2 == 0 ? "•" : "◦"
      lists[lists.count - 1].number += 1
    }
    if string(cmark_node_get_type_string(node)) == "tasklist" {
      marker = cmark_gfm_extensions_get_tasklist_item_checked(node) ? "✓" : "□"
    }
    let kept = containers.count < Self.deepest
    items.append((kept, blocks.count, marker))
    if kept { containers.append(.item(marker: nil)) }
  }

  private mutating func exitItem() {
    guard let item = items.popLast() else { return }
    guard item.kept else { return }
    let level = containers.count - 1
    if item.firstBlock < blocks.count {
      blocks[item.firstBlock].containers[level] = .item(marker: item.marker)
    } else {
      // An item with nothing in it yet still shows its marker.
      blocks.append(
        MarkdownBlock(
          .paragraph, runs: [],
          containers: Array(containers.dropLast()) + [.item(marker: item.marker)]))
    }
    containers.removeLast()
  }

  private mutating func readTable(_ table: OpaquePointer) {
    // Each column's alignment from its delimiter: 'l' `:--`, 'c' `:-:`, 'r' `--:`, 0 none.
    let columns = Int(cmark_gfm_extensions_get_table_columns(table))
    let marks = cmark_gfm_extensions_get_table_alignments(table)
    let alignments = (0..<columns).map { column -> TextAlignment in
      switch marks?[column] {
      case UInt8(ascii: "c"): .center
      case UInt8(ascii: "r"): .trailing
      default: .leading
      }
    }
    var row = cmark_node_first_child(table)
    while let node = row {
      var cells: [[MarkdownRun]] = []
      var cell = cmark_node_first_child(node)
      while let cellNode = cell {
        cells.append(InlineReader.runs(of: cellNode))
        cell = cmark_node_next(cellNode)
      }
      add(
        .tableRow(isHeader: string(cmark_node_get_type_string(node)) == "table_header"), runs: [],
        cells: cells)
      blocks[blocks.count - 1].alignments = alignments
      row = cmark_node_next(node)
    }
  }
}

// MARK: Inlines

/// A block's inline nodes as styled runs, neighbours of one style joined; walked with cmark's
/// iterator, each emphasis, link or strikethrough adding its style while inside it.
private enum InlineReader {
  static func runs(of block: OpaquePointer) -> [MarkdownRun] {
    var runs: [MarkdownRun] = []
    var styles: [MarkdownStyle] = [[]]
    func add(_ text: String) {
      let style = styles.last ?? []
      if let last = runs.last, last.style == style {
        runs[runs.count - 1].text += text
      } else if !text.isEmpty {
        runs.append(MarkdownRun(text, style))
      }
    }
    let iterator = cmark_iter_new(block)
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { break }
      let entering = event == CMARK_EVENT_ENTER
      var added: MarkdownStyle?
      switch cmark_node_get_type(node) {
      case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE: add(literal(node))
      case CMARK_NODE_CODE:
        styles.append((styles.last ?? []).union(.code))
        add(literal(node))
        styles.removeLast()
      case CMARK_NODE_SOFTBREAK: add(" ")
      case CMARK_NODE_LINEBREAK: add("\n")
      case CMARK_NODE_EMPH: added = .italic
      case CMARK_NODE_STRONG: added = .bold
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE: added = .link
      case CMARK_NODE_FOOTNOTE_REFERENCE where entering:
        // Its number, which cmark-gfm gave it, in superscript digits, as a link's text.
        styles.append((styles.last ?? []).union(.link))
        add(String(literal(node).map { superscripts[$0] ?? $0 }))
        styles.removeLast()
      default:
        if node != block, string(cmark_node_get_type_string(node)) == "strikethrough" {
          added = .strikethrough
        }
      }
      guard let added, node != block else { continue }
      if entering {
        styles.append((styles.last ?? []).union(added))
      } else {
        styles.removeLast()
      }
    }
    return runs
  }
}

/// Each digit's superscript: a footnote's number.
private let superscripts: [Character: Character] = Dictionary(
  uniqueKeysWithValues: zip("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))

/// A node's literal text: a text node's, a code span's or block's (without the block's last
/// line feed).
private func literal(_ node: OpaquePointer) -> String {
  var text = string(cmark_node_get_literal(node))
  if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK
    || cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK,
    text.hasSuffix("\n")
  {
    text.removeLast()
  }
  return text
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String {
  pointer.map { String(cString: $0) } ?? ""
}
