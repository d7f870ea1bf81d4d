import CICU

/// A writing system, as ISO 15924 names it ("Latn", "Arab", "Hani"), from a code point's
/// Script property (UAX #24) in ICU: what HarfBuzz shapes a run as, and how a font that has a
/// script is found.
package struct ScriptTag: Hashable, Sendable {
  /// ICU's code for it (`UScriptCode`).
  private let code: Int32

  /// Characters of every script: spaces, digits, punctuation, symbols (Zyyy).
  static let common = ScriptTag(code: te_script_common)
  /// Marks that take the script of what they follow (Zinh).
  static let inherited = ScriptTag(code: te_script_inherited)
  static let latin = ScriptTag(code: te_script_latin)
  static let han = ScriptTag(code: te_script_han)
  static let hiragana = ScriptTag(code: te_script_hiragana)
  static let katakana = ScriptTag(code: te_script_katakana)
  static let hangul = ScriptTag(code: te_script_hangul)

  private init(code: Int32) {
    self.code = code
  }

  /// The script of `scalar`; ASCII is answered without asking ICU.
  init(of scalar: Unicode.Scalar) {
    if scalar.isASCII {
      let value = scalar.value | 0x20
      self = (0x61...0x7A).contains(value) ? .latin : .common
      return
    }
    code = te_script(scalar.value)
  }

  /// Common or Inherited: it takes the script of the text around it.
  var isShared: Bool { self == .common || self == .inherited }

  /// Its four letters, as ISO 15924 writes them: "Arab".
  package var name: String {
    String(cString: te_script_name(code))
  }
}

/// Which ICU the text stack was built with, and the Unicode version it follows: what bidi,
/// line breaking and scripts are decided by.
package enum TextAnalysisVersion {
  /// "72.1 (Unicode 15.0)".
  package static var icu: String {
    "\(String(cString: te_icu_version())) (Unicode \(unicode))"
  }

  /// The Unicode version ICU follows ("15.0").
  package static var unicode: String {
    var unicode = [CChar](repeating: 0, count: 32)
    te_unicode_version(&unicode)
    return String(decoding: unicode.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
  }

  /// The Line_Break class ICU gives `scalar` ("AL"): a conformance file made for an older
  /// Unicode than ICU's expects the older class for the characters whose class changed.
  package static func lineBreakClass(of scalar: Unicode.Scalar) -> String {
    String(cString: te_line_break_class(scalar.value))
  }
}
