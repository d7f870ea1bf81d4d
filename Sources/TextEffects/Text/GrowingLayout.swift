/// A layout of a text that arrives in pieces, laid out again with each piece only where the
/// piece can reach: plain text (`StreamedLayout`) or Markdown (`MarkdownStreamedLayout`).
package protocol GrowingLayout {
  /// The text laid out so far.
  var layout: TextLayout { get }
  /// The first line the last ``grow(to:)`` changed: those before it are as they were.
  var firstChangedLine: Int { get }
  /// Lays out `text`, which holds the text laid out so far and more after it.
  mutating func grow(to text: Substring)
  /// Whether `font`, `width`, `lineSpacing` and `language` are the ones it lays out with.
  func lays(font: Font, width: Double, lineSpacing: Double, language: String?) -> Bool
}

extension StreamedLayout: GrowingLayout {}
extension MarkdownStreamedLayout: GrowingLayout {}
