import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// `--font` and `--lang`, a kiosk item's and a suite case's `font` and `lang`, and the locale's
/// language when none is given.
@Suite struct FontAndLanguageOptionsTests {
  func settings(_ arguments: [String], locale: LanguageTag? = nil) throws -> SceneSettings? {
    try CommandLineOptions.parse(arguments, locale: locale).settings
  }

  @Test func fontAndLanguageReachTheScene() throws {
    let given = try settings([
      "--screenshot", "a.png", "--font", "DejaVu Serif", "--lang", "zh_Hant",
    ])
    #expect(given?.fontName == "DejaVu Serif")
    #expect(given?.language == "zh-Hant")
    #expect(
      given?.textFont(.system(size: 20, weight: .bold))
        == .custom("DejaVu Serif", size: 20, weight: .bold))
  }

  @Test func theLocaleGivesTheLanguageUnlessLangDoes() throws {
    let locale = LanguageTag.locale(in: ["LANG": "ja_JP.UTF-8"])
    #expect(locale?.description == "ja-JP")
    #expect(try settings(["--screenshot", "a.png"], locale: locale)?.language == "ja-JP")
    #expect(
      try settings(["--screenshot", "a.png", "--lang", "ko"], locale: locale)?.language == "ko")
    #expect(try settings(["--screenshot", "a.png"])?.language == nil)
  }

  @Test func theLocaleIsReadAsPOSIXOrdersItsVariables() {
    #expect(
      LanguageTag.locale(in: ["LC_ALL": "ar_EG.UTF-8", "LANG": "en_US"])?.description == "ar-EG")
    #expect(LanguageTag.locale(in: ["LC_CTYPE": "th_TH", "LANG": "en_US"])?.description == "th-TH")
    #expect(LanguageTag.locale(in: ["LANG": "C.UTF-8"]) == nil)
    #expect(LanguageTag.locale(in: ["LANG": "POSIX"]) == nil)
    #expect(LanguageTag.locale(in: ["LANG": "sr_RS@latin"])?.description == "sr-RS")
    #expect(LanguageTag.locale(in: [:]) == nil)
  }

  @Test(arguments: ["ja", "zh-Hant", "zh-Hant-TW", "pt-BR", "sr-Latn", "ar", "yue"])
  func languageTagsAreTaken(tag: String) {
    #expect(LanguageTag(tag)?.description == tag)
  }

  @Test(arguments: ["", "x", "english", "ja--JP", "j1", "日本", "ja-toolongsubtag", "-ja"])
  func otherWordsAreNotLanguages(word: String) {
    #expect(LanguageTag(word) == nil)
    #expect(
      usageError(["--screenshot", "a.png", "--lang", word])
        == "--lang: '\(word)' is not a language tag; give one as BCP 47 writes it, such as ja, "
        + "zh-Hant or pt-BR")
  }

  @Test func anEmptyFontIsRefused() {
    #expect(
      usageError(["--screenshot", "a.png", "--font", ""])
        == "--font: give a font file's path or a family name, not nothing")
  }

  @Test func aKioskItemTakesItsFontAndLanguage() throws {
    let content = try KioskContent.parse(
      Data(
        #"{"items": [{"scene": "glitch", "text": "你好", "font": "Noto Sans CJK SC", "lang": "zh-Hans"}, {"scene": "typewriter"}]}"#
          .utf8), base: SceneSettings())
    #expect(content.items[0].settings.fontName == "Noto Sans CJK SC")
    #expect(content.items[0].settings.language == "zh-Hans")
    #expect(content.items[1].settings.fontName == nil)
    #expect(throws: KioskContent.Problem.self) {
      try KioskContent.parse(
        Data(#"{"items": [{"scene": "glitch", "lang": "no language"}]}"#.utf8),
        base: SceneSettings())
    }
  }

  @Test func aSuiteCaseTakesItsFontAndLanguageAndNoLocale() throws {
    let suite = try VisualSuite.parse(
      Data(
        #"{"defaults": {"lang": "ja"}, "cases": [{"name": "a", "scene": "glitch", "font": "x.ttf"}, {"name": "b", "scene": "glitch", "lang": "ko"}]}"#
          .utf8), readFile: { _ in Data() })
    #expect(suite.cases.map(\.settings.fontName) == ["x.ttf", nil])
    #expect(suite.cases.map(\.settings.language) == ["ja", "ko"])
  }
}
