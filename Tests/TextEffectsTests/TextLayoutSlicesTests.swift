import Testing

@testable import TextEffects

/// A layout's slices keep their characters' indices when those before them are let go of.
@Suite struct TextLayoutSlicesTests {
  static func slice(_ index: Int) -> TextLayout.Slice {
    TextLayout.Slice(
      text: "a", characterIndex: index, origin: Point(x: Double(index), y: 0), advance: 1,
      font: Font(size: 12), isBlank: false, glyphs: .none, isRightToLeft: false)
  }

  @Test func theSlicesLeftKeepTheirIndices() {
    var slices = TextLayout.Slices((0..<10).map(Self.slice))
    slices.forget(before: 4)
    #expect(slices.indices == 4..<10)
    #expect(slices.count == 6)
    #expect(slices.map(\.characterIndex) == Array(4..<10))
    #expect(slices[7].characterIndex == 7)
    slices.replaceSubrange(8..<10, with: [Self.slice(8)])
    slices.append(Self.slice(9))
    slices[5].origin.y = 3
    #expect(slices.map(\.characterIndex) == Array(4..<10))
    #expect(slices[5].origin.y == 3)
    // Forgetting before what is already gone, or past the end, keeps the indices whole.
    slices.forget(before: 2)
    #expect(slices.startIndex == 4)
    slices.forget(before: 50)
    #expect(slices.isEmpty && slices.startIndex == 10)
    slices.append(Self.slice(10))
    #expect(slices.indices == 10..<11)
  }
}
