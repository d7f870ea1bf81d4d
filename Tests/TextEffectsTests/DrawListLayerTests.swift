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
    var context = GraphicsContext.standIn(list, foregroundColor: color, offset: offset)
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
    #expect(list.layers.first?.last == 0..<2)
    #expect(list.repeatedStart == 2)
  }

  /// Another version, colour or offset, or no version at all, draws again; the renderer is
  /// still told where the layer was, to find its glyphs there.
  @Test func anythingElseDrawsAgain() {
    let list = DrawList()
    _ = Self.frame(list, version: 7)
    #expect(Self.frame(list, version: 8, text: "abc") == 1)
    #expect(list.glyphs.prefix(3).map(\.text) == ["a", "b", "c"])
    #expect(Self.frame(list, version: 8, color: .black) == 1)
    #expect(Self.frame(list, version: 8, offset: Point(x: 0, y: -3)) == 1)
    #expect(list.glyphs.first?.origin == Point(x: 10, y: 17))
    #expect(Self.frame(list, version: nil) == 1)
    #expect(Self.frame(list, version: nil) == 1)
    #expect(list.layers.map(\.repeats) == [false])
    #expect(list.layers.first?.last == 0..<2)
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

  /// A view that draws its own layers.
  final class View {}

  /// Records one frame of `views`, each drawing layer 1 at version 1 in its own scope, and
  /// returns how many times each layer's body ran.
  static func frame(_ list: DrawList, views: [View]) -> [Int] {
    list.reset(background: .black)
    let context = GraphicsContext.standIn(list)
    return views.map { view in
      var runs = 0
      context.scoped(by: view).layer(id: 1, version: 1) { context in
        runs += 1
        context.draw("ab", font: font, at: Point(x: 10, y: 20))
      }
      return runs
    }
  }

  /// Ids are the view's own: two views that count alike each repeat their own layer, and a
  /// view that takes another's place (a kiosk's next item) repeats nothing of the other's,
  /// even made where the other was in memory.
  @Test func eachViewsLayersAreItsOwn() {
    let list = DrawList()
    var first: View? = View()
    let second = View()
    #expect(Self.frame(list, views: [first!, second]) == [1, 1])
    #expect(Self.frame(list, views: [first!, second]) == [0, 0])
    #expect(list.layers.map(\.repeats) == [true, true])
    // The first goes; a new view in its place, at its version, draws afresh.
    let gone = ObjectIdentifier(first!)
    first = nil
    let next = View()
    #expect(ObjectIdentifier(next) != gone, "the list still holds the view that went")
    #expect(Self.frame(list, views: [next, second]) == [1, 0])
    // An unscoped layer and a scoped one of the same number are two layers.
    list.reset(background: .black)
    let context = GraphicsContext.standIn(list)
    context.layer(id: 1, version: 1) { _ in }
    context.scoped(by: second).layer(id: 1, version: 1) { _ in }
    #expect(Set(list.layers.map(\.id)).count == 2)
  }
}
