import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// A mesh read back as what it draws: each pixel's coverage, from its rectangles.
struct MeshPixels {
  /// Coverage by pixel; a pixel two rectangles cover would blend twice, and is counted in
  /// `overlaps`.
  private(set) var coverage: [PixelKey: Float] = [:]
  private(set) var overlaps = 0
  private(set) var rectangles = 0

  struct PixelKey: Hashable {
    var x: Int
    var y: Int
  }

  init(_ mesh: ShapeMesh) {
    for rectangle in mesh.rectangles {
      rectangles += 1
      let rect = rectangle.rect
      for x in rect.x..<rect.maxX {
        for y in rect.y..<rect.maxY {
          if coverage[PixelKey(x: x, y: y)] != nil { overlaps += 1 }
          coverage[PixelKey(x: x, y: y)] = rectangle.coverage
        }
      }
    }
  }

  subscript(x: Int, y: Int) -> Float { coverage[PixelKey(x: x, y: y)] ?? 0 }
}

@Suite struct ShapeMeshTests {
  static let shapes: [Shape] = [
    .circle(center: Point(x: 40, y: 30), radius: 12),
    .circle(center: Point(x: 40.3, y: 30.7), radius: 9.25),
    .circle(center: Point(x: 5, y: 5), radius: 0.4),
    .roundedRectangle(Rect(x: 10, y: 10, width: 80, height: 24), cornerRadius: 12),
    .roundedRectangle(Rect(x: 10.2, y: 10.6, width: 24, height: 80), cornerRadius: 40),
    .roundedRectangle(Rect(x: 10.3, y: 20.7, width: 300.2, height: 120.9), cornerRadius: 16),
    .roundedRectangle(Rect(x: 3.37, y: 7.81, width: 41.3, height: 14.2), cornerRadius: 3),
    .roundedRectangle(Rect(x: 0, y: 0, width: 30, height: 30), cornerRadius: 15),
    .rectangle(Rect(x: 3.3, y: 4.4, width: 50, height: 0.6)),
    .rectangle(Rect(x: 2.9, y: 4.4, width: 0.3, height: 0.2)),
    .rectangle(Rect(x: 0, y: 0, width: 640, height: 420)),
  ]
  static let scales = [1.0, 1.48, 2.0, 3.0]

  /// The fill's area: each rectangle's pixels times its coverage.
  func coveredArea(_ mesh: ShapeMesh) -> Double {
    MeshPixels(mesh).coverage.values.reduce(0) { $0 + Double($1) }
  }

  /// The share of pixel (`x`, `y`) inside `shape` at `scale`, from 32 × 32 samples.
  func sampledCoverage(of shape: Shape, scale: Double, x: Int, y: Int) -> Double {
    let placement = shape.meshPlacement(pixelsPerPoint: scale)
    let rect = placement.rest.offsetBy(placement.whole)
    let radius = min(placement.radius, rect.width / 2, rect.height / 2)
    let r = radius < 0.5 ? 0 : radius
    var inside = 0
    for i in 0..<32 {
      for j in 0..<32 {
        let px = Double(x) + (Double(i) + 0.5) / 32
        let py = Double(y) + (Double(j) + 0.5) / 32
        guard px >= rect.minX, px <= rect.maxX, py >= rect.minY, py <= rect.maxY else { continue }
        let dx = max(rect.minX + r - px, px - (rect.maxX - r), 0)
        let dy = max(rect.minY + r - py, py - (rect.maxY - r), 0)
        if dx * dx + dy * dy <= r * r { inside += 1 }
      }
    }
    return Double(inside) / 1024
  }

  /// Every rectangle holds pixels, each covered some and at most whole.
  @Test func everyRectangleHoldsPixelsCoveredAlike() {
    for shape in Self.shapes {
      for scale in Self.scales {
        var mesh = ShapeMesh()
        mesh.append(shape, pixelsPerPoint: scale)
        #expect(!mesh.rectangles.isEmpty, "\(shape) at \(scale)x")
        for rectangle in mesh.rectangles {
          #expect(!rectangle.rect.isEmpty)
          #expect(rectangle.coverage > 0 && rectangle.coverage <= 1)
        }
      }
    }
  }

  /// A translucent fill blends once per rectangle over a pixel: two that overlapped would show
  /// as a line of double colour.
  @Test func noPixelIsCoveredTwice() {
    for shape in Self.shapes {
      for scale in Self.scales {
        var mesh = ShapeMesh()
        mesh.append(shape, pixelsPerPoint: scale)
        #expect(MeshPixels(mesh).overlaps == 0, "\(shape) at \(scale)x")
      }
    }
  }

  /// Each pixel carries the share of it inside the shape: exactly along straight edges, and
  /// within a tenth across a corner's arc, where a one-pixel ramp stands for the area.
  @Test func eachPixelCarriesTheShareOfItInsideTheShape() {
    for shape in Self.shapes where shape.pixelBounds(pixelsPerPoint: 1).area < 20_000 {
      for scale in [1.0, 1.48] {
        var mesh = ShapeMesh()
        mesh.append(shape, pixelsPerPoint: scale)
        let pixels = MeshPixels(mesh)
        let bounds = shape.pixelBounds(pixelsPerPoint: scale)
        var worst = 0.0
        for x in bounds.x..<bounds.maxX {
          for y in bounds.y..<bounds.maxY {
            let expected = sampledCoverage(of: shape, scale: scale, x: x, y: y)
            worst = max(worst, abs(Double(pixels[x, y]) - expected))
          }
        }
        #expect(worst <= 0.1, "\(shape) at \(scale)x: a pixel is off by \(worst)")
      }
    }
  }

  @Test func aSquareCornersPixelsAreTheProductOfTheirSharesAcrossAndDown() {
    var mesh = ShapeMesh()
    mesh.append(.rectangle(Rect(x: 10.25, y: 20.5, width: 100, height: 30.25)), pixelsPerPoint: 1)
    let pixels = MeshPixels(mesh)
    #expect(pixels[10, 20] == 0.75 * 0.5)
    #expect(pixels[10, 21] == 0.75)
    #expect(pixels[11, 20] == 0.5)
    #expect(pixels[110, 50] == 0.25 * 0.75)
    #expect(pixels[60, 50] == 0.75)
    #expect(pixels[110, 51] == 0)
    #expect(pixels[60, 35] == 1)
    // Its inside, two edge columns, two edge rows and four corner pixels.
    #expect(pixels.rectangles == 9)
  }

  @Test func aRoundedCardIsAFewRectanglesAndItsCornersPixels() {
    var mesh = ShapeMesh()
    let rect = Rect(x: 10.3, y: 20.7, width: 300.2, height: 120.9)
    mesh.append(.roundedRectangle(rect, cornerRadius: 16), pixelsPerPoint: 1.48)
    // About four rows of runs per pixel row of the corners (24 pixels), and the middle.
    #expect(MeshPixels(mesh).rectangles < 50 * 12)
  }

  @Test func circleAreaMatchesAtAnyScale() {
    for scale in [1.0, 2.0] {
      var mesh = ShapeMesh()
      mesh.append(.circle(center: Point(x: 10, y: 10), radius: 6), pixelsPerPoint: scale)
      let expected = Double.pi * 36 * scale * scale
      #expect(abs(coveredArea(mesh) - expected) / expected < 0.01)
    }
  }

  @Test func roundedRectangleAreaMatches() {
    var mesh = ShapeMesh()
    let rect = Rect(x: 0, y: 0, width: 100, height: 60)
    mesh.append(.roundedRectangle(rect, cornerRadius: 20), pixelsPerPoint: 1)
    let expected = 100 * 60 - (4 - Double.pi) * 400
    #expect(abs(coveredArea(mesh) - expected) / expected < 0.001)
  }

  @Test func emptyShapesAddNothing() {
    var mesh = ShapeMesh()
    mesh.append(.rectangle(Rect(x: 0, y: 0, width: 0, height: 5)), pixelsPerPoint: 1)
    mesh.append(.circle(center: .zero, radius: 0), pixelsPerPoint: 2)
    mesh.append(.rectangle(Rect(x: .nan, y: 0, width: 5, height: 5)), pixelsPerPoint: 1)
    #expect(mesh.rectangles.isEmpty)
  }

  /// A renderer redrawing one rectangle of the screen makes only the shape's part there: its
  /// pixels are the whole shape's, as the whole frame draws them.
  @Test func aPartMadeAloneIsTheWholeShapesPixelsThere() {
    var random = SeededRandom(seed: 46)
    for shape in Self.shapes {
      for scale in Self.scales {
        var whole = ShapeMesh()
        whole.append(shape, pixelsPerPoint: scale)
        let all = MeshPixels(whole)
        let bounds = shape.pixelBounds(pixelsPerPoint: scale)
        for _ in 0..<8 {
          let window = PixelRect(
            x: bounds.x + Int(random.next() % UInt64(max(bounds.width, 1))) - 3,
            y: bounds.y + Int(random.next() % UInt64(max(bounds.height, 1))) - 3,
            width: Int(random.next() % 40) + 1, height: Int(random.next() % 30) + 1)
          var part = ShapeMesh()
          part.append(shape, pixelsPerPoint: scale, within: window)
          let drawn = MeshPixels(part)
          #expect(drawn.overlaps == 0)
          for (pixel, coverage) in drawn.coverage {
            #expect(window.contains(x: pixel.x, y: pixel.y))
            #expect(all[pixel.x, pixel.y] == coverage)
          }
          let inWindow = all.coverage.filter { window.contains(x: $0.key.x, y: $0.key.y) }
          #expect(inWindow.count == drawn.coverage.count, "\(shape) at \(scale)x in \(window)")
        }
      }
    }
  }

  /// A circle far larger than any screen is made only where the screen is, in time.
  @Test func aHugeShapeIsMadeOnlyWithinTheWindow() {
    var mesh = ShapeMesh()
    let screen = PixelRect(x: 0, y: 0, width: 1280, height: 800)
    mesh.append(
      .circle(center: Point(x: 640, y: 400), radius: 3_000), pixelsPerPoint: 1, within: screen)
    let pixels = MeshPixels(mesh)
    #expect(pixels.rectangles == 1 && pixels[0, 0] == 1 && pixels[1279, 799] == 1)
    mesh.removeAll()
    mesh.append(
      .roundedRectangle(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), cornerRadius: 1e8),
      pixelsPerPoint: 3, within: screen)
    #expect(MeshPixels(mesh).rectangles == 1)
  }
}

extension Rect {
  fileprivate func offsetBy(_ point: Point) -> Rect {
    Rect(x: minX + point.x, y: minY + point.y, width: width, height: height)
  }
}

extension PixelRect {
  fileprivate func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }
}
