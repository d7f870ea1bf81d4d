import Testing

@testable import TextEffects

/// A stream holds a slice for every character it keeps and a frame copies a command for every
/// glyph it draws, so their size is what a long answer costs in memory, and whether they hold a
/// reference is what copying them costs.
struct CompactValueTests {
  @Test func aFontIsSixteenBytesOfPlainBits() {
    #expect(MemoryLayout<Font>.stride == 16)
    #expect(_isPOD(Font.self))
  }

  @Test func aFontsNameIsKeptAndComparedAsItsName() {
    var named = Font.custom("Noto Sans Arabic", size: 17)
    #expect(named.name == "Noto Sans Arabic")
    #expect(named == Font.custom("Noto Sans Arabic", size: 17))
    #expect(named != Font.custom("Noto Sans Hebrew", size: 17))
    #expect(named != Font(size: 17))
    named.name = nil
    #expect(named == Font(size: 17))
    #expect(named.name == nil)
    let many = (0..<200).map { Font.custom("Family \($0)", size: 12) }
    #expect(many.map(\.name) == (0..<200).map { "Family \($0)" })
    #expect(Set(many).count == 200)
  }

  @Test func aSliceWithOneGlyphTakes72Bytes() {
    #expect(MemoryLayout<TextLayout.Glyph>.size == 20)
    #expect(MemoryLayout<TextLayout.Slice>.stride == 72)
  }

  @Test func oneGlyphIsKeptAsItsIndexOnlyAtTheOrigin() {
    let atOrigin = TextLayout.Glyph(id: 7, offset: .zero)
    let moved = TextLayout.Glyph(id: 7, offset: Point(x: 0, y: -3))
    #expect(Array(TextLayout.Glyphs.one(atOrigin)) == [atOrigin])
    #expect(Array(TextLayout.Glyphs.one(moved)) == [moved])
    #expect(TextLayout.Glyphs.one(atOrigin) == TextLayout.Glyphs([atOrigin]))
    #expect(TextLayout.Glyphs.one(moved) == TextLayout.Glyphs([moved]))
    #expect(TextLayout.Glyphs.one(atOrigin) != TextLayout.Glyphs.one(moved))
    let two = TextLayout.Glyphs.one(atOrigin).appending(.one(moved))
    #expect(Array(two) == [atOrigin, moved])
  }

  @Test func aSlicesCharacterIndexIsKept() {
    let slice = TextLayout.Slice(
      text: "a", characterIndex: 65_535, origin: .zero, advance: 1, font: Font(size: 17),
      isBlank: false, glyphs: .none, isRightToLeft: false)
    #expect(slice.characterIndex == 65_535)
    var moved = slice
    moved.characterIndex += 1_000_000
    #expect(moved.characterIndex == 1_065_535)
  }
}
