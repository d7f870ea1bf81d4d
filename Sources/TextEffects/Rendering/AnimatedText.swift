/// A text whose look may change with time: what a `TextEffectsRenderer` draws. ``Text`` is
/// one that never changes (unless its renderer does); ``TypewriterText``, ``GlitchText`` and
/// ``StreamingText`` are the seeds' effects.
///
/// The caller owns the clock: `time` is seconds since the text started, as the caller counts
/// them, so the same time always gives the same frame, in a window or in a PNG.
public protocol AnimatedText {
  /// The text, its font, colour and alignment: what the modifiers such as ``font(_:)`` change.
  var content: Text { get set }

  /// What draws `layout`, which is `layout(at:for:)`'s, at `time`. An effect changes only
  /// how each slice is drawn.
  func renderer(for layout: TextLayout, at time: Double) -> any TextRenderer

  /// The text laid out as it shows at `time`, as `request` asks: the whole of ``content``
  /// laid out once, which never changes with time, unless the text keeps a layout of its own
  /// (a ``StreamingText`` grows one as its pieces come).
  func layout(at time: Double, for request: TextLayoutRequest) -> TextLayout

  /// The first moment after `time` at which a frame may look different: `time` itself while
  /// it moves all the time, nil when it will not change again. A loop that waits until then
  /// (`SDL_WaitEventTimeout`) sleeps while nothing moves, instead of drawing the same frame.
  func nextChange(after time: Double) -> Double?
}

extension AnimatedText {
  /// ``content`` laid out whole, kept from the last time it was.
  public func layout(at time: Double, for request: TextLayoutRequest) -> TextLayout {
    request.layout(of: content)
  }

  /// What a screen reader should read of it: all of its text, whatever part of it shows now.
  /// A typewriter's whole line, never the typed part; a glitch's text once, never its coloured
  /// copies; a stream's text as received so far, best said a sentence at a time as it grows.
  /// The seeds give it as `.accessibilityLabel(text)`; expose it with your toolkit's
  /// accessibility, as the showcase does through AT-SPI2.
  public var accessibilityLabel: String { content.string }

  /// The same text in `font`, as SwiftUI's `.font(_:)`.
  public func font(_ font: Font) -> Self {
    var copy = self
    copy.content.font = font
    return copy
  }

  /// The same text drawn in `color`, as SwiftUI's `.foregroundColor(_:)`.
  public func foregroundColor(_ color: RGBAColor) -> Self {
    var copy = self
    copy.content.color = color
    return copy
  }

  /// The same text with its lines placed by `alignment`, as SwiftUI's
  /// `.multilineTextAlignment(_:)`.
  public func multilineTextAlignment(_ alignment: TextAlignment) -> Self {
    var copy = self
    copy.content.alignment = alignment
    return copy
  }

  /// The same text with `spacing` more points between its lines, as SwiftUI's `.lineSpacing(_:)`.
  public func lineSpacing(_ spacing: Double) -> Self {
    var copy = self
    copy.content.lineSpacing = spacing
    return copy
  }

  /// The same text read as GitHub-flavoured Markdown (through cmark-gfm) and drawn styled:
  /// headings, lists, emphasis, code spans and blocks, quotes and tables, in the text's font
  /// and its bold, italic and monospaced faces. Laid out without a width, it is 40 ems wide.
  /// A ``StreamingText`` made with `markdown: true` also fades in only what shows.
  public func markdown(_ isMarkdown: Bool = true) -> Self {
    var copy = self
    copy.content.isMarkdown = isMarkdown
    return copy
  }

  /// The same text for readers of `language`, a BCP 47 tag ("ja", "zh-Hant", "sr"), as
  /// SwiftUI's `.environment(\.locale, ...)`: Chinese characters take that region's forms,
  /// words and lines break as that language has them. Nil leaves it to the text.
  public func language(_ language: String?) -> Self {
    var copy = self
    copy.content.language = language
    return copy
  }
}
