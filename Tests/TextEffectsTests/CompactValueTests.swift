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

  @Test func aSliceWithOneGlyphTakes88Bytes() {
    #expect(MemoryLayout<TextLayout.Glyph>.size == 20)
    #expect(MemoryLayout<TextLayout.Slice>.stride == 88)
  }
}
