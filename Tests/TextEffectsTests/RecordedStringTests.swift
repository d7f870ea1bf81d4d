import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// A string a renderer draws (a cursor, a stand-in letter, a caller's label) is laid out as it
/// is recorded, by the context's typesetter, as any text is: the list holds glyphs and shapes
/// only, plain bytes, and whoever draws it never lays text out.
@Suite struct RecordedStringTests {
  /// A command holds nothing counted by reference: copying a frame's thousands from the frame
  /// before, or dropping them, is copying or dropping bytes.
  @Test func aCommandIsPlainBytes() {
    #expect(_isPOD(DrawList.Command.self))
    #expect(_isPOD(GlyphDraw.self))
  }

  /// Each string draws its own glyphs where it is put, as its layout places them: a
  /// right-to-left one reads from the right, and one that ends at its point ends there.
  @Test func stringsAreGlyphsWhereTheyAreRecorded() {
    let list = DrawList()
    let context = GraphicsContext.standIn(list)
    context.draw("abc", font: testFont, at: Point(x: 5, y: 7))
    #expect(list.glyphs.map(\.text) == ["a", "b", "c"])
    #expect(list.glyphs.map(\.origin) == [0, 10, 20].map { Point(x: 5 + $0, y: 7) })
    context.draw("\u{05D0}\u{05D1}", font: testFont, endingAt: Point(x: 100, y: 0))
    #expect(list.glyphs.suffix(2).map(\.text) == ["\u{05D0}", "\u{05D1}"])
    #expect(list.glyphs.suffix(2).map(\.origin.x) == [90, 80])
  }

  /// Without a typesetter a string draws nothing, rather than a stand-in of its own: a context
  /// a renderer hands out always has one.
  @Test func withoutATypesetterAStringDrawsNothing() {
    let list = DrawList()
    GraphicsContext(list: list).draw("abc", font: testFont, at: .zero)
    #expect(list.commands.isEmpty)
  }
}
