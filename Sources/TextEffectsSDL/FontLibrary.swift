import CHarfBuzz
import CSDL2
import CSDL2TTF
import Foundation
import TextEffects

/// Opens the bundled fonts with SDL2_ttf, to draw, and with HarfBuzz, to place, once per font
/// and pixel size, and keeps them open.
///
/// SDL2_ttf takes whole point sizes; a size in quarter pixels at 18 dpi (a quarter of 72) gives
/// the fractional sizes that scaling asks for, such as 17 pt at 1.5× or 34 pt scaled by 1.6.
package final class FontLibrary {
  struct Key: Hashable {
    var design: FontDesign
    var weight: FontWeight
    var quarterPixels: Int
  }

  package let directory: URL
  private var open: [Key: OpaquePointer] = [:]
  private var shapers: [Key: HarfBuzzShaper] = [:]
  private let freeType: FreeTypeLibrary

  /// SDL2_ttf opens every font through one FreeType library of its own, which FreeType lets
  /// only one thread at a time open or close a face in; drawing with the faces once open needs
  /// no lock (FreeType's rule for faces each used by one thread). So libraries on several
  /// threads (a suite's workers) open and close their fonts under this lock.
  private static let opening = NSLock()

  /// The bundled fonts' folder, as `FontFiles.locateDirectory` finds it, or an error that says
  /// where it was looked for and how to point at it.
  package static func bundledDirectory() throws -> URL {
    guard let directory = FontFiles.locateDirectory() else {
      throw SDLError(
        "The bundled fonts (Assets/Fonts) were not found beside \(CommandLine.arguments[0]), "
          + "in a folder above it or in \(FontFiles.packageFolder.path); set TEXT_EFFECTS_ASSETS "
          + "to the folder that holds Fonts/")
    }
    return directory
  }

  /// Checks that every bundled font is there and loads, so a broken install fails at start with
  /// the file's name, not in the middle of a frame.
  package init(directory: URL) throws {
    self.directory = directory
    guard Self.opening.withLock({ TTF_WasInit() != 0 || TTF_Init() == 0 }) else {
      throw SDLError.last("Could not start SDL2_ttf")
    }
    guard let freeType = FreeTypeLibrary() else {
      throw SDLError("Could not start FreeType")
    }
    self.freeType = freeType
    for name in FontFiles.allFileNames {
      let path = directory.appendingPathComponent(name).path
      guard FileManager.default.isReadableFile(atPath: path) else {
        throw SDLError(
          "Font file \(name) is missing: looked in \(directory.path) "
            + "(set TEXT_EFFECTS_ASSETS to the folder that holds Fonts/)")
      }
      let font = Self.opening.withLock { TTF_OpenFont(path, 12) }
      guard let font else { throw SDLError.last("Font file \(path) could not be read") }
      Self.opening.withLock { TTF_CloseFont(font) }
    }
  }

  deinit {
    Self.opening.withLock {
      for font in open.values { TTF_CloseFont(font) }
    }
    shapers.removeAll()
  }

  /// The glyph sizes SDL2_ttf and FreeType are asked for, in pixels per em. Below one pixel
  /// FreeType refuses the size; above 1,024 a glyph's bitmap outgrows the atlas. Sizes beyond
  /// either end (a scale of 0.001, a zoom that makes 50,000 pixels) are drawn at the end.
  static let pixelSizes = 1.0...1024.0

  private func key(for font: Font, pixelsPerPoint: Double) -> Key {
    // The emoji font has one size; every emoji is drawn at it and scaled.
    if font.design == .emoji {
      return Key(
        design: .emoji, weight: .regular,
        quarterPixels: Int(FontFiles.emojiStrikePixels * 4))
    }
    let pixels = font.size * pixelsPerPoint
    let clamped =
      pixels.isNaN ? 1 : min(max(pixels, Self.pixelSizes.lowerBound), Self.pixelSizes.upperBound)
    return Key(
      design: font.design, weight: font.weight, quarterPixels: Int((clamped * 4).rounded()))
  }

  private func path(of key: Key) -> String {
    directory.appendingPathComponent(FontFiles.fileName(for: key.design, weight: key.weight)).path
  }

  /// The SDL2_ttf font for `font` drawn at `pixelsPerPoint`.
  package func ttfFont(for font: Font, pixelsPerPoint: Double) -> OpaquePointer {
    let key = key(for: font, pixelsPerPoint: pixelsPerPoint)
    if let font = open[key] { return font }
    // Every file opened in init; only running out of memory can fail here.
    let opened = Self.opening.withLock {
      TTF_OpenFontDPI(path(of: key), Int32(key.quarterPixels), 18, 18)
    }
    guard let opened else {
      fatalError("SDL2_ttf could not open \(path(of: key)): \(String(cString: SDL_GetError()))")
    }
    TTF_SetFontHinting(opened, TTF_HINTING_LIGHT)
    TTF_SetFontKerning(opened, 1)
    open[key] = opened
    return opened
  }

  /// The shaper for `font` at `pixelsPerPoint`, set up as its SDL2_ttf twin.
  func shaper(for font: Font, pixelsPerPoint: Double) -> HarfBuzzShaper {
    let key = key(for: font, pixelsPerPoint: pixelsPerPoint)
    if let shaper = shapers[key] { return shaper }
    guard
      let shaper = HarfBuzzShaper(
        library: freeType, path: path(of: key), quarterPixels: key.quarterPixels)
    else { fatalError("FreeType could not open \(path(of: key))") }
    shapers[key] = shaper
    return shaper
  }

  /// Metrics in points for layout, measured at the pixel size the glyphs are drawn at.
  package func metricsProvider(pixelsPerPoint: Double) -> any FontMetricsProvider {
    ScaledFontMetricsProvider(library: self, pixelsPerPoint: pixelsPerPoint)
  }
}

/// The fonts at one scale, handed to the core's layout.
struct ScaledFontMetricsProvider: FontMetricsProvider {
  let library: FontLibrary
  let pixelsPerPoint: Double

  /// Inter and JetBrains Mono fill each other's gaps (arrows, box drawing, symbols); Noto
  /// Color Emoji draws the emoji of both.
  func fallbacks(for font: Font) -> [Font] {
    guard font.design != .emoji else { return [] }
    var other = font
    other.design = font.design == .proportional ? .monospaced : .proportional
    var emoji = font
    emoji.design = .emoji
    return [other, emoji]
  }

  func metrics(for font: Font) -> any FontMetrics {
    // The emoji font measures at its one size: its pixels are scaled to the text's points.
    let scale =
      font.design == .emoji ? FontFiles.emojiStrikePixels / max(font.size, 0.01) : pixelsPerPoint
    return TTFFontMetrics(
      font: library.ttfFont(for: font, pixelsPerPoint: pixelsPerPoint),
      shaper: library.shaper(for: font, pixelsPerPoint: pixelsPerPoint),
      pixelsPerPoint: scale)
  }
}

/// One SDL2_ttf font's metrics, converted from its pixels to points.
struct TTFFontMetrics: FontMetrics {
  let font: OpaquePointer
  let shaper: HarfBuzzShaper
  let pixelsPerPoint: Double

  var ascent: Double { Double(TTF_FontAscent(font)) / pixelsPerPoint }
  var descent: Double { Double(-TTF_FontDescent(font)) / pixelsPerPoint }
  var lineHeight: Double { Double(TTF_FontLineSkip(font)) / pixelsPerPoint }

  func penPositions(of text: String) -> [Double] {
    shaper.penPositions(of: text).map { $0 / pixelsPerPoint }
  }

  /// Every scalar that shows has a glyph; joiners and variation selectors need none.
  func covers(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy {
      TTF_GlyphIsProvided32(font, $0.value) != 0 || $0.properties.isDefaultIgnorableCodePoint
    }
  }
}
