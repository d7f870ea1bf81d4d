import CFontconfig
import TextEffects

/// The system's fonts, through fontconfig: a font a person names by its family, and a font for
/// a character no bundled font has.
///
/// fontconfig knows every font installed and which characters each has; asking it is what a
/// desktop's own text does for the same two questions.
enum SystemFonts {
  /// fontconfig reads its configuration and the font list once, on first use.
  private static let isReady: Bool = FcInit() == FcTrue

  /// The installed face of family `family` nearest `weight`, if fontconfig has that family
  /// (not merely something it would put in its place).
  static func file(family: String, weight: FontWeight) -> (family: String, file: FontFile)? {
    guard isReady, let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    _ = family.withCString {
      $0.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
        FcPatternAddString(pattern, te_fc_family, $0)
      }
    }
    FcPatternAddInteger(pattern, te_fc_weight, fontconfigWeight(weight))
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
    defer { FcPatternDestroy(match) }
    let families = strings(te_fc_family, of: match)
    guard
      let named = families.first(where: { $0.lowercased() == family.lowercased() }),
      let file = file(of: match)
    else { return nil }
    return (named, file)
  }

  /// The installed face, nearest `weight` and suited to `language`, that has `scalar`: its
  /// family and file.
  static func fallback(for scalar: Unicode.Scalar, weight: FontWeight, language: String?)
    -> (family: String, file: FontFile)?
  {
    guard isReady, let pattern = FcPatternCreate(), let wanted = FcCharSetCreate() else {
      return nil
    }
    defer {
      FcPatternDestroy(pattern)
      FcCharSetDestroy(wanted)
    }
    FcCharSetAddChar(wanted, scalar.value)
    FcPatternAddCharSet(pattern, te_fc_charset, wanted)
    FcPatternAddInteger(pattern, te_fc_weight, fontconfigWeight(weight))
    FcPatternAddBool(pattern, te_fc_scalable, FcTrue)
    if let language {
      _ = language.withCString {
        $0.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
          FcPatternAddString(pattern, te_fc_lang, $0)
        }
      }
    }
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let sorted = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return nil }
    defer { FcFontSetDestroy(sorted) }
    for index in 0..<Int(sorted.pointee.nfont) {
      guard let font = sorted.pointee.fonts[index] else { continue }
      var charset: OpaquePointer?
      guard FcPatternGetCharSet(font, te_fc_charset, 0, &charset) == FcResultMatch,
        FcCharSetHasChar(charset, scalar.value) == FcTrue,
        let family = strings(te_fc_family, of: font).first, let file = file(of: font)
      else { continue }
      return (family, file)
    }
    return nil
  }

  private static func file(of pattern: OpaquePointer) -> FontFile? {
    guard let path = strings(te_fc_file, of: pattern).first else { return nil }
    var index: Int32 = 0
    _ = FcPatternGetInteger(pattern, te_fc_index, 0, &index)
    return FontFile(path: path, index: Int(index))
  }

  private static func strings(_ object: UnsafePointer<CChar>, of pattern: OpaquePointer)
    -> [String]
  {
    var values: [String] = []
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(pattern, object, Int32(values.count), &value) == FcResultMatch,
      let value
    {
      values.append(String(cString: value))
    }
    return values
  }

  private static func fontconfigWeight(_ weight: FontWeight) -> Int32 {
    switch weight {
    case .regular: FC_WEIGHT_REGULAR
    case .medium: FC_WEIGHT_MEDIUM
    case .semibold: FC_WEIGHT_SEMIBOLD
    case .bold: FC_WEIGHT_BOLD
    case .black: FC_WEIGHT_BLACK
    }
  }
}
