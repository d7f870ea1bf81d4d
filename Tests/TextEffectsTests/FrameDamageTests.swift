import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// Damage from two draw lists: what must be redrawn so the screen equals a whole redraw.
@Suite struct FrameDamageTests {
  static let font = Font(size: 17)

  /// A glyph whose pixels are the rectangle `rect`, told apart by `text`.
  static func glyph(_ text: String, _ rect: PixelRect, alpha: Double = 1) -> (
    DrawList.Command, PixelRect
  ) {
    let draw = GlyphDraw(
      character: text.unicodeScalars.first!, font: font,
      origin: Point(x: Double(rect.x), y: Double(rect.y)),
      color: RGBAColor.white.withOpacity(alpha))
    return (.glyph(draw), rect)
  }

  static func update(
    _ damage: inout FrameDamage, _ items: [(DrawList.Command, PixelRect)],
    background: RGBAColor = .black, width: Int = 100, height: Int = 80,
    scroll: PixelScroll? = nil
  ) -> FrameDamage.Region {
    damage.update(
      commands: items.map(\.0), bounds: items.map(\.1), background: background, width: width,
      height: height, scroll: scroll)
  }

  let a = glyph("a", PixelRect(x: 10, y: 10, width: 8, height: 12))
  let b = glyph("b", PixelRect(x: 18, y: 10, width: 8, height: 12))
  let c = glyph("c", PixelRect(x: 60, y: 50, width: 8, height: 12))

  @Test func theFirstFrameIsWhole() {
    var damage = FrameDamage()
    #expect(Self.update(&damage, [a, b]) == .full)
  }

  @Test func anUnchangedFrameHasNoDamage() {
    var damage = FrameDamage()
    _ = Self.update(&damage, [a, b, c])
    #expect(Self.update(&damage, [a, b, c]) == .none)
  }

  @Test func oneGlyphChangedDamagesItsRectangle() {
    var damage = FrameDamage()
    _ = Self.update(&damage, [a, b, c])
    let fainter = Self.glyph("c", c.1, alpha: 0.5)
    #expect(Self.update(&damage, [a, b, fainter]) == .rects([c.1]))
  }

  @Test func aGlyphAddedOrRemovedDamagesItsRectangle() {
    var damage = FrameDamage()
    _ = Self.update(&damage, [a, c])
    #expect(Self.update(&damage, [a, b, c]) == .rects([b.1]))
    #expect(Self.update(&damage, [a, c]) == .rects([b.1]))
  }

  @Test func aMovedGlyphDamagesWhereItWasAndWhereItIs() {
    var damage = FrameDamage()
    _ = Self.update(&damage, [a, c], width: 1000, height: 800)
    let moved = Self.glyph("c", PixelRect(x: 800, y: 600, width: 8, height: 12))
    #expect(
      Self.update(&damage, [a, moved], width: 1000, height: 800) == .rects([moved.1, c.1]))
  }

  /// Rectangles closer than a rectangle's cost merge: a line swapped in a typewriter card is
  /// redrawn in one pass, not eight.
  @Test func nearRectanglesMergeFarOnesDoNot() {
    let frame = PixelRect(x: 0, y: 0, width: 1000, height: 800)
    let near = [
      PixelRect(x: 100, y: 100, width: 40, height: 40),
      PixelRect(x: 150, y: 100, width: 40, height: 40),
    ]
    #expect(
      FrameDamage.region(covering: near, in: frame)
        == .rects([PixelRect(x: 100, y: 100, width: 90, height: 40)]))
    let far = [
      PixelRect(x: 100, y: 100, width: 40, height: 40),
      PixelRect(x: 700, y: 600, width: 40, height: 40),
    ]
    #expect(FrameDamage.region(covering: far, in: frame) == .rects(far))
  }

  @Test func neighboursMergeIntoOneRectangle() {
    var damage = FrameDamage()
    _ = Self.update(&damage, [])
    #expect(Self.update(&damage, [a, b]) == .rects([a.1.union(b.1)]))
  }

  @Test func aNewBackgroundSizeOrInvalidationRedrawsWhole() {
    var damage = FrameDamage()
    _ = Self.update(&damage, [a])
    #expect(Self.update(&damage, [a], background: .white) == .full)
    #expect(Self.update(&damage, [a], background: .white, width: 120) == .full)
    #expect(Self.update(&damage, [a], background: .white, width: 120) == .none)
    damage.invalidate()
    #expect(Self.update(&damage, [a], background: .white, width: 120) == .full)
  }

  @Test func damageOverMostOfTheFrameRedrawsWhole() {
    var damage = FrameDamage()
    _ = Self.update(&damage, [a])
    let large = Self.glyph("L", PixelRect(x: 0, y: 0, width: 90, height: 50))
    #expect(Self.update(&damage, [a, large]) == .full)
  }

  @Test func twoOverlappingGlyphsSwappedDamageTheirOverlap() {
    let first = Self.glyph("x", PixelRect(x: 10, y: 10, width: 10, height: 10))
    let second = Self.glyph("y", PixelRect(x: 15, y: 15, width: 10, height: 10))
    var damage = FrameDamage()
    _ = Self.update(&damage, [first, second])
    guard case .rects(let rects) = Self.update(&damage, [second, first]) else {
      Issue.record("swapping two overlapping glyphs must damage them")
      return
    }
    let overlap = first.1.intersection(second.1)
    #expect(rects.contains { $0.intersection(overlap) == overlap })
  }

  @Test func shapesAndGlyphsFarOffTheFrameDamageNothing() {
    var damage = FrameDamage()
    _ = Self.update(&damage, [a])
    let far = Self.glyph("f", PixelRect(x: 5000, y: -900, width: 8, height: 12))
    #expect(Self.update(&damage, [a, far]) == .none)
  }

  // MARK: The region

  @Test func theRegionNeverHasMoreThanTheMaximumAndCoversEveryPixel() {
    var random = SeededRandom(seed: 7)
    let frame = PixelRect(x: 0, y: 0, width: 400, height: 300)
    for _ in 0..<200 {
      let count = Int(random.next() % 120)
      let rects = (0..<count).map { _ in
        PixelRect(
          x: Int(random.next() % 420) - 10, y: Int(random.next() % 320) - 10,
          width: Int(random.next() % 12) + 1, height: Int(random.next() % 12) + 1)
      }
      let region = FrameDamage.region(covering: rects, in: frame)
      switch region {
      case .none:
        #expect(rects.allSatisfy { $0.intersection(frame).isEmpty })
      case .full:
        break
      case .moved:
        Issue.record("a region of rectangles alone never moves pixels")
      case .rects(let covering):
        #expect(covering.count <= FrameDamage.maximumRects)
        #expect(covering.allSatisfy { $0.intersection(frame) == $0 })
        for rect in rects {
          let inside = rect.intersection(frame)
          guard !inside.isEmpty else { continue }
          for y in inside.y..<inside.maxY {
            for x in inside.x..<inside.maxX {
              let pixel = PixelRect(x: x, y: y, width: 1, height: 1)
              #expect(covering.contains { $0.intersects(pixel) })
            }
          }
        }
      }
    }
  }

  @Test func aLineOfChangedGlyphsIsOneRectangle() {
    let line = (0..<30).map { PixelRect(x: 10 + 9 * $0, y: 40, width: 9, height: 20) }
    let frame = PixelRect(x: 0, y: 0, width: 1000, height: 600)
    #expect(
      FrameDamage.region(covering: line, in: frame)
        == .rects([PixelRect(x: 10, y: 40, width: 270, height: 20)]))
  }

  // MARK: Exactness, on a model of painting

  /// Paints each item's rectangle with its own number, in order, over the background 0.
  static func paint(_ items: [(DrawList.Command, PixelRect)], width: Int, height: Int) -> [Int] {
    var pixels = [Int](repeating: 0, count: width * height)
    repaint(&pixels, items, width: width, height: height, inside: nil)
    return pixels
  }

  /// Clears `inside` (or all) and paints the items that meet it, as the damage path does.
  static func repaint(
    _ pixels: inout [Int], _ items: [(DrawList.Command, PixelRect)], width: Int, height: Int,
    inside clip: PixelRect?
  ) {
    let frame = PixelRect(x: 0, y: 0, width: width, height: height)
    let area = clip ?? frame
    for y in area.y..<area.maxY { for x in area.x..<area.maxX { pixels[y * width + x] = 0 } }
    for (command, rect) in items {
      let part = rect.intersection(area)
      guard !part.isEmpty, case .glyph(let glyph) = command else { continue }
      let value = glyph.text.unicodeScalars.first.map { Int($0.value) } ?? 1
      for y in part.y..<part.maxY { for x in part.x..<part.maxX { pixels[y * width + x] = value } }
    }
  }

  /// Random frames, each a random edit of the one before (a glyph changed, added, removed,
  /// moved, or two swapped): the screen kept up to date by damage alone always equals the
  /// frame painted whole.
  @Test func damagedFramesEqualWholeOnes() {
    var random = SeededRandom(seed: 42)
    let width = 64
    let height = 48
    func randomItem() -> (DrawList.Command, PixelRect) {
      let letter = String(UnicodeScalar(UInt8(65 + random.next() % 26)))
      return Self.glyph(
        letter,
        PixelRect(
          x: Int(random.next() % 70) - 4, y: Int(random.next() % 54) - 4,
          width: Int(random.next() % 14) + 1, height: Int(random.next() % 14) + 1))
    }
    var items = (0..<12).map { _ in randomItem() }
    var damage = FrameDamage()
    _ = Self.update(&damage, items, width: width, height: height)
    var screen = Self.paint(items, width: width, height: height)
    for frame in 0..<2_000 {
      for _ in 0...(random.next() % 3) {
        let index = items.isEmpty ? 0 : Int(random.next() % UInt64(items.count))
        switch random.next() % 5 {
        case 0 where !items.isEmpty: items[index] = randomItem()
        case 1: items.insert(randomItem(), at: min(index, items.count))
        case 2 where !items.isEmpty: items.remove(at: index)
        case 3 where items.count > 1: items.swapAt(index, (index + 1) % items.count)
        default:
          if !items.isEmpty {
            items[index].1.x += Int(random.next() % 5) - 2
          }
        }
      }
      switch Self.update(&damage, items, width: width, height: height) {
      case .none: break
      case .full: screen = Self.paint(items, width: width, height: height)
      case .moved: Issue.record("frame \(frame) moved pixels, though nothing scrolled")
      case .rects(let rects):
        for rect in rects {
          Self.repaint(&screen, items, width: width, height: height, inside: rect)
        }
      }
      let whole = Self.paint(items, width: width, height: height)
      guard screen == whole else {
        let differing = zip(screen, whole).filter { $0 != $1 }.count
        Issue.record("frame \(frame): \(differing) pixels differ from a whole redraw")
        return
      }
    }
  }

  // MARK: Bounds

  @Test func aShapesBoundsHoldEveryVertexOfItsMesh() {
    var random = SeededRandom(seed: 3)
    for _ in 0..<500 {
      func value(_ range: Double) -> Double { Double(random.next() % 10_000) / 10_000 * range }
      let rect = Rect(x: value(200) - 50, y: value(200) - 50, width: value(80), height: value(80))
      let shapes: [Shape] = [
        .rectangle(rect), .roundedRectangle(rect, cornerRadius: value(30)),
        .circle(center: rect.origin, radius: value(40)),
      ]
      let scale = [0.5, 1, 1.5, 2, 3.25][Int(random.next() % 5)]
      for shape in shapes {
        var mesh = ShapeMesh()
        mesh.append(shape, pixelsPerPoint: scale)
        let bounds = shape.pixelBounds(pixelsPerPoint: scale)
        for rectangle in mesh.rectangles {
          #expect(bounds.intersection(rectangle.rect) == rectangle.rect, "\(shape) at \(scale)x")
        }
      }
    }
  }

  @Test func boundsFarOutsideAreHeldWithoutTrapping() {
    let rect = PixelRect(coveringMinX: -1e300, minY: .nan, maxX: 1e300, maxY: .infinity)
    #expect(rect.x == -1_000_000_000 && rect.maxX == 1_000_000_000)
    let glyph = GlyphDraw(
      character: "a", font: Self.font, origin: Point(x: 1e200, y: -1e200), color: .white)
    let placed = glyph.pixelRect(pixelsPerPoint: 8, bearing: -3, rise: 0, width: 10, height: 20)
    #expect(placed.x == 999_999_997 && placed.y == -1_000_000_000)
  }

  @Test func aGlyphLandsAtTheFloorOfItsPenPlusItsBearing() {
    let glyph = GlyphDraw(
      character: "a", font: Self.font, origin: Point(x: 11.4999999, y: 7.75), color: .white)
    #expect(
      glyph.pixelRect(pixelsPerPoint: 2, bearing: 1, rise: 0, width: 9, height: 20)
        == PixelRect(x: 24, y: 15, width: 9, height: 20))
  }
}
