/// Seed 003's `StreamingText`: text that arrives in pieces, as a language model's answer, each
/// piece fading in behind a soft front that sweeps 80 characters a second.
///
/// Append pieces as they come, with the time they came at; draw it at each frame's time:
///
/// ```swift
/// var answer = StreamingText()
/// answer.append("Streaming text ", at: now)
/// try textEffects.draw(answer, at: now, in: column)
/// ```
///
/// A piece that arrives while the front still moves adds to its run, so a burst of pieces reads
/// as one smooth sweep. With Reduce Motion everything shows as soon as it arrives.
public struct StreamingText: AnimatedText, Sendable {
  /// The text that has arrived so far, and how it looks.
  public var content: Text
  /// Shows each piece whole as it arrives, as the seed does with Reduce Motion.
  public var reduceMotion: Bool
  private var front: StreamingFront
  /// How many characters have arrived, kept as pieces come rather than counted every frame:
  /// for Markdown, how many show.
  private var characterCount: Int
  /// The Markdown read so far, for text made with `markdown: true`.
  private var markdown: MarkdownStream?

  /// The seed's front speed, in characters a second.
  public static let defaultCharactersPerSecond = StreamingMath.defaultCharactersPerSecond
  /// The seed's soft edge, in characters.
  public static let defaultFade = StreamingMath.defaultFade

  /// Text that starts as `string` (already shown, not fading in), sweeping on at
  /// `charactersPerSecond` with a soft edge `fade` characters wide: the seed's 80 and 10.
  /// With `markdown`, the text is GitHub-flavoured Markdown, drawn styled as it arrives (see
  /// ``AnimatedText/markdown(_:)``): half-written syntax shows as it will most likely end, and
  /// the front sweeps over the characters that show, not over `**` and `#`.
  public init(
    _ string: String = "", charactersPerSecond: Double = defaultCharactersPerSecond,
    fade: Double = defaultFade, reduceMotion: Bool = false, markdown: Bool = false
  ) {
    let start = DisplayText.prefix(of: string, characters: .max)
    content = Text(start.text)
    content.isMarkdown = markdown
    self.reduceMotion = reduceMotion
    characterCount = start.count
    if markdown {
      var stream = MarkdownStream()
      _ = stream.read(start.text[...])
      characterCount = stream.shownCount
      self.markdown = stream
    }
    front = StreamingFront(charactersPerSecond: charactersPerSecond, fade: fade)
    front.textExtended(to: characterCount, at: -.infinity)
  }

  /// `piece` arrived at `time` and extends the text. A piece may finish the character before it
  /// (an accent after its letter); each character keeps at most the scalars a shown text keeps.
  public mutating func append(_ piece: String, at time: Double) {
    let last = content.string.last.map(String.init) ?? ""
    if !last.isEmpty { content.string.removeLast() }
    let seam = DisplayText.prefix(of: last + piece, characters: .max)
    content.string += seam.text
    characterCount += seam.count - (last.isEmpty ? 0 : 1)
    if markdown != nil {
      _ = markdown?.read(content.string[...])
      characterCount = markdown?.shownCount ?? characterCount
    }
    front.textExtended(to: characterCount, at: time)
  }

  /// The whole text became `string` at `time` (an answer asked again): what it shares with the
  /// text before stays, and the front sweeps again from there.
  public mutating func replace(with string: String, at time: Double) {
    let new = DisplayText.prefix(of: string, characters: .max)
    guard markdown != nil else {
      front.textChanged(from: content.string, to: new.text, at: time)
      content.string = new.text
      characterCount = new.count
      return
    }
    // Markdown: the front starts again where what shows differs.
    front.textChanged(
      from: MarkdownStream.shownText(of: content.string),
      to: MarkdownStream.shownText(of: new.text), at: time)
    content.string = new.text
    var stream = MarkdownStream()
    _ = stream.read(new.text[...])
    characterCount = stream.shownCount
    markdown = stream
  }

  /// Each character as opaque as the front has made it by `time`.
  public func renderer(for layout: TextLayout, at time: Double) -> any TextRenderer {
    StreamingRenderer(visible: front.visible(at: time), fade: front.fade, isInstant: reduceMotion)
  }

  /// `time` while the front moves, else nil until another piece arrives.
  public func nextChange(after time: Double) -> Double? {
    !reduceMotion && front.isMoving(at: time) ? time : nil
  }
}
