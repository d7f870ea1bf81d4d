/// A rectangle drawn with a layout's text, in its colour made fainter: the background of a
/// code span or block, a table's rule, a quote's bar, a line through struck text.
///
/// It belongs to one line, so a view that draws some lines draws their decorations with them,
/// and fades in with one character, so it appears as the text it goes with does.
package struct TextDecoration: Sendable, Equatable {
  /// Where it is, in layout points.
  package var rect: Rect
  /// The line it is drawn with.
  package var line: Int
  /// The character whose opacity it takes: the first it goes with, or for one that goes with
  /// no character (a thematic break), the next.
  package var characterIndex: Int
  /// How much of the text's colour it takes: a code background a little, a rule more.
  package var alpha: Double
  /// Rounded corners, for a code span's background.
  package var cornerRadius: Double = 0

  package init(
    rect: Rect, line: Int, characterIndex: Int, alpha: Double, cornerRadius: Double = 0
  ) {
    self.rect = rect
    self.line = line
    self.characterIndex = characterIndex
    self.alpha = alpha
    self.cornerRadius = cornerRadius
  }
}

extension TextLayout {
  /// The decorations of `lines`, found by bisection as the lines are.
  package func decorations(ofLines lines: Range<Int>) -> ArraySlice<TextDecoration> {
    let first = decorations.partitioningIndex { $0.line >= lines.lowerBound }
    let end = decorations.partitioningIndex { $0.line >= lines.upperBound }
    return decorations[first..<max(first, end)]
  }
}
