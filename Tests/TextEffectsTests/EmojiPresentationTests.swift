import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// Which clusters show as colour pictures (UTS #51), and that layout gives them to the emoji
/// font before the line's own.
@Suite struct EmojiPresentationTests {
  @Test(arguments: [
    "😀", "👍🏽", "🇫🇷", "👨‍👩‍👧", "1️⃣", "1⃣", "#️⃣", "❤️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑🏿‍🦰", "🏳️‍🌈",
    // Broken sequences still show as what they hold: a lone regional indicator, a lone
    // skin-tone modifier.
    "🇫", "🏽",
  ])
  func emojiClustersArePictures(cluster: String) {
    let character = Character(cluster)
    #expect(character.isEmojiPicture, "\(cluster.unicodeScalars.map(\.value))")
  }

  @Test(arguments: [
    "A", "1", "#", "©", "❤", "❤︎", "😀︎", "\u{200D}", "é", "文", "\u{20E3}", "a\u{200D}",
  ])
  func textClustersAreNot(cluster: String) {
    let character = Character(cluster)
    #expect(!character.isEmojiPicture, "\(cluster.unicodeScalars.map(\.value))")
  }
}

/// A text font that has every character, even the emoji's (as a box); an emoji font that has
/// only emoji, 30 points wide with a lower ascent.
struct EmojiMetrics: FontMetrics {
  var ascent: Double { 6 }
  var descent: Double { 3 }
  var lineHeight: Double { 10 }
  func shape(
    _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
    script: ScriptTag, language: String?
  ) -> [ShapedGlyph] {
    shapeEach(paragraph, run: run, isRightToLeft: isRightToLeft, width: 30)
  }
  func covers(_ character: Character) -> Bool { character.isEmojiPicture }
}

@Suite struct EmojiFallbackTests {
  let emojiFont = Font(design: .emoji, size: 10)
  let otherFont = Font(design: .monospaced, size: 10)

  func laid(_ text: String) -> TextLayout {
    TextLayout(
      text: text, font: testFont,
      fonts: FixedFonts(
        primary: FakeMonospaceMetrics(),
        others: [(otherFont, WideHashMetrics()), (emojiFont, EmojiMetrics())]))
  }

  @Test func emojiGoToTheEmojiFontEvenWhenTheTextFontHasThem() {
    let layout = laid("a👍🏽b🇫🇷")
    #expect(layout.slices.map(\.font) == [testFont, emojiFont, testFont, emojiFont])
    #expect(layout.slices.map(\.origin.x) == [0, 10, 40, 50])
    // On the line's baseline: the emoji font's ascent is 6, the line's 9.
    #expect(layout.slices[1].origin.y == FakeMonospaceMetrics().ascent - 6)
  }

  @Test func spacesAfterAnEmojiAreTheTexts() {
    #expect(laid("👍🏽 a").slices.map(\.font) == [emojiFont, testFont, testFont])
  }

  @Test func textPresentationStaysWithTheText() {
    #expect(laid("❤︎1#").slices.allSatisfy { $0.font == testFont })
  }
}
