import Foundation
import TextEffects

/// The bundled fonts: Inter for SwiftUI's default design, JetBrains Mono for `.monospaced`,
/// Noto Color Emoji for the clusters that show as emoji, in every weight.
///
/// Fonts come from `Assets/Fonts`, never from the system, so a screenshot does not change with
/// the machine's fonts. JetBrains Mono stops at ExtraBold, which stands in for black.
package enum FontFiles {
  /// Noto Color Emoji's pictures are colour bitmaps (CBDT) of one size, 109 pixels to the em:
  /// they are drawn at that size and scaled to the text's.
  static let emojiStrikePixels = 109.0

  package static func fileName(for design: FontDesign, weight: FontWeight) -> String {
    switch (design, weight) {
    case (.emoji, _): return "NotoColorEmoji.ttf"
    case (.proportional, .regular): return "Inter-Regular.otf"
    case (.proportional, .medium): return "Inter-Medium.otf"
    case (.proportional, .semibold): return "Inter-SemiBold.otf"
    case (.proportional, .bold), (.proportional, .black): return "Inter-Bold.otf"
    case (.monospaced, .regular): return "JetBrainsMono-Regular.ttf"
    case (.monospaced, .medium), (.monospaced, .semibold): return "JetBrainsMono-Medium.ttf"
    case (.monospaced, .bold): return "JetBrainsMono-Bold.ttf"
    case (.monospaced, .black): return "JetBrainsMono-ExtraBold.ttf"
    }
  }

  /// Every file the program may open, to check an install before the first frame.
  package static var allFileNames: [String] {
    Array(
      Set(
        FontDesign.allCases.flatMap { design in
          FontWeight.allCases.map { fileName(for: design, weight: $0) }
        })
    ).sorted()
  }

  /// The folder that holds the fonts: `$TEXT_EFFECTS_ASSETS/Fonts` when set, else the first
  /// `Assets/Fonts` found beside the executable or in a folder above it (which finds the
  /// repository's own when run with `swift run`), else the one in the package this library was
  /// built from: a program of your own that depends on it lives in your package's `.build`, far
  /// from its fonts, as SwiftPM's own resource bundles find theirs.
  package static func locateDirectory(executablePath: String = CommandLine.arguments[0]) -> URL? {
    let fileManager = FileManager.default
    if let override = ProcessInfo.processInfo.environment["TEXT_EFFECTS_ASSETS"] {
      return URL(fileURLWithPath: override).appendingPathComponent("Fonts")
    }
    var folder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    var candidates: [URL] = []
    for _ in 0..<8 {
      candidates.append(folder.appendingPathComponent("Assets/Fonts"))
      folder.deleteLastPathComponent()
    }
    candidates.append(packageFolder.appendingPathComponent("Assets/Fonts"))
    return candidates.first {
      fileManager.fileExists(atPath: $0.appendingPathComponent("Inter-Regular.otf").path)
    }
  }

  /// The package this file was built from: two folders above `Sources/TextEffectsSDL`.
  package static let packageFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
