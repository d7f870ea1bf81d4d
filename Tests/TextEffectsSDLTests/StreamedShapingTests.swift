import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// A stream's open paragraph is shaped again only from where HarfBuzz says the new text can
/// reach (its unsafe-to-concat flags); with the bundled fonts, in every script they hold,
/// what that gives is exactly the paragraph shaped whole, however the pieces fall: inside a
/// kerning pair, a conjunct, an emoji sequence or a Thai word, and where the language of
/// Han characters or the script of the leading digits is only settled by what comes later.
@Suite struct StreamedShapingTests {
  static let texts = [
    "AVAVA Wave WAVE Type Tyre LT AT Vo Yo, T.V. \"quoted\" f/ (office) 1/2 → ← ok.",
    "2024: numbers first, then words; ‘quotes’ and — dashes — at the end",
    "हिन्दी में क्षत्रिय और नमस्ते, संयुक्ताक्षर क्ष्म्य एक के बाद एक आते हैं।",
    "ภาษาไทยไม่มีช่องว่างระหว่างคำ แต่ตัดบรรทัดได้ที่ขอบเขตของคำ",
    "বাংলা লিপিতে যুক্তাক্ষর ক্ষ্ম আসে। தமிழ் எழுத்துகள் கூட்டெழுத்து.",
    "漢字の国、日本語です。漢字漢字 then 한국어 텍스트 arrives.",
    "e\u{301}tudes 👩‍💻 at work 🇫🇷🇯🇵 and 👨‍👩‍👧 with a thumbs up 👍🏽 and more.",
    "English, then עברית עם 42 מספרים, then العربية ١٢٣ and back.",
  ]

  /// `text` in pieces of 1 to `longest` Unicode scalars, so a piece may end inside a
  /// character or between a letter and its accent.
  static func stream(
    _ text: String, longest: Int, seed: UInt64, fonts: any FontMetricsProvider
  ) -> TextLayout {
    var random = SeededRandom(seed: seed)
    var streamed = StreamedLayout(font: .system(.body), fonts: fonts, width: 320)
    let scalars = Array(text.unicodeScalars)
    var end = 0
    while end < scalars.count {
      end = min(end + Int.random(in: 1...longest, using: &random), scalars.count)
      var received = String.UnicodeScalarView()
      received.append(contentsOf: scalars[..<end])
      streamed.grow(to: String(received))
    }
    return streamed.layout
  }

  @Test(arguments: texts.indices, [1, 4]) func piecesShapeAsTheWhole(text: Int, longest: Int)
    throws
  {
    let fonts = try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 1.5)
    let text = Self.texts[text]
    let streamed = Self.stream(text, longest: longest, seed: UInt64(longest), fonts: fonts)
    let whole = TextLayout(
      text: text, font: .system(.body), fonts: fonts, width: 320, fillsWidth: true)
    #expect(streamed.lines == whole.lines)
    if let slice = zip(streamed.slices, whole.slices).enumerated().first(where: { $1.0 != $1.1 })?
      .offset
    {
      Issue.record("Slice \(slice): \(streamed.slices[slice]), whole: \(whole.slices[slice])")
    }
    #expect(streamed.slices.count == whole.slices.count)
  }
}
