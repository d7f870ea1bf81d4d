/// What a renderer asks a text to lay itself out in: the width its lines wrap to, and the
/// fonts and kept layouts to do it with (see `AnimatedText.layout(at:for:)`).
public struct TextLayoutRequest {
  /// The width lines wrap to, in points; nil: only at the text's own line breaks.
  public var width: Double?
  /// Whether the layout fills the width, each paragraph on its own side of it (a column), or
  /// is as wide as its widest line.
  public var fillsWidth: Bool
  /// The fonts' measures.
  package let fonts: any FontMetricsProvider
  private let layouts: Typesetter

  package init(width: Double?, fillsWidth: Bool, layouts: Typesetter) {
    self.width = width
    self.fillsWidth = fillsWidth
    self.layouts = layouts
    fonts = layouts.fonts
  }

  /// `content` laid out whole, as asked, or kept from the last time it was.
  public func layout(of content: Text) -> TextLayout {
    layouts.layout(
      content.string, font: content.font, width: width, alignment: content.alignment,
      lineSpacing: content.lineSpacing.isFinite ? content.lineSpacing : 0,
      language: content.language, fillsWidth: fillsWidth, isMarkdown: content.isMarkdown)
  }
}
