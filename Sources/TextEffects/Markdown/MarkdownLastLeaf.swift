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

  /// `text`'s last block; nil when it has none (nothing but blank lines).
  init?(_ text: String) {
    guard
      let found = withMarkdownTree(
        of: text,
        { root -> MarkdownLastLeaf? in
          var node = root
          while let last = cmark_node_last_child(node), Self.isBlock(last) { node = last }
          // Some of the extensions' blocks (a table's cells) have no lines of their own: their
          // row's are theirs.
          while let current = node, cmark_node_get_start_line(current) == 0,
            let parent = cmark_node_parent(current)
          {
            node = parent
          }
          guard let node, node != root else { return nil }
          let type = cmark_node_get_type(node)
          return MarkdownLastLeaf(
            lines: Int(
              cmark_node_get_start_line(node))...max(
                Int(cmark_node_get_start_line(node)), Int(cmark_node_get_end_line(node))),
            takesInlines: ![
              CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK,
            ]
            .contains(type))
        })
    else { return nil }
    self = found
  }

  private init(lines: ClosedRange<Int>, takesInlines: Bool) {
    self.lines = lines
    self.takesInlines = takesInlines
  }

  /// Whether `node` is a block (the extensions' ones too) rather than an inline.
  private static func isBlock(_ node: OpaquePointer) -> Bool {
    let kindBits: UInt32 = 0xC000
    return cmark_node_get_type(node).rawValue & kindBits
      == CMARK_NODE_DOCUMENT.rawValue & kindBits
  }
}
