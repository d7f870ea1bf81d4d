/// Seed 000's `TypewriterText`: the text types itself at a steady pace behind a cursor, which
/// blinks once the text is whole.
///
/// ```swift
/// TypewriterText("Hello, world", charactersPerSecond: 20).font(.system(size: 22, design: .monospaced))
/// ```
///
/// The whole text is laid out at once and only its typed part drawn, so a word never jumps to
/// the next line as it is typed. With Reduce Motion it shows whole at once, without a cursor.
public struct TypewriterText: AnimatedText, Sendable {
  /// The text and how it looks.
  public var content: Text {
    didSet { characterCount = content.string.count }
  }
  /// How fast it types; the seed's is 20. Zero or less shows it whole at once.
  public var charactersPerSecond: Double
  /// The cursor's colour: the seed's accent colour (system blue) unless given.
  public var cursorColor: RGBAColor
  /// Shows the text whole at once and no cursor, as the seed does with Reduce Motion.
  public var reduceMotion: Bool
  /// Counted once: the cursor's timing asks every frame, and a text can be long.
  private var characterCount: Int

  /// The seed's typing speed, in characters a second.
  public static let defaultCharactersPerSecond = 20.0
  /// While typing, a frame is asked for at most this often, as the seed's timeline does.
  static let fastestRedraw = 1.0 / 30

  /// `string` typed at `charactersPerSecond`, its cursor in `cursorColor`.
  public init(
    _ string: String, charactersPerSecond: Double = defaultCharactersPerSecond,
    cursorColor: RGBAColor = SystemColor.blue.color(in: .dark), reduceMotion: Bool = false
  ) {
    content = Text(string)
    self.charactersPerSecond = charactersPerSecond
    self.cursorColor = cursorColor
    self.reduceMotion = reduceMotion
    characterCount = string.count
  }

  /// The typed part of `layout` after `time` seconds of typing, and the cursor at its end.
  public func renderer(for layout: TextLayout, at time: Double) -> any TextRenderer {
    TypewriterRenderer(
      elapsed: time, total: layout.characterCount, charactersPerSecond: charactersPerSecond,
      cursorColor: cursorColor, reduceMotion: reduceMotion)
  }

  /// The next character (no sooner than a thirtieth of a second), then each blink.
  public func nextChange(after time: Double) -> Double? {
    guard !reduceMotion, charactersPerSecond > 0 else { return nil }
    let count = TypewriterProgress.visibleCount(
      elapsed: time, charactersPerSecond: charactersPerSecond, total: characterCount)
    if count < characterCount {
      return max(Double(count + 1) / charactersPerSecond, time + Self.fastestRedraw)
    }
    return ((time * 2).rounded(.down) + 1) / 2
  }
}
