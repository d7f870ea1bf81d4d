import CSDL2
import CSDL2TTF
import Foundation
import TextEffects

/// Opens the bundled fonts with SDL2_ttf, once per font and pixel size, and keeps them open.
///
/// SDL2_ttf takes whole point sizes; a size in quarter pixels at 18 dpi (a quarter of 72) gives
/// the fractional sizes that scaling asks for, such as 17 pt at 1.5× or 34 pt scaled by 1.6.
public final class FontLibrary {
  struct Key: Hashable {
    var design: FontDesign
    var weight: FontWeight
    var quarterPixels: Int
  }

  public let directory: URL
  private var open: [Key: OpaquePointer] = [:]

  /// Checks that every bundled font is there and loads, so a broken install fails at start with
  /// the file's name, not in the middle of a frame.
  public init(directory: URL) throws {
    self.directory = directory
    if TTF_WasInit() == 0, TTF_Init() != 0 {
      throw SDLError.last("Could not start SDL2_ttf")
    }
    for name in FontFiles.allFileNames {
      let path = directory.appendingPathComponent(name).path
      guard FileManager.default.isReadableFile(atPath: path) else {
        throw SDLError(
          "Font file \(name) is missing: looked in \(directory.path) "
            + "(set TEXT_EFFECTS_ASSETS to the folder that holds Fonts/)")
      }
      guard let font = TTF_OpenFont(path, 12) else {
        throw SDLError.last("Font file \(path) could not be read")
      }
      TTF_CloseFont(font)
    }
  }

  deinit {
    for font in open.values { TTF_CloseFont(font) }
  }

  /// The SDL2_ttf font for `font` drawn at `pixelsPerPoint`.
  func ttfFont(for font: Font, pixelsPerPoint: Double) -> OpaquePointer {
    let quarterPixels = max(Int((font.size * pixelsPerPoint * 4).rounded()), 1)
    let key = Key(design: font.design, weight: font.weight, quarterPixels: quarterPixels)
    if let font = open[key] { return font }
    let path = directory.appendingPathComponent(
      FontFiles.fileName(for: font.design, weight: font.weight)
    ).path
    // Every file opened in init; only running out of memory can fail here.
    guard let opened = TTF_OpenFontDPI(path, Int32(quarterPixels), 18, 18) else {
      fatalError("SDL2_ttf could not open \(path): \(String(cString: SDL_GetError()))")
    }
    TTF_SetFontHinting(opened, TTF_HINTING_LIGHT)
    TTF_SetFontKerning(opened, 1)
    open[key] = opened
    return opened
  }

  /// Metrics in points for layout, measured at the pixel size the glyphs are drawn at.
  public func metricsProvider(pixelsPerPoint: Double) -> any FontMetricsProvider {
    ScaledFontMetricsProvider(library: self, pixelsPerPoint: pixelsPerPoint)
  }
}

/// The fonts at one scale, handed to the core's layout.
struct ScaledFontMetricsProvider: FontMetricsProvider {
  let library: FontLibrary
  let pixelsPerPoint: Double

  func metrics(for font: Font) -> any FontMetrics {
    TTFFontMetrics(
      font: library.ttfFont(for: font, pixelsPerPoint: pixelsPerPoint),
      pixelsPerPoint: pixelsPerPoint)
  }
}

/// One SDL2_ttf font's metrics, converted from its pixels to points.
struct TTFFontMetrics: FontMetrics {
  let font: OpaquePointer
  let pixelsPerPoint: Double

  var ascent: Double { Double(TTF_FontAscent(font)) / pixelsPerPoint }
  var descent: Double { Double(-TTF_FontDescent(font)) / pixelsPerPoint }
  var lineHeight: Double { Double(TTF_FontLineSkip(font)) / pixelsPerPoint }

  func width(of text: String) -> Double {
    var width: Int32 = 0
    var height: Int32 = 0
    guard TTF_SizeUTF8(font, text, &width, &height) == 0 else { return 0 }
    return Double(width) / pixelsPerPoint
  }
}
