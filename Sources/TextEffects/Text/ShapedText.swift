/// A text shaped paragraph by paragraph, before any line is broken: what a layout at any width
/// is made from. Shaping (bidi, scripts, fonts, HarfBuzz) is most of a layout's cost and does
/// not depend on the width, so a text laid out again at another width (a window resized) is
/// only broken into lines again, as Godot's TextServer and CSS engines do.
package struct ShapedText {
  /// The text's characters.
  let characters: [Character]
  /// Its paragraphs, each in its own direction; the line break between two is in neither.
  let paragraphs: [ShapedParagraph]

  /// `text` shaped with the fonts of `context`, each paragraph in `direction` (or the one its
  /// first strong character says), its characters in `styles`' fonts when given (Markdown's
  /// runs). A paragraph that starts where `last` does extends it: shaped again only where
  /// the new text can reach (a stream's open paragraph).
  init(
    _ text: String, context: LayoutContext, direction: BidiParagraph.BaseDirection,
    styles: [Font]? = nil, extending last: ShapedParagraph? = nil
  ) {
    let characters = Array(text)
    var paragraphs: [ShapedParagraph] = []
    var previous = last
    var start = 0
    while true {
      let lineBreak = characters[start...].firstIndex(where: \.isLineBreak)
      let paragraph = ShapedParagraph(
        start..<(lineBreak ?? characters.count), of: characters, direction: direction,
        context: context, styles: styles,
        extending: previous?.range.lowerBound == start ? previous : nil)
      paragraphs.append(paragraph)
      previous = paragraph
      guard let lineBreak else { break }
      start = lineBreak + 1
    }
    self.characters = characters
    self.paragraphs = paragraphs
  }
}

extension ShapedParagraph {
  /// The character ranges (paragraph offsets) of its lines when wrapped greedily to `width`: as
  /// much on each line as fits, ending where a line may break; trailing spaces stay on the line
  /// they end and take no room. With no width, one line.
  func lines(width: Double?) -> [Range<Int>] {
    guard let width, count > 0 else { return [0..<count] }
    var lines: [Range<Int>] = []
    var lineStart = 0
    // The last break that left the line within the width.
    var fitting: Int?
    var next = 0
    while next < breaks.count {
      let end = breaks[next]
      let inkEnd = inkedEnd(of: lineStart..<end)
      if self.width(of: lineStart..<inkEnd) <= width {
        fitting = end
        next += 1
        continue
      }
      if let fitted = fitting {
        lines.append(lineStart..<fitted)
        lineStart = fitted
        fitting = nil
        continue  // the same break again, now from the new line's start
      }
      // One stretch alone is too wide: it breaks between its characters.
      while lineStart < inkEnd, self.width(of: lineStart..<inkEnd) > width {
        let fitEnd = longestFit(from: lineStart, upTo: inkEnd, width: width)
        lines.append(lineStart..<fitEnd)
        lineStart = fitEnd
      }
      fitting = end
      next += 1
    }
    if lineStart < count || lines.isEmpty { lines.append(lineStart..<count) }
    return lines
  }

  /// The end of `range` without its trailing blanks.
  private func inkedEnd(of range: Range<Int>) -> Int {
    var end = range.upperBound
    while end > range.lowerBound, isBlank(end - 1) { end -= 1 }
    return end
  }

  /// The end of the longest stretch from `start` that fits in `width`, at least one character,
  /// found by bisection since a longer stretch is never narrower.
  private func longestFit(from start: Int, upTo end: Int, width: Double) -> Int {
    var low = start + 1
    var high = end
    while low < high {
      let middle = (low + high + 1) / 2
      if self.width(of: start..<middle) <= width { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
