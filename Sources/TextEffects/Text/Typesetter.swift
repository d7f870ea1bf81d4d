/// A window's typesetter: the fonts at its scale, and the layouts, labels and shaped texts
/// made with them, kept so that text is laid out again only when the text, the font, the
/// width or the spacing change, not on every frame. The window's scenes and its chrome share
/// one.
package final class Typesetter {
  /// Each key's text is its exact bytes (`ExactText`): a lookup every frame costs a hash of
  /// them, not a normalisation of the text.
  private struct Key: Hashable {
    var text: ExactText
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
  /// Labels laid out (``label(_:font:)``), apart from the layouts: a frame draws many, the
  /// same ones frame after frame (a decoding text's stand-in letters), so more are kept.
  private var labels: [LabelKey: TextLayout] = [:]
  /// Texts shaped for the layouts, by what their shaping depends on: a text laid out again at
  /// another width is not shaped again.
  private var shaped: [ShapeKey: ShapedText] = [:]
  private struct ShapeKey: Hashable {
    var text: ExactText
    var font: Font
    var language: String?
  }
  /// A context for each font and language laid out in, so what one layout found (a
  /// character's fallback font, the tab's width) is there for the next.
  private var contexts: [ContextKey: LayoutContext] = [:]
  private struct ContextKey: Hashable {
    var font: Font
    var language: String?
  }
  private struct LabelKey: Hashable {
    var text: ExactText
    var font: Font
  }
  private static let labelCapacity = 1_024
  /// Where the fonts' measures come from, for layouts made elsewhere (a stream's, which grows).
  package private(set) var fonts: any FontMetricsProvider
  /// How many times ``measure(with:)`` took new fonts: what a layout kept elsewhere (a
  /// scene's own) is keyed by, to be made again with them.
  package private(set) var generation = 0

  package init(fonts: any FontMetricsProvider) {
    self.fonts = fonts
  }

  /// Takes `fonts` in place of the ones it had (the same fonts at another scale, on a display
  /// of another density): everything is laid out again with them, and whoever shares the
  /// cache (a window's scenes and chrome) measures with them at once and keeps its state.
  package func measure(with fonts: any FontMetricsProvider) {
    self.fonts = fonts
    generation += 1
    contexts.removeAll()
    forget()
  }

  /// Forgets every layout, shaping and label: the texts they were for are gone (a kiosk's item
  /// that ended).
  package func forget() {
    layouts.removeAll()
    shaped.removeAll()
    labels.removeAll()
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
      text: ExactText(text), font: font, width: width, alignment: alignment,
      lineSpacing: lineSpacing,
      language: language, fillsWidth: fillsWidth, isMarkdown: isMarkdown)
    if let layout = layouts[key] { return layout }
    if layouts.count >= Self.capacity { layouts.removeAll(keepingCapacity: true) }
    let layout: TextLayout
    if isMarkdown {
      layout = TextLayout(
        markdown: text, font: font, fonts: fonts, width: width ?? 40 * font.size,
        lineSpacing: lineSpacing, language: language)
    } else {
      let context = self.context(font: font, language: language)
      layout = TextLayout(
        shaped(text, context: context), context: context, width: width, alignment: alignment,
        lineSpacing: lineSpacing, fillsWidth: fillsWidth)
    }
    layouts[key] = layout
    return layout
  }

  /// The context for `font` and `language`.
  private func context(font: Font, language: String?) -> LayoutContext {
    let key = ContextKey(font: font, language: language)
    if let known = contexts[key] { return known }
    if contexts.count >= Self.capacity { contexts.removeAll(keepingCapacity: true) }
    let made = LayoutContext(font: font, fonts: fonts, language: language)
    contexts[key] = made
    return made
  }

  /// `text` shaped in the font and language of `context`, or kept from the last time it was.
  private func shaped(_ text: String, context: LayoutContext) -> ShapedText {
    let key = ShapeKey(text: ExactText(text), font: context.font, language: context.language)
    if let known = shaped[key] { return known }
    if shaped.count >= Self.capacity { shaped.removeAll(keepingCapacity: true) }
    let made = ShapedText(text, context: context, direction: .firstStrong)
    shaped[key] = made
    return made
  }

  /// `text` drawn alone (a cursor, a decoding letter's stand-in, a caller's label) laid out as
  /// any text is: in its own direction, with a fallback font for what `font` lacks, broken only
  /// at its own line breaks. Kept; forgotten all at once past a thousand.
  package func label(_ text: String, font: Font) -> TextLayout {
    let key = LabelKey(text: ExactText(text), font: font)
    if let label = labels[key] { return label }
    if labels.count >= Self.labelCapacity { labels.removeAll(keepingCapacity: true) }
    let label = TextLayout(text: text, font: font, fonts: fonts, width: nil)
    labels[key] = label
    return label
  }
}
