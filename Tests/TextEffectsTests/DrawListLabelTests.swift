import Testing

@testable import TextEffects

/// A frame's labels (a cursor, a stand-in letter, a caller's string): kept once in their list
/// and named by a plain number, so that the frame's commands copy as bytes.
@Suite struct DrawListLabelTests {
  static let font = Font(size: 17)

  /// A command holds nothing counted by reference: copying a frame's thousands from the frame
  /// before, or dropping them, is copying or dropping bytes.
  @Test func aCommandIsPlainBytes() {
    #expect(_isPOD(DrawList.Command.self))
    #expect(_isPOD(DrawList.Glyph.self))
  }

  /// Each label draws the string it was given, the same string is one label however often it
  /// is drawn, and "é" composed and decomposed, equal as Swift's Strings, are two.
  @Test func labelsDrawTheirOwnStrings() {
    let list = DrawList()
    let context = GraphicsContext(list: list)
    let texts = ["|", "abc", "|", "\u{E9}", "e\u{301}", "", "سلام"]
    for text in texts { context.draw(text, font: Self.font, at: .zero) }
    #expect(list.glyphs.map(\.content) == texts.map { .text($0, endsAtOrigin: false) })
    let labels = list.commands.map { command -> DrawList.Glyph.Content? in
      guard case .glyph(let glyph) = command else { return nil }
      return glyph.content
    }
    #expect(labels[0] == labels[2])
    #expect(labels[3] != labels[4])
    #expect(Set(labels).count == texts.count - 1)
  }

  /// The same label in two lists is not the same command: a renderer that draws one list
  /// after another draws it again rather than take one list's string for the other's.
  @Test func listsDoNotShareLabels() {
    let first = DrawList()
    let second = DrawList()
    GraphicsContext(list: first).draw("A", font: Self.font, at: .zero)
    GraphicsContext(list: second).draw("B", font: Self.font, at: .zero)
    #expect(first.commands != second.commands)
    #expect(first.glyphs.map(\.content) == [.text("A", endsAtOrigin: false)])
    #expect(second.glyphs.map(\.content) == [.text("B", endsAtOrigin: false)])
  }

  /// A program that draws ever new labels (a clock) does not have its list keep them all:
  /// past `labelLimit`, the next frame starts a new table, draws every layer rather than
  /// repeat the last frame's (whose labels named the old one's strings), and its labels
  /// draw their strings.
  @Test func everNewLabelsAreNotAllKept() {
    let list = DrawList()
    func frame(_ number: Int) -> Int {
      list.reset(background: .black)
      let context = GraphicsContext(list: list)
      var runs = 0
      context.layer(id: 1, version: 7) { context in
        runs += 1
        context.draw("tick", font: Self.font, at: .zero)
      }
      context.draw("\(number)", font: Self.font, at: .zero)
      return runs
    }
    #expect(frame(0) == 1)
    // Frame n has kept "tick" and "0" to "n": the frame after the table passes the limit
    // draws the layer again, and the frames around it repeat it.
    let redrawn = (1...(DrawList.labelLimit + 2)).filter { frame($0) == 1 }
    #expect(redrawn == [DrawList.labelLimit])
    #expect(
      list.glyphs.map(\.content) == [
        .text("tick", endsAtOrigin: false),
        .text("\(DrawList.labelLimit + 2)", endsAtOrigin: false),
      ])
  }
}
