import Testing

@testable import TextEffects

/// An ASCII block's markers are closed reading its bytes, which costs no decoding; what comes
/// out must be what reading its Unicode scalars gives.
@Suite struct MarkdownCompletionBytesTests {
  @Test func asciiBytesCloseAsCharactersDo() {
    let alphabet = Array("*_~`[]()\\ \t\na1.w/:h")
    var random = SeededRandom(seed: 46)
    for _ in 0..<20_000 {
      let length = Int(random.next() % 24)
      let text = String(
        (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      #expect(
        MarkdownCompletion.closeInlines(text)
          == MarkdownCompletion.closeInlines(Array(text.unicodeScalars)),
        "\(text.debugDescription)")
    }
  }

  @Test func aBlockWithOneCharacterBeyondASCIIIsReadByScalars() {
    // cmark-gfm reads scalars: a star before a combining accent still closes the star before
    // it (its tree: emph "b", then the accent as text), so only the second pair is open.
    #expect(MarkdownCompletion.closeInlines("a *b*\u{301} c **d") == "a *b*\u{301} c **d**")
    #expect(MarkdownCompletion.closeInlines("a *b* c **d") == "a *b* c **d**")
    #expect(MarkdownCompletion.closeInlines("snake_case and `co") == "snake_case and `co`")
  }
}
