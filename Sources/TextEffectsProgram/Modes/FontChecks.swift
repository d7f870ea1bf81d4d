import TextEffectsApp
import TextEffectsSDL

extension KioskContent {
  /// Every item's `font` names a font: a file FreeType reads, a bundled family or one
  /// fontconfig knows. The error names the item.
  func checkFonts() throws {
    for (index, item) in items.enumerated() {
      guard let font = item.settings.fontName else { continue }
      try FontLibrary.checkFont(named: font, for: "items[\(index)].font")
    }
  }
}

extension Invocation {
  /// The fonts it names exist: `--font`'s, and a kiosk's content's or a suite's cases'.
  func checkFonts() throws {
    if let font = settings?.fontName {
      try FontLibrary.checkFont(named: font, for: Option.font.rawValue)
    }
    switch self {
    case .kiosk(let request):
      do {
        try request.content.checkFonts()
      } catch {
        throw SDLError("\(Option.content): \(request.contentPath ?? ""): \(error)")
      }
    case .check(let request):
      for suiteCase in request.suite.cases {
        guard let font = suiteCase.settings.fontName else { continue }
        try FontLibrary.checkFont(named: font, for: "\(request.path): '\(suiteCase.name)': 'font'")
      }
    default: break
    }
  }
}
