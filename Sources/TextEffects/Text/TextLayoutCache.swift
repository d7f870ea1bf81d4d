/// Keeps the layouts a scene draws, so that text is laid out again only when the text, the
/// font, the width or the spacing change, not on every frame.
package final class TextLayoutCache {
  private struct Key: Hashable {
    var text: String
    var font: Font
    var width: Double?
    var alignment: TextAlignment
    var lineSpacing: Double
    var language: String?
    var fillsWidth: Bool
    var isMarkdown: Bool
  }

  /// Enough for every text a scene shows at once; more is a sign the texts keep changing.
  private static let capacity = 32
  private var layouts: [Key: TextLayout] = [:]
  /// Where the fonts' measures come from, for layouts made elsewhere (a stream's, which grows).
  package let fonts: any FontMetricsProvider

  package init(fonts: any FontMetricsProvider) {
    self.fonts = fonts
  }

  /// `text` laid out, or kept from the last time it was; read as Markdown with
  /// `isMarkdown`, 40 ems wide when no width is given (its alignment and `fillsWidth` then
  /// have no say: each block keeps to its own side).
  package func layout(
    _ text: String, font: Font, width: Double? = nil, alignment: TextAlignment = .leading,
    lineSpacing: Double = 0, language: String? = nil, fillsWidth: Bool = false,
    isMarkdown: Bool = false
  ) -> TextLayout {
    let key = Key(
      text: text, font: font, width: width, alignment: alignment, lineSpacing: lineSpacing,
      language: language, fillsWidth: fillsWidth, isMarkdown: isMarkdown)
    if let layout = layouts[key] { return layout }
    if layouts.count >= Self.capacity { layouts.removeAll(keepingCapacity: true) }
    let layout =
      isMarkdown
      ? TextLayout(
        markdown: text, font: font, fonts: fonts, width: width ?? 40 * font.size,
        lineSpacing: lineSpacing, language: language)
      : TextLayout(
        text: text, font: font, fonts: fonts, width: width, alignment: alignment,
        lineSpacing: lineSpacing, language: language, fillsWidth: fillsWidth)
    layouts[key] = layout
    return layout
  }
}
