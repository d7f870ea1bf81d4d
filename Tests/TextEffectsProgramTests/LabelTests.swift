import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsSDL

/// A label drawn through the public `GraphicsContext.draw(_:font:at:)` is laid out as a
/// paragraph is: read in its own direction, its Arabic joined, what its font lacks drawn in a
/// fallback, as it is recorded. There is one shaping path; the renderer only looks glyphs up.
@Suite struct LabelTests {
  /// Arabic with a number and a Latin word in it: bidi puts the Latin word and the digits in
  /// their own order inside the right-to-left line, and the letters join.
  static let arabic = "مرحبا بالعالم: TextEffects ٢٠٢٦"
  static let font = Font.system(.title2)

  func render(scale: Double, _ draw: (GraphicsContext) -> Void) throws -> RGBAImage {
    let list = DrawList(background: RGBAColor(red: 0.08, green: 0.08, blue: 0.08))
    var context = GraphicsContext(list: list, foregroundColor: .white)
    context.typesetter = Typesetter(
      fonts: try FontLibrary.bundled().metricsProvider(pixelsPerPoint: scale))
    draw(context)
    let target = try SDLRenderTarget(
      offscreenWidth: Int(420 * scale), height: Int(60 * scale))
    try TextEffectsRenderer(fonts: try FontLibrary.bundled()).draw(
      list, on: target, pixelsPerPoint: scale)
    return try target.image()
  }

  @Test(arguments: [1.0, 2.0]) func anArabicLabelIsDrawnAsItsParagraphIs(scale: Double) throws {
    let label = try render(scale: scale) {
      $0.draw(Self.arabic, font: Self.font, at: Point(x: 12, y: 12))
    }
    let fonts = try FontLibrary.bundled().metricsProvider(pixelsPerPoint: scale)
    let paragraph = try render(scale: scale) {
      $0.draw(
        TextLayout(text: Self.arabic, font: Self.font, fonts: fonts, width: nil),
        at: Point(x: 12, y: 12))
    }
    #expect(ImageComparison.exact.compare(label, to: paragraph).matches)
    try GoldenStore.check(label, named: "labels/label-arabic-\(Int(scale))x.png")
  }

  /// A label's letters the label's font lacks (Arabic in the monospaced font, a CJK character)
  /// come from a fallback, as in a paragraph, and a cursor ending at a point ends there.
  @Test func aLabelFallsBackAndEndsWhereItIsTold() throws {
    let mono = Font.system(.body, design: .monospaced)
    let fonts = try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 1)
    let list = DrawList()
    var context = GraphicsContext(list: list)
    context.typesetter = Typesetter(fonts: fonts)
    let text = "ab سلام 漢"
    context.draw(text, font: mono, endingAt: Point(x: 200, y: 10))
    let glyphs = list.glyphs
    let laid = TextLayout(text: text, font: mono, fonts: fonts, width: nil)
    #expect(Set(glyphs.map(\.font)) == Set(laid.slices.filter { !$0.isBlank }.map(\.font)))
    #expect(Set(glyphs.map(\.font)).count >= 2)
    let rightmost = laid.slices.map { $0.origin.x + $0.advance }.max() ?? 0
    #expect(abs(glyphs.map(\.origin.x).min()! - (200 - laid.size.width)) < 1e-9)
    #expect(abs(laid.size.width - rightmost) < 1e-9)
  }
}
