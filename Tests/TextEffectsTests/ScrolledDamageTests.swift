import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// Damage when a view scrolls: the pixels it keeps in view move, and only what came, went or
/// changed is drawn again, so the screen still equals a whole redraw.
@Suite struct ScrolledDamageTests {
  typealias Item = (DrawList.Command, PixelRect)

  /// Lines of text in a view from row 20 to 100 of a 200 × 120 frame: line `n` is 8 pixels
  /// tall, 10 apart, its glyphs told apart by line, drawn `offset` pixels up.
  static func lines(_ range: Range<Int>, offset: Int) -> [Item] {
    range.flatMap { line in
      (0..<6).map { column in
        FrameDamageTests.glyph(
          String(UnicodeScalar(UInt8(65 + (line * 6 + column) % 58))),
          PixelRect(x: 10 + 12 * column, y: 20 + 10 * line - offset, width: 10, height: 8))
      }
    }
  }

  static let view = PixelRect(x: 0, y: 20, width: 200, height: 80)

  /// Moves the pixels of `move`'s rows in `pixels`, a frame `width` wide, as a surface's are
  /// moved.
  static func move(_ pixels: inout [Int], _ move: PixelMove, width: Int) {
    let before = pixels
    for y in move.rows.joined() {
      for x in move.area.x..<move.area.maxX {
        pixels[y * width + x] = before[(y - move.down) * width + x]
      }
    }
  }

  /// Brings `screen` up to `items` by `region`, as the renderer does.
  static func apply(
    _ region: FrameDamage.Region, to screen: inout [Int], _ items: [Item], width: Int,
    height: Int
  ) {
    switch region {
    case .none: break
    case .full: screen = FrameDamageTests.paint(items, width: width, height: height)
    case .rects(let rects), .moved(_, let rects):
      if case .moved(let move, _) = region { Self.move(&screen, move, width: width) }
      for rect in rects {
        FrameDamageTests.repaint(&screen, items, width: width, height: height, inside: rect)
      }
    }
  }

  @Test func aScrollMovesTheLinesItKeepsAndDrawsOnlyTheOneThatCameIn() {
    var damage = FrameDamage()
    let first = Self.lines(0..<8, offset: 0)
    _ = FrameDamageTests.update(
      &damage, first, width: 200, height: 120, scroll: PixelScroll(area: Self.view, offset: 0))
    // Scrolled a line: line 0 leaves, line 8 comes in at the bottom.
    let next = Self.lines(1..<9, offset: 10)
    let region = FrameDamageTests.update(
      &damage, next, width: 200, height: 120, scroll: PixelScroll(area: Self.view, offset: 10))
    guard case .moved(let move, let rects) = region else {
      Issue.record("a scroll by whole pixels moves them, not \(region)")
      return
    }
    #expect(move.area == PixelRect(x: 0, y: 20, width: 200, height: 70))
    #expect(move.down == -10)
    // Every line's rows, the two rows between lines taken with them: all but the last two.
    #expect(move.rows == [20..<88])
    // Line 0 left (its old place, and where the move took its pixels, above the view) and
    // line 8 came in below what moved: about two lines' worth, not eight.
    #expect(rects.reduce(0) { $0 + $1.area } <= 2 * 70 * 8 + FrameDamage.rectOverhead)
    var screen = FrameDamageTests.paint(first, width: 200, height: 120)
    Self.apply(region, to: &screen, next, width: 200, height: 120)
    #expect(screen == FrameDamageTests.paint(next, width: 200, height: 120))
  }

  /// Rows that are background where they are and where their new pixels come from are not
  /// copied: the gaps between paragraphs and the empty foot of a view cost nothing to move.
  @Test func aScrollCopiesOnlyTheRowsThatHoldSomething() {
    var damage = FrameDamage()
    func lines(_ tops: [Int], offset: Int) -> [Item] {
      tops.enumerated().map { index, top in
        FrameDamageTests.glyph(
          String(UnicodeScalar(UInt8(65 + index))),
          PixelRect(x: 10 + 12 * index, y: top - offset, width: 10, height: 8))
      }
    }
    // A line at the view's top, one 40 rows below, and a glyph outside the view's columns.
    let view = PixelRect(x: 0, y: 20, width: 200, height: 80)
    let outside = FrameDamageTests.glyph("z", PixelRect(x: 250, y: 70, width: 10, height: 10))
    let first = lines([20, 60], offset: 0) + [outside]
    _ = FrameDamageTests.update(
      &damage, first, width: 300, height: 120, scroll: PixelScroll(area: view, offset: 0))
    let next = lines([20, 60], offset: 2) + [outside]
    let region = FrameDamageTests.update(
      &damage, next, width: 300, height: 120, scroll: PixelScroll(area: view, offset: 2))
    guard case .moved(let move, _) = region else {
      Issue.record("a scroll by whole pixels moves them, not \(region)")
      return
    }
    // Each line's rows, and the two above each where its pixels move to.
    #expect(move.area == PixelRect(x: 0, y: 20, width: 200, height: 78))
    #expect(move.rows == [20..<28, 58..<68])
    #expect(move.copiedRects.map(\.area) == [8 * 200, 10 * 200])
    var screen = FrameDamageTests.paint(first, width: 300, height: 120)
    Self.apply(region, to: &screen, next, width: 300, height: 120)
    #expect(screen == FrameDamageTests.paint(next, width: 300, height: 120))
    // Runs a rectangle's cost apart or closer are copied as one.
    let close = PixelMove(area: PixelRect(x: 0, y: 0, width: 1_000, height: 100), down: 1)
    let nearby = [
      PixelRect(x: 0, y: 10, width: 5, height: 5), PixelRect(x: 0, y: 19, width: 5, height: 5),
    ]
    #expect(FrameDamage.inkedRows(of: close, drawnIn: nearby) == [10..<25])
    #expect(FrameDamage.inkedRows(of: close, drawnIn: []) == [])
  }

  @Test func aScrollByPartOfAPixelOrOfAnotherViewIsDrawnAsBefore() {
    var damage = FrameDamage()
    func update(_ items: [Item], _ scroll: PixelScroll?) -> FrameDamage.Region {
      FrameDamageTests.update(&damage, items, width: 200, height: 120, scroll: scroll)
    }
    let scroll = PixelScroll(area: Self.view, offset: 0)
    _ = update(Self.lines(0..<8, offset: 0), scroll)
    var half = scroll
    half.offset = 0.5
    #expect(update(Self.lines(0..<8, offset: 0), half) == .none)
    var moved = half
    moved.area.x = 1
    moved.offset = 10.5
    let elsewhere = update(Self.lines(1..<9, offset: 10), moved)
    guard case .rects = elsewhere else {
      Issue.record("another view's pixels are not moved: \(elsewhere)")
      return
    }
    // A frame with no scroll after one with: nothing moves either.
    let unscrolled = update(Self.lines(0..<8, offset: 0), nil)
    guard case .rects = unscrolled else {
      Issue.record("a frame without a view moves nothing: \(unscrolled)")
      return
    }
  }

  /// Random frames of a scrolled view with text in it and a glyph fixed over it, each
  /// scrolled by a random whole or part pixel and edited at random: the screen kept by moves
  /// and damage alone always equals the frame painted whole.
  @Test func scrolledFramesEqualWholeOnes() {
    var random = SeededRandom(seed: 31)
    let width = 128
    let height = 96
    let view = PixelRect(x: 0, y: 16, width: 128, height: 64)
    func randomItem(top: Int, height: Int) -> Item {
      FrameDamageTests.glyph(
        String(UnicodeScalar(UInt8(65 + random.next() % 26))),
        PixelRect(
          x: Int(random.next() % 120) + 4, y: top + Int(random.next() % UInt64(height)) - 4,
          width: Int(random.next() % 8) + 1, height: Int(random.next() % 8) + 1))
    }
    // The text, 160 pixels tall in content pixels; the fixed glyphs, in the frame's.
    var text = (0..<60).map { _ in randomItem(top: view.y, height: 160) }
    var fixed = [randomItem(top: 0, height: 100)]
    var offset = 0.0
    func frame() -> [Item] {
      let scrolled = text.map { item -> Item in
        var rect = item.1
        rect.y -= Int(offset.rounded(.down))
        guard case .glyph(let glyph) = item.0 else { return item }
        return FrameDamageTests.glyph(glyph.text, rect)
      }
      return scrolled + fixed
    }
    var damage = FrameDamage()
    _ = FrameDamageTests.update(
      &damage, frame(), width: width, height: height,
      scroll: PixelScroll(area: view, offset: offset))
    var screen = FrameDamageTests.paint(frame(), width: width, height: height)
    var moves = 0
    for step in 0..<2_000 {
      switch random.next() % 6 {
      case 0, 1, 2: offset = min(max(offset + Double(Int(random.next() % 9) - 4), 0), 100)
      case 3: offset += 0.5
      case 4:
        text[Int(random.next() % UInt64(text.count))] = randomItem(top: view.y, height: 160)
      default: fixed[Int(random.next() % UInt64(fixed.count))] = randomItem(top: 0, height: 100)
      }
      let items = frame()
      let region = FrameDamageTests.update(
        &damage, items, width: width, height: height,
        scroll: PixelScroll(area: view, offset: offset))
      Self.apply(region, to: &screen, items, width: width, height: height)
      if case .moved = region { moves += 1 }
      let whole = FrameDamageTests.paint(items, width: width, height: height)
      guard screen == whole else {
        let differing = zip(screen, whole).filter { $0 != $1 }.count
        Issue.record("frame \(step) (\(region)): \(differing) pixels differ from a whole redraw")
        return
      }
    }
    // Many whole-pixel scrolls move pixels; the rest change over half of this small, crowded
    // frame and draw it whole.
    #expect(moves > 100, "\(moves) moves")
  }
}

/// The one rounding a scroll takes: onto the nearest whole pixel at the screen's density.
@Suite struct WholePixelsTests {
  @Test func aScrollStandsOnTheNearestWholePixel() {
    #expect(WholePixels.rounded(10.3, pixelsPerPoint: 1) == 10)
    #expect(WholePixels.rounded(10.3, pixelsPerPoint: 2) == 10.5)
    #expect(WholePixels.rounded(10.2, pixelsPerPoint: 1.5) == 10)
    #expect(WholePixels.rounded(10.5, pixelsPerPoint: 1.5) == 16 / 1.5)
    // A density that is no density counts as one pixel a point.
    #expect(WholePixels.rounded(3.4, pixelsPerPoint: 0) == 3)
    #expect(WholePixels.rounded(3.6, pixelsPerPoint: -2) == 4)
  }
}
