/// A language as BCP 47 tags it ("ja", "zh-Hant", "pt-BR"), or as a POSIX locale names it
/// ("ja_JP.UTF-8", which becomes "ja-JP"): what `--lang`, a kiosk item's `lang` and the
/// locale give the text.
///
/// It is checked for its shape only, letters and digits in subtags of one to eight joined by
/// hyphens, the first of two or three letters: ICU and HarfBuzz take any such tag, and one they
/// do not know means no particular language.
package struct LanguageTag: Equatable, Sendable, CustomStringConvertible {
  package let description: String

  package init?(_ text: String) {
    // A POSIX locale's encoding and modifier are no part of the language.
    let bare = String(text.prefix { $0 != "." && $0 != "@" }.map { $0 == "_" ? "-" : $0 })
    let subtags = bare.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = subtags.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter }),
      subtags.allSatisfy({
        (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      })
    else { return nil }
    description = subtags.joined(separator: "-")
  }

  /// The language of the locale the environment gives (`LC_ALL`, else `LC_CTYPE`, else
  /// `LANG`, as POSIX orders them), or nil for the C and POSIX locales and none at all.
  package static func locale(in environment: [String: String]) -> LanguageTag? {
    let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let name, name != "C", name != "POSIX", !name.hasPrefix("C.") else { return nil }
    return LanguageTag(name)
  }
}
