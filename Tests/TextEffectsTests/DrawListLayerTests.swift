import Testing

@testable import TextEffects

/// A frame's layers: the one place it says what it repeats of the frame before.
@Suite struct DrawListLayerTests {
  static let font = Font(size: 17)

  /// Records one frame into `list`: layer 1 with `version` at `offset` draws `text`, then a
  /// glyph outside any layer; returns how many times the layer's body ran.
  static func frame(
    _ list: DrawList, version: Int?, text: String = "ab", offset: Point = .zero,
    color: RGBAColor = .white
  ) -> Int {
    list.reset(background: .black)
    var context = GraphicsContext(list: list, foregroundColor: color, offset: offset)
    var runs = 0
    context.layer(id: 1, version: version) { context in
      runs += 1
      context.draw(text, font: font, at: Point(x: 10, y: 20))
    }
    context.offset = .zero
    context.draw("z", font: font, at: Point(x: 0, y: 0))
    return runs
  }

  /// A layer drawn at an equal version, in the same context and place, repeats the frame
  /// before's commands without drawing them: they equal what its body would have drawn.
  @Test func anEqualVersionRepeatsWithoutDrawing() {
    let list = DrawList()
    #expect(Self.frame(list, version: 7) == 1)
    let first = list.commands
    #expect(Self.frame(list, version: 7) == 0)
    #expect(list.commands == first)
    #expect(list.layers.map(\.repeats) == [true])
    #expect(list.layers.first?.last == 0..<1)
    #expect(list.repeatedStart == 1)
  }

  /// Another version, colour or offset, or no version at all, draws again; the renderer is
  /// still told where the layer was, to find its glyphs there.
  @Test func anythingElseDrawsAgain() {
    let list = DrawList()
    _ = Self.frame(list, version: 7)
    #expect(Self.frame(list, version: 8, text: "abc") == 1)
    #expect(list.glyphs.first?.content == .text("abc", endsAtOrigin: false))
    #expect(Self.frame(list, version: 8, color: .black) == 1)
    #expect(Self.frame(list, version: 8, offset: Point(x: 0, y: -3)) == 1)
    #expect(list.glyphs.first?.origin == Point(x: 10, y: 17))
    #expect(Self.frame(list, version: nil) == 1)
    #expect(Self.frame(list, version: nil) == 1)
    #expect(list.layers.map(\.repeats) == [false])
    #expect(list.layers.first?.last == 0..<1)
    #expect(list.repeatedStart == 0)
  }

  /// A layer the frame before did not draw has nothing to repeat or find: a new id, or a
  /// frame after one that drew none.
  @Test func aNewLayerHasNoLast() {
    let list = DrawList()
    list.reset(background: .black)
    _ = Self.frame(list, version: 7)
    #expect(list.layers.first?.last == nil)
    list.reset(background: .black)
    #expect(list.layers.isEmpty)
    #expect(Self.frame(list, version: 7) == 1)
    #expect(list.layers.first?.last == nil)
  }
}
