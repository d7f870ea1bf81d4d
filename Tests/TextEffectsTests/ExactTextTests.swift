import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// The caches keep what they made for a text by its exact bytes, and a character's ASCII value
/// is read without comparing it: Swift's `==` on text normalises whatever is not ASCII, which
/// cost a long text in Devanagari most of its layout.
struct ExactTextTests {
  /// "é" as one scalar and as "e" with a combining accent: equal as Strings, two texts to
  /// lay out, each with its own scalars.
  static let composed = "Caf\u{E9}"
  static let decomposed = "Cafe\u{301}"

  @Test func canonicallyEqualTextsAreTwoKeys() {
    #expect(Self.composed == Self.decomposed)
    #expect(ExactText(Self.composed) != ExactText(Self.decomposed))
    #expect(ExactText(Self.composed) == ExactText("Caf" + "\u{E9}"))
    #expect(Set([ExactText(Self.composed), ExactText(Self.decomposed)]).count == 2)
    #expect(ExactText(Character("\u{E9}")) != ExactText(Character("e\u{301}")))
    // Equal bytes hash alike, whether the String is small (in place) or on the heap.
    let long = String(repeating: "क्षि", count: 1_000)
    #expect(
      ExactText(long).hashValue
        == ExactText(String(decoding: Array(long.utf8), as: UTF8.self)).hashValue)
  }

  @Test func aCachedLayoutIsOfTheTextAsSpelled() {
    let cache = Typesetter(fonts: FakeMonospaceMetrics())
    let font = Font(size: 17)
    let composed = cache.layout(Self.composed, font: font)
    let decomposed = cache.layout(Self.decomposed, font: font)
    #expect(composed.slices.last?.text.unicodeScalars.count == 1)
    #expect(decomposed.slices.last?.text.unicodeScalars.count == 2)
    #expect(cache.label(Self.decomposed, font: font).slices.last?.text == "e\u{301}")
  }

  @Test(arguments: [
    "\r\n", "e\u{301}", "\u{E9}", "\u{301}", "👍🏽", "क्षि", "文", "\r", "\u{301}\u{301}", "🇫🇷",
  ])
  func theASCIIByteIsTheASCIIValue(text: String) {
    let character = Character(text)
    #expect(character.asciiByte == character.asciiValue)
  }

  @Test func everyASCIICharacterIsItsByte() {
    for value in UInt8(0)..<128 {
      let character = Character(Unicode.Scalar(value))
      #expect(character.asciiByte == value && character.asciiValue == value)
    }
  }
}
