import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// A text far taller than the window draws only the lines that can show: nobody pays for what
/// nobody sees, and a megabyte of text still makes a frame quickly.
@Suite struct CullingTests {
  let cyan = RGBAColor(red: 0, green: 1, blue: 1)
  let pink = RGBAColor(red: 1, green: 0, blue: 0.5)
  /// 100 lines of "abc", 12 points apart.
  let tall = layout(Array(repeating: "abc", count: 100).joined(separator: "\n"))

  func context(bounds: Rect?, offset: Point = .zero) -> GraphicsContext {
    var context = GraphicsContext.standIn(DrawList(), offset: offset)
    context.visibleBounds = bounds
    return context
  }

  @Test func withoutBoundsEverySliceCounts() {
    #expect(context(bounds: nil).visibleSlices(of: tall) == 0..<tall.slices.count)
  }

  @Test func linesFartherThanTheBoundsHeightAreLeftOut() {
    // Bounds 24 points tall from y 600: lines from 600 - 24 to 624 + 24 may show (a stack of
    // marks or a jump can reach that far), so lines 48 (top 576) to 53 (top 636) count;
    // line 47 ends where they begin.
    let bounds = Rect(x: 0, y: 600, width: 100, height: 24)
    let range = context(bounds: bounds).visibleSlices(of: tall)
    #expect(range == tall.lines[48].slices.lowerBound..<tall.lines[53].slices.upperBound)
  }

  @Test func theContextsOffsetMovesTheLayoutIntoTheBounds() {
    let bounds = Rect(x: 0, y: 0, width: 100, height: 24)
    let range = context(bounds: bounds, offset: Point(x: 0, y: -600)).visibleSlices(of: tall)
    #expect(range == tall.lines[48].slices.lowerBound..<tall.lines[53].slices.upperBound)
  }

  @Test func aLayoutWhollyOutsideDrawsNothing() {
    let bounds = Rect(x: 0, y: 5000, width: 100, height: 24)
    #expect(context(bounds: bounds).visibleSlices(of: tall).isEmpty)
  }

  @Test func eachRendererDrawsOnlyTheLinesThatCanShow() {
    let bounds = Rect(x: 0, y: 600, width: 100, height: 24)
    let renderers: [any TextRenderer] = [
      TypewriterRenderer(visibleCount: tall.slices.count, showsCursor: false, cursorColor: cyan),
      GlitchRenderer(tick: 15, reduceMotion: false, firstColor: cyan, secondColor: pink),
      StreamingRenderer(visible: Double(tall.slices.count), isInstant: true),
    ]
    for renderer in renderers {
      var culled = context(bounds: bounds)
      renderer.draw(layout: tall, in: &culled)
      var whole = context(bounds: nil)
      renderer.draw(layout: tall, in: &whole)
      let shown = { (glyph: GlyphDraw) in glyph.origin.y >= 576 && glyph.origin.y < 648 }
      // Six lines of three glyphs, once per copy the renderer draws.
      let copies = whole.list.glyphs.count / 300
      #expect(culled.list.glyphs.count == 6 * 3 * copies, "\(renderer)")
      #expect(culled.list.glyphs.filter(shown) == whole.list.glyphs.filter(shown), "\(renderer)")
    }
  }

  @Test func theTypewritersCursorShowsEvenPastTheLastVisibleLine() {
    let bounds = Rect(x: 0, y: 0, width: 100, height: 24)
    var culled = context(bounds: bounds)
    TypewriterRenderer(visibleCount: 6, showsCursor: true, cursorColor: cyan)
      .draw(layout: tall, in: &culled)
    #expect(culled.list.glyphs.map(\.text) == ["a", "b", "c", "a", "b", "|"])
  }
}
