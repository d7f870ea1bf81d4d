/// What laying out text needs of its fonts, with each answer kept while the context is: the
/// metrics of each font used, the font of each character, and ICU's line breaker. A layout
/// makes one for its text; a stream's layout keeps one for all its pieces.
final class LayoutContext {
  let font: Font
  let primary: any FontMetrics
  let language: String?
  /// Where lines may break, as the language has it: one ICU iterator for every paragraph.
  private(set) lazy var lineBreaks = TextBoundaries(.line, language: language)
  private let fonts: any FontMetricsProvider
  private var metrics: [Font: any FontMetrics] = [:]
  private var characterFonts: [ExactText: Font] = [:]
  private var asciiFonts = [Font?](repeating: nil, count: 128)
  /// The same for characters of styled text set in another font than the text's (Markdown's
  /// bold, italic and code), by that font.
  private var styledFonts: [Font: [ExactText: Font]] = [:]
  /// Tab stops fall every eight spaces' width, as in a terminal.
  let tabInterval: Double
  /// As CSS has it, a stop nearer than half a space is skipped, so a tab always shows as a gap.
  var narrowestTab: Double { tabInterval / 16 }
  var widestTab: Double { tabInterval + narrowestTab }

  init(font: Font, fonts: any FontMetricsProvider, language: String?) {
    self.font = font
    self.fonts = fonts
    self.language = language
    let primary = fonts.metrics(for: font)
    self.primary = primary
    let space =
      Array(" ".utf16).withUnsafeBufferPointer {
        primary.shape($0, run: 0..<1, isRightToLeft: false, script: .latin, language: nil)
      }.first?.advance ?? 0
    tabInterval = 8 * (space > 0 ? space : font.size / 4)
    metrics[font] = primary
  }

  func metrics(for font: Font) -> any FontMetrics {
    if let known = metrics[font] { return known }
    let measured = fonts.metrics(for: font)
    metrics[font] = measured
    return measured
  }

  /// The font of `character`, asked once per distinct character of the text; ASCII is kept
  /// apart, since hashing a character costs more than the rest of its layout.
  func font(for character: Character, script: ScriptTag) -> Font {
    if let ascii = character.asciiByte {
      if let known = asciiFonts[Int(ascii)] { return known }
      let found = fonts.font(for: character, script: script, in: font, language: language)
      asciiFonts[Int(ascii)] = found
      return found
    }
    let key = ExactText(character)
    if let known = characterFonts[key] { return known }
    let found = fonts.font(for: character, script: script, in: font, language: language)
    characterFonts[key] = found
    return found
  }

  /// The font of `character` in a stretch of the text set in `base` rather than the text's
  /// own font: `base` when it has the character, else the fallback found for it.
  func font(for character: Character, script: ScriptTag, in base: Font) -> Font {
    guard base != font else { return self.font(for: character, script: script) }
    let key = ExactText(character)
    if let known = styledFonts[base]?[key] { return known }
    let found = fonts.font(for: character, script: script, in: base, language: language)
    styledFonts[base, default: [:]][key] = found
    return found
  }

  /// The text's language when it is Chinese, Japanese or Korean: the one whose forms Han
  /// characters take. Another language says nothing of them.
  var hanLanguage: String? {
    guard let language else { return nil }
    let primary = language.prefix { $0 != "-" && $0 != "_" }.lowercased()
    return ["zh", "ja", "ko"].contains(primary) ? language : nil
  }
}
