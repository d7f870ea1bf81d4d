import Testing
import TextEffectsTestSupport

@testable import TextEffectsProgram

/// A label's text as a screen reader moves through it: by Unicode scalars, words as ICU cuts
/// them, lines to their line breaks.
@Suite struct AtspiTextTests {
  let text = AtspiText("Mix flour, water\nand salt é")

  @Test func itIsCountedInScalars() {
    #expect(text.count == 27)
    #expect(text.text(from: 4, to: 9) == "flour")
    #expect(text.text(from: 17, to: -1) == "and salt é")
    #expect(text.text(from: -5, to: 99) == "Mix flour, water\nand salt é")
    #expect(text.character(at: 26) == 0xE9)
    #expect(text.character(at: 27) == 0)
  }

  @Test func aReaderMovesByCharactersWordsAndLines() {
    #expect(text.segment(.character, at: 1) == ("i", 1, 2))
    #expect(text.segment(.word, at: 5) == (" flour,", 3, 10))
    #expect(text.segment(.word, at: 0) == ("Mix", 0, 3))
    #expect(text.segment(.line, at: 2) == ("Mix flour, water\n", 0, 17))
    #expect(text.segment(.line, at: 20) == ("and salt é", 17, 27))
    #expect(AtspiText("").segment(.word, at: 0) == ("", 0, 0))
  }
}
