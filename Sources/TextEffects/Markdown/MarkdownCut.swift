import CCmark

/// Where a long Markdown answer is cut when only its newest part is kept (a live stream past
/// the scene's limit): at the start of a top-level block, as cmark-gfm reads the whole answer.
///
/// A cut a number of characters from the end falls anywhere: inside `**bold**`, whose second
/// half then shows as a stray `w**` at the kept text's top, or inside a fenced code block,
/// whose closing fence then opens a block that takes in everything after it. Moved on to the
/// next top-level block (a paragraph, a whole list, a whole quote, a heading, a code block),
/// the kept text reads as that part of the answer does.
package enum MarkdownCut {
  /// How many of `markdown`'s last characters to keep, at most `count`: from the first
  /// top-level block that starts within them, unless that keeps fewer than half of `count`
  /// (one block as long as the answer), when it is `count`, cut where it falls.
  package static func keptCharacters(of markdown: String, atMost count: Int) -> Int {
    let total = markdown.count
    guard count > 0, count < total else { return min(max(count, 0), total) }
    let cut = markdown.utf8.distance(
      from: markdown.startIndex, to: markdown.index(markdown.endIndex, offsetBy: -count))
    let lineStarts = Self.lineStarts(of: markdown)
    let blockLines = withMarkdownTree(of: markdown) { root in
      var lines: [Int] = []
      var node = cmark_node_first_child(root)
      while let block = node {
        lines.append(Int(cmark_node_get_start_line(block)))
        node = cmark_node_next(block)
      }
      return lines
    }
    // A table that takes a paragraph's last line as its header leaves the paragraph at line
    // 0 (cmark-gfm's table extension): such a start says nothing.
    guard
      let start = blockLines.lazy.filter({ $0 >= 1 && $0 <= lineStarts.count })
        .map({ lineStarts[$0 - 1] }).first(where: { $0 >= cut })
    else { return count }
    let utf8 = markdown.utf8
    let kept = markdown[utf8.index(utf8.startIndex, offsetBy: start)...].count
    return kept * 2 >= count ? kept : count
  }

  /// Where each line of `text` starts, in UTF-8 bytes; lines end as cmark-gfm ends them, at a
  /// line feed, a carriage return, or both.
  private static func lineStarts(of text: String) -> [Int] {
    var starts = [0]
    var previous: UInt8 = 0
    for (offset, byte) in text.utf8.enumerated() {
      if previous == 0x0D, byte != 0x0A { starts.append(offset) }
      if byte == 0x0A { starts.append(offset + 1) }
      previous = byte
    }
    if previous == 0x0D { starts.append(text.utf8.count) }
    return starts
  }
}
