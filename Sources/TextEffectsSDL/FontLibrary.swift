import FoundationEssentials
import Glibc
import TextEffects

/// Finds the file of each font and the font of each character, and opens each font once per
/// pixel size with FreeType and HarfBuzz, keeping it open.
///
/// A font is found among the bundled ones first (`FontFiles`), then by fontconfig among the
/// system's (`SystemFonts`). A size in quarter pixels at 18 dpi (a quarter of 72) gives the
/// fractional sizes that scaling asks for, such as 17 pt at 1.5× or 34 pt scaled by 1.6.
package final class FontLibrary {
  /// One face at one size: what a glyph in the atlas is keyed by.
  package struct FaceKey: Hashable {
    package var file: FontFile
    package var quarterPixels: Int
  }

  package let directory: URL
  private let freeType: FreeTypeLibrary
  private var faces: [FaceKey: FontFace] = [:]
  /// Each font's file, found once; the size plays no part.
  private var files: [Font: FontFile] = [:]
  /// Each character's font in text of a font, found once.
  private var characterFonts: [CharacterKey: Font] = [:]
  /// The files of the fonts text was laid out in: what drew it, to be recorded beside a
  /// suite's references.
  package private(set) var drawnFiles: Set<FontFile> = []

  private struct CharacterKey: Hashable {
    var font: Font
    var character: ExactText
    var language: String?
  }

  /// The bundled fonts' folder, as `FontFiles.locateDirectory` finds it, or an error that says
  /// where it was looked for and how to point at it.
  package static func bundledDirectory() throws -> URL {
    guard let directory = FontFiles.locateDirectory() else {
      throw SDLError(
        "The bundled fonts (Assets/Fonts) were not found beside \(FontFiles.executablePath), "
          + "in a folder above it, in ../share/text-effects/Assets from it or in "
          + "\(FontFiles.packageFolder.path); set TEXT_EFFECTS_ASSETS to the folder that holds "
          + "Fonts/")
    }
    return directory
  }

  /// Checks that every bundled font is there and loads, so a broken install fails at start with
  /// the file's name, not in the middle of a frame.
  package init(directory: URL) throws {
    self.directory = directory
    guard let freeType = FreeTypeLibrary() else { throw SDLError("Could not start FreeType") }
    self.freeType = freeType
    for name in FontFiles.allFileNames {
      let path = directory.appendingPathComponent(name).path
      guard FileManager.default.isReadableFile(atPath: path) else {
        throw SDLError(
          "Font file \(name) is missing: looked in \(directory.path) "
            + "(set TEXT_EFFECTS_ASSETS to the folder that holds Fonts/)")
      }
      guard FontFace(library: freeType, file: FontFile(path: path), quarterPixels: 48) != nil else {
        throw SDLError(
          "Font file \(path) is damaged: FreeType cannot read it (copy Assets/Fonts again, or "
            + "set TEXT_EFFECTS_ASSETS to a folder whose Fonts/ holds good copies)")
      }
    }
  }

  /// The glyph sizes FreeType is asked for, in pixels per em. Below one pixel FreeType refuses
  /// the size; above 1,024 a glyph's bitmap outgrows the atlas. Sizes beyond either end (a scale
  /// of 0.001, a zoom that makes 50,000 pixels) are drawn at the end.
  static let pixelSizes = 1.0...1024.0

  /// The key of `font`'s face at `pixelsPerPoint`.
  package func faceKey(for font: Font, pixelsPerPoint: Double) -> FaceKey {
    let file = file(for: font)
    let pixels = font.size * pixelsPerPoint
    let clamped =
      pixels.isNaN ? 1 : min(max(pixels, Self.pixelSizes.lowerBound), Self.pixelSizes.upperBound)
    // The emoji font has one size; every emoji is drawn at it and scaled.
    let quarterPixels =
      font.design == .emoji && font.name == nil
      ? Int(FontFiles.emojiStrikePixels * 4) : Int((clamped * 4).rounded())
    return FaceKey(file: file, quarterPixels: quarterPixels)
  }

  /// Notes that text was laid out in `file`.
  func noteDrawn(_ file: FontFile) {
    drawnFiles.insert(file)
  }

  /// `files` as a suite records them, one line each, sorted: a bundled file by its name, a
  /// system one by its path, each with its size, so that a machine whose fonts differ says so.
  package func describe(_ files: Set<FontFile>) -> [String] {
    files.map { file in
      let bundled = file.path.hasPrefix(directory.path + "/")
      let name = bundled ? String(file.path.dropFirst(directory.path.count + 1)) : file.path
      var status = stat()
      let size = stat(file.path, &status) == 0 ? Int(status.st_size) : 0
      return "font \(name)\(file.index == 0 ? "" : " #\(file.index)") \(size) bytes"
    }.sorted()
  }

  /// `font`'s face at `pixelsPerPoint`, opened on first use.
  func face(for font: Font, pixelsPerPoint: Double) -> FontFace {
    face(for: faceKey(for: font, pixelsPerPoint: pixelsPerPoint))
  }

  package func face(for key: FaceKey) -> FontFace {
    if let face = faces[key] { return face }
    // Every file was read once already (a bundled one in init, another when it was found).
    guard let face = FontFace(library: freeType, file: key.file, quarterPixels: key.quarterPixels)
    else { fatalError("FreeType could not open \(key.file.path) again") }
    faces[key] = face
    return face
  }

  /// The file that draws `font`: its design's bundled file, or the file or family it names
  /// (bundled first, then through fontconfig); a name nothing answers to draws in the design's
  /// bundled file (`checkFont(named:)` says so first, where a person gave the name).
  package func file(for font: Font) -> FontFile {
    var key = font
    key.size = 0
    if let known = files[key] { return known }
    let found =
      font.name.flatMap { self.file(named: $0, weight: font.weight) }
      ?? bundledFile(
        FontFiles.fileName(for: font.design, weight: font.weight, isItalic: font.isItalic))
    files[key] = found
    return found
  }

  private func bundledFile(_ name: String) -> FontFile {
    FontFile(path: directory.appendingPathComponent(name).path)
  }

  /// The file `name` (a path, or a family) stands for at `weight`, if one readable does.
  private func file(named name: String, weight: FontWeight) -> FontFile? {
    if let family = FontFiles.family(named: name), let file = family.files[weight] {
      return bundledFile(file)
    }
    if Self.isPath(name) {
      let file = FontFile(path: name)
      return FontFace(library: freeType, file: file, quarterPixels: 48) != nil ? file : nil
    }
    return SystemFonts.file(family: name, weight: weight).map(\.file)
  }

  /// A name with a folder in it, or a font file's ending, is a file's path; others are
  /// families.
  private static func isPath(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return name.contains("/")
      || [".ttf", ".otf", ".ttc", ".otc"].contains { lowered.hasSuffix($0) }
  }

  /// Checks that `name` names a font: a readable font file, a bundled family or one fontconfig
  /// knows. The error, which starts with `source` (where the name was given: "--font"), says
  /// which was tried and how to list the families.
  package static func checkFont(named name: String, for source: String) throws {
    if isPath(name) {
      guard let library = FreeTypeLibrary(),
        FontFace(library: library, file: FontFile(path: name), quarterPixels: 48) == nil
      else { return }
      let why =
        FileManager.default.fileExists(atPath: name)
        ? "FreeType cannot read it as a font" : "there is no such file"
      throw SDLError(
        "\(source): \(name) cannot be used: \(why); give a .ttf, .otf or .ttc file, or a family")
    }
    guard FontFiles.family(named: name) == nil,
      SystemFonts.file(family: name, weight: .regular) == nil
    else { return }
    throw SDLError(
      "\(source): no font family is called '\(name)', bundled or known to fontconfig; give a "
        + "font file's path, or a family that `fc-list : family` prints")
  }

  /// The font that draws `character` in text set in `font` (`FontMetricsProvider`'s rule):
  /// an emoji font for a cluster that shows as emoji, `font` when it has the character, else
  /// the bundled family of the character's script, then the other bundled families, then the
  /// system font fontconfig finds; `font` itself when none has it.
  func font(for character: Character, script: ScriptTag, in font: Font, language: String?)
    -> Font
  {
    var base = font
    base.size = 0
    let key = CharacterKey(font: base, character: ExactText(character), language: language)
    var found: Font
    if let known = characterFonts[key] {
      found = known
    } else {
      found = findFont(for: character, script: script, in: base, language: language)
      characterFonts[key] = found
    }
    found.size = font.size
    return found
  }

  private func findFont(
    for character: Character, script: ScriptTag, in font: Font, language: String?
  ) -> Font {
    let family = { (family: FontFiles.Family) -> Font in
      Font.custom(family.name, size: font.size, weight: font.weight)
    }
    if character.isEmojiPicture, covers(character, file(for: Font(design: .emoji, size: 0))) {
      return Font(design: .emoji, weight: font.weight, size: font.size)
    }
    if covers(character, file(for: font)) { return font }
    let scriptFamily = FontFiles.family(forScript: script.name)
    let candidates = (scriptFamily.map { [$0] } ?? []) + FontFiles.families
    for candidate in candidates where candidate.name != FontFiles.emoji.name {
      let candidateFont =
        candidate.name == FontFiles.inter.name
        ? Font(design: .proportional, weight: font.weight, size: font.size)
        : candidate.name == FontFiles.jetBrainsMono.name
          ? Font(design: .monospaced, weight: font.weight, size: font.size) : family(candidate)
      if covers(character, file(for: candidateFont)) { return candidateFont }
    }
    guard
      let scalar = character.unicodeScalars.first(where: {
        !$0.properties.isDefaultIgnorableCodePoint
      }),
      let system = SystemFonts.fallback(for: scalar, weight: font.weight, language: language)
    else { return font }
    let systemFont = Font.custom(system.family, size: font.size, weight: font.weight)
    files[systemFont] = system.file
    return covers(character, system.file) ? systemFont : font
  }

  /// Every scalar of `character` that shows has a glyph in `file`; joiners and variation
  /// selectors need none.
  private func covers(_ character: Character, _ file: FontFile) -> Bool {
    let face = face(for: FaceKey(file: file, quarterPixels: 48))
    return character.unicodeScalars.allSatisfy {
      face.covers($0) || $0.properties.isDefaultIgnorableCodePoint
    }
  }

  /// Metrics in points for layout, measured at the pixel size the glyphs are drawn at.
  package func metricsProvider(pixelsPerPoint: Double) -> any FontMetricsProvider {
    ScaledFontMetricsProvider(library: self, pixelsPerPoint: pixelsPerPoint)
  }
}
