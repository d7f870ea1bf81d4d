/// A text to draw, as SwiftUI's `Text`: a string with a font, a colour and an alignment, drawn
/// as it is or through a ``TextRenderer`` of your own.
///
/// ```swift
/// Text("Hello").font(.system(size: 34, weight: .bold)).textRenderer(Wave(time: time))
/// ```
public struct Text: AnimatedText, Sendable {
  /// What it says.
  public var string: String
  /// The font it is laid out in: SwiftUI's body text (17 points) unless changed.
  public var font = Font.system(size: 17)
  /// The colour its glyphs are drawn in (emoji keep their own).
  public var color = RGBAColor.white
  /// How its lines sit within the width it is given.
  public var alignment = TextAlignment.leading
  /// Points between one line and the next, beyond the font's own line height.
  public var lineSpacing = 0.0
  /// Who reads it, as a BCP 47 tag: nil for no language in particular.
  public var language: String?
  /// Read as GitHub-flavoured Markdown and drawn styled (headings, lists, emphasis, code,
  /// tables) rather than as the characters it is: see ``markdown(_:)``.
  public var isMarkdown = false
  private var renderer: any TextRenderer = PlainTextRenderer()

  /// The text `string`, in the body font, white, leading-aligned, drawn plainly.
  public init(_ string: String) {
    self.string = string
  }

  /// Itself: the modifiers change it in place.
  public var content: Text {
    get { self }
    set { self = newValue }
  }

  /// The same text drawn by `renderer`, as SwiftUI's `.textRenderer(_:)`: a renderer that
  /// depends on time is made again for each frame with that frame's time.
  public func textRenderer(_ renderer: some TextRenderer) -> Text {
    var copy = self
    copy.renderer = renderer
    return copy
  }

  /// Its renderer, whatever the time: a ``PlainTextRenderer`` unless given another.
  public func renderer(for layout: TextLayout, at time: Double) -> any TextRenderer {
    renderer
  }

  /// Nil: a text changes only when its renderer is changed.
  public func nextChange(after time: Double) -> Double? { nil }
}
