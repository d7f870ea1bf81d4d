import CCmark

/// The block a Markdown text ends in, as cmark-gfm reads it: the innermost last block (a
/// paragraph, a heading, a table's cell, a code block), through the quotes, lists and tables
/// around it. The completion closes inline markers only there, so it has to know what
/// CommonMark knows: that a line four columns in continues a paragraph but after a blank line
/// is code, that an underline of `=` ends a heading, that a lazy line belongs to the quote
/// or list item above it.
struct MarkdownLastLeaf: Equatable {
  /// Its first line and its last, counted from 1.
  var lines: ClosedRange<Int>
  /// Whether inline markers open in it: not in code, raw HTML or a thematic break.
  var takesInlines: Bool
  /// Whether it is a paragraph, whose last line may yet be a table's header row.
  var isParagraph: Bool
  /// The character of its fence (a backtick or a tilde), when it is fenced code.
  var fence: Character?
  /// Whether it is a table's cell, whose pipes a backslash escapes before its inlines are read.
  var isTableCell = false
  /// The column (from 1, in bytes) its first line starts at: a fence's, after the markers of
  /// the list items and quotes it is in.
  var column = 1

  /// `text`'s last block; nil when it has none (nothing but blank lines).
  init?(_ text: String) {
    guard let found = withMarkdownTree(of: text, Self.lastLeaf(under:)) else { return nil }
    self = found
  }

  private init(lines: ClosedRange<Int>, takesInlines: Bool, isParagraph: Bool, fence: Character?) {
    self.lines = lines
    self.takesInlines = takesInlines
    self.isParagraph = isParagraph
    self.fence = fence
  }

  private static func lastLeaf(under root: OpaquePointer?) -> MarkdownLastLeaf? {
    var node = root
    while let last = cmark_node_last_child(node), isBlock(last) { node = last }
    // A block an extension left without lines (cmark-gfm's table leaves the paragraph whose
    // last line it took at line 0) counts from its parent's.
    while let current = node, cmark_node_get_start_line(current) == 0,
      let parent = cmark_node_parent(current)
    {
      node = parent
    }
    guard let node, node != root else { return nil }
    let first = Int(cmark_node_get_start_line(node))
    let last = max(first, Int(cmark_node_get_end_line(node)))
    let verbatim = [CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK]
    let type = cmark_node_get_type(node)
    var fence: Character?
    var length: Int32 = 0
    var offset: Int32 = 0
    var character: CChar = 0
    if type == CMARK_NODE_CODE_BLOCK, cmark_node_get_fenced(node, &length, &offset, &character) != 0
    {
      fence = Character(UnicodeScalar(UInt8(bitPattern: character)))
    }
    var leaf = MarkdownLastLeaf(
      lines: first...last, takesInlines: !verbatim.contains(type),
      isParagraph: type == CMARK_NODE_PARAGRAPH, fence: fence)
    leaf.column = Int(cmark_node_get_start_column(node))
    leaf.isTableCell = String(cString: cmark_node_get_type_string(node)) == "table_cell"
    return leaf
  }

  /// Whether `node` is a block (the extensions' ones too) rather than an inline.
  private static func isBlock(_ node: OpaquePointer) -> Bool {
    let kindBits: UInt32 = 0xC000
    return cmark_node_get_type(node).rawValue & kindBits
      == CMARK_NODE_DOCUMENT.rawValue & kindBits
  }
}
