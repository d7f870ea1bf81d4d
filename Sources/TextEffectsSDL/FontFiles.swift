import FoundationEssentials
import TextEffects

/// The bundled fonts: Inter for SwiftUI's default design, JetBrains Mono for `.monospaced`,
/// Noto Color Emoji for the clusters that show as emoji, and a Noto family for each of the
/// world's major scripts they lack (Arabic, Hebrew, Devanagari, Bengali, Tamil, Thai, Georgian,
/// Armenian, Ethiopic, Chinese, Japanese and Korean).
///
/// Fonts come from `Assets/Fonts` first, so a screenshot does not change with the machine's
/// fonts; only a character none of them has is looked for among the system's (`SystemFonts`).
package enum FontFiles {
  /// Noto Color Emoji's pictures are colour bitmaps (CBDT) of one size, 109 pixels to the em:
  /// they are drawn at that size and scaled to the text's.
  static let emojiStrikePixels = 109.0

  /// A bundled family: its name, its file for each weight, and the scripts (ISO 15924) it is
  /// the first fallback for.
  struct Family {
    var name: String
    var files: [FontWeight: String]
    var scripts: [String]
    /// Its italic file for each weight, where it has italics (Markdown's emphasis).
    var italicFiles: [FontWeight: String] = [:]

    /// A family of two files: regular (and medium) and bold (and heavier).
    init(_ name: String, regular: String, bold: String, scripts: [String]) {
      self.name = name
      files = [.regular: regular, .medium: regular, .semibold: bold, .bold: bold, .black: bold]
      self.scripts = scripts
    }

    init(
      _ name: String, files: [FontWeight: String], scripts: [String],
      italicFiles: [FontWeight: String] = [:]
    ) {
      self.name = name
      self.files = files
      self.scripts = scripts
      self.italicFiles = italicFiles
    }
  }

  static let inter = Family(
    "Inter",
    files: [
      .regular: "Inter-Regular.otf", .medium: "Inter-Medium.otf", .semibold: "Inter-SemiBold.otf",
      .bold: "Inter-Bold.otf", .black: "Inter-Bold.otf",
    ], scripts: ["Latn", "Grek", "Cyrl"],
    italicFiles: [
      .regular: "Inter-Italic.otf", .medium: "Inter-MediumItalic.otf",
      .semibold: "Inter-SemiBoldItalic.otf", .bold: "Inter-BoldItalic.otf",
      .black: "Inter-BoldItalic.otf",
    ])
  /// JetBrains Mono stops at ExtraBold, which stands in for black; its italics are two.
  static let jetBrainsMono = Family(
    "JetBrains Mono",
    files: [
      .regular: "JetBrainsMono-Regular.ttf", .medium: "JetBrainsMono-Medium.ttf",
      .semibold: "JetBrainsMono-Medium.ttf", .bold: "JetBrainsMono-Bold.ttf",
      .black: "JetBrainsMono-ExtraBold.ttf",
    ], scripts: [],
    italicFiles: [
      .regular: "JetBrainsMono-Italic.ttf", .medium: "JetBrainsMono-Italic.ttf",
      .semibold: "JetBrainsMono-BoldItalic.ttf", .bold: "JetBrainsMono-BoldItalic.ttf",
      .black: "JetBrainsMono-BoldItalic.ttf",
    ])
  static let emoji = Family(
    "Noto Color Emoji",
    files: Dictionary(uniqueKeysWithValues: FontWeight.allCases.map { ($0, "NotoColorEmoji.ttf") }),
    scripts: [])

  /// Noto for each script Inter lacks, from Debian's fonts-noto-core, in regular and bold.
  static let scriptFamilies: [Family] = [
    ("Arabic", ["Arab"]), ("Hebrew", ["Hebr"]), ("Devanagari", ["Deva"]),
    ("Bengali", ["Beng"]), ("Tamil", ["Taml"]), ("Thai", ["Thai"]), ("Georgian", ["Geor"]),
    ("Armenian", ["Armn"]), ("Ethiopic", ["Ethi"]),
  ].map { script, tags in
    Family(
      "Noto Sans \(script)", regular: "NotoSans\(script)-Regular.ttf",
      bold: "NotoSans\(script)-Bold.ttf", scripts: tags)
  }
  /// Chinese, Japanese and Korean in one family, whose `locl` feature gives each language its
  /// forms: Noto Sans CJK SC from Debian's fonts-noto-cjk, cut to the 14,410 characters of the
  /// national standards (scripts/make-cjk-subset), 6 MB a weight instead of 19.
  static let cjk = Family(
    "Noto Sans CJK SC", regular: "NotoSansCJKsc-Regular-Subset.otf",
    bold: "NotoSansCJKsc-Bold-Subset.otf", scripts: ["Hani", "Hira", "Kana", "Hang", "Bopo"])

  /// Every bundled family, in the order a character none of the scripts' own has is looked for.
  static let families: [Family] = [inter, jetBrainsMono] + scriptFamilies + [cjk, emoji]

  /// The family of a design.
  static func family(for design: FontDesign) -> Family {
    switch design {
    case .proportional: inter
    case .monospaced: jetBrainsMono
    case .emoji: emoji
    }
  }

  /// The bundled file of `design` at `weight`: its italic where asked and the family has one.
  package static func fileName(
    for design: FontDesign, weight: FontWeight, isItalic: Bool = false
  ) -> String {
    let family = family(for: design)
    return (isItalic ? family.italicFiles[weight] : nil) ?? family.files[weight]
      ?? "Inter-Regular.otf"
  }

  /// The bundled family called `name`, whatever its case.
  static func family(named name: String) -> Family? {
    families.first { $0.name.lowercased() == name.lowercased() }
  }

  /// The bundled family made for `script` (ISO 15924), if one is.
  static func family(forScript script: String) -> Family? {
    families.first { $0.scripts.contains(script) }
  }

  /// Every file the program may open, to check an install before the first frame.
  package static var allFileNames: [String] {
    Array(Set(families.flatMap { Array($0.files.values) + $0.italicFiles.values })).sorted()
  }

  /// The folder that holds the fonts: `$TEXT_EFFECTS_ASSETS/Fonts` when set, else the first
  /// `Assets/Fonts` found beside the executable or in a folder above it (which finds the
  /// repository's own when run with `swift run`), else an installed program's
  /// (`/usr/bin/text-effects` finds `/usr/share/text-effects/Assets/Fonts`, as the package puts
  /// them), else the one in the package this library was built from: a program of your own
  /// that depends on it lives in your package's `.build`, far from its fonts, as SwiftPM's own
  /// resource bundles find theirs.
  package static func locateDirectory(executablePath: String = executablePath) -> URL? {
    let fileManager = FileManager.default
    if let override = ProcessInfo.processInfo.environment["TEXT_EFFECTS_ASSETS"] {
      return URL(fileURLWithPath: override).appendingPathComponent("Fonts")
    }
    let executableFolder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    var folder = executableFolder
    var candidates: [URL] = []
    for _ in 0..<8 {
      candidates.append(folder.appendingPathComponent("Assets/Fonts"))
      folder.deleteLastPathComponent()
    }
    candidates.append(
      executableFolder.deletingLastPathComponent()
        .appendingPathComponent("share/text-effects/Assets/Fonts"))
    candidates.append(packageFolder.appendingPathComponent("Assets/Fonts"))
    return candidates.first {
      fileManager.fileExists(atPath: $0.appendingPathComponent("Inter-Regular.otf").path)
    }
  }

  /// The running program's file, as the kernel says (`/proc/self/exe`): its first argument is
  /// only a name when it was found on the `PATH`, as an installed `text-effects` is.
  package static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }

  /// The package this file was built from: two folders above `Sources/TextEffectsSDL`.
  package static let packageFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
