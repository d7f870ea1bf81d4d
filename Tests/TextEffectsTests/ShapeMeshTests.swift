import Testing
import TextEffectsTestSupport

@testable import TextEffects

@Suite struct ShapeMeshTests {
  /// The fan and fringe together cover the shape's area: inner fan plus half the fringe.
  func coveredArea(_ mesh: ShapeMesh) -> Double {
    var area = 0.0
    for triangle in stride(from: 0, to: mesh.indices.count, by: 3) {
      let points = (0..<3).map { mesh.vertices[Int(mesh.indices[triangle + $0])] }
      let twice =
        (points[1].x - points[0].x) * (points[2].y - points[0].y)
        - (points[2].x - points[0].x) * (points[1].y - points[0].y)
      let coverage = points.map { Double($0.coverage) }.reduce(0, +) / 3
      area += abs(Double(twice)) / 2 * coverage
    }
    return area
  }

  @Test func circleAreaMatchesAtAnyScale() {
    for scale in [1.0, 2.0] {
      var mesh = ShapeMesh()
      mesh.append(.circle(center: Point(x: 10, y: 10), radius: 6), pixelsPerPoint: scale)
      let expected = Double.pi * 36 * scale * scale
      #expect(abs(coveredArea(mesh) - expected) / expected < 0.03)
    }
  }

  /// At a fractional scale the middle is a rectangle on whole pixels, which SDL's software
  /// renderer fills as one, with thin strips round it; the area is the shape's all the same.
  @Test func aFractionalMiddleIsFilledOnWholePixels() {
    var mesh = ShapeMesh()
    let rect = Rect(x: 10.3, y: 20.7, width: 300.2, height: 120.9)
    mesh.append(.roundedRectangle(rect, cornerRadius: 16), pixelsPerPoint: 1.48)
    let wholeQuads = stride(from: 0, to: mesh.indices.count - 5, by: 3).filter { start in
      let corners = (0..<6).map { mesh.vertices[Int(mesh.indices[start + $0])] }
      let isWhole = corners.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() }
      // SDL's rectangle: two triangles sharing the top-left to bottom-right diagonal.
      return isWhole && corners[0] == corners[3] && corners[2] == corners[4]
        && corners[0].x < corners[2].x && corners[0].y < corners[2].y
    }
    #expect(wholeQuads.count == 1)
    let scaled = Rect(x: 10.3 * 1.48, y: 20.7 * 1.48, width: 300.2 * 1.48, height: 120.9 * 1.48)
    let radius = 16 * 1.48
    let expected = scaled.width * scaled.height - (4 - Double.pi) * radius * radius
    #expect(abs(coveredArea(mesh) - expected) / expected < 0.01)
  }

  @Test func roundedRectangleAreaMatches() {
    var mesh = ShapeMesh()
    let rect = Rect(x: 0, y: 0, width: 100, height: 60)
    mesh.append(.roundedRectangle(rect, cornerRadius: 20), pixelsPerPoint: 1)
    let expected = 100 * 60 - (4 - Double.pi) * 400
    #expect(abs(coveredArea(mesh) - expected) / expected < 0.01)
  }

  @Test func fringeFadesToClearHalfAPixelOutside() {
    var mesh = ShapeMesh()
    mesh.append(.rectangle(Rect(x: 10, y: 10, width: 20, height: 10)), pixelsPerPoint: 1)
    let outer = mesh.vertices.filter { $0.coverage == 0 }
    #expect(outer.count == 4)
    #expect(outer.map(\.x).min() == 9.5)
    #expect(outer.map(\.y).max() == 20.5)
  }

  @Test func emptyShapesAddNothing() {
    var mesh = ShapeMesh()
    mesh.append(.rectangle(Rect(x: 0, y: 0, width: 0, height: 5)), pixelsPerPoint: 1)
    mesh.append(.circle(center: .zero, radius: 0), pixelsPerPoint: 2)
    #expect(mesh.vertices.isEmpty && mesh.indices.isEmpty)
  }
}

@Suite struct ShapeMeshSplitTests {
  /// The last two triangles are the middle; the first vertex of each is the top-left corner
  /// when the middle lies on whole pixels (SDL's software renderer then fills it as a
  /// rectangle), the top-right one otherwise.
  func middleStart(_ rect: Rect) -> MeshVertex {
    var mesh = ShapeMesh()
    mesh.append(.roundedRectangle(rect, cornerRadius: 20), pixelsPerPoint: 1)
    let middle = mesh.indices.suffix(6).map { mesh.vertices[Int($0)] }
    #expect(middle[0] == middle[3])
    return middle[0]
  }

  @Test func aMiddleOnWholePixelsIsSplitTopLeftToBottomRight() {
    let start = middleStart(Rect(x: 10, y: 10, width: 100, height: 60))
    #expect(start.x == 30 && start.y == 30)
  }

  @Test func aMiddleBetweenPixelsIsSplitTheOtherWay() {
    let start = middleStart(Rect(x: 10.5, y: 10, width: 100, height: 60))
    #expect(start.x == 90.5 && start.y == 30)
  }
}

/// A translucent fill blends once per triangle that covers a pixel, so triangles that overlap
/// show as lines of double colour (the seams once seen through the round controls). The
/// triangles of a shape must tile it: all wound the same way, their areas adding up to the area
/// inside the fringe's outer edge, so that none can overlap another.
@Suite struct ShapeMeshTilingTests {
  static let shapes: [Shape] = [
    .circle(center: Point(x: 40, y: 30), radius: 12),
    .circle(center: Point(x: 40.3, y: 30.7), radius: 9.25),
    .circle(center: Point(x: 5, y: 5), radius: 0.4),
    .roundedRectangle(Rect(x: 10, y: 10, width: 80, height: 24), cornerRadius: 12),
    .roundedRectangle(Rect(x: 10.2, y: 10.6, width: 24, height: 80), cornerRadius: 40),
    .roundedRectangle(Rect(x: 10.3, y: 20.7, width: 300.2, height: 120.9), cornerRadius: 16),
    .roundedRectangle(Rect(x: 0, y: 0, width: 30, height: 30), cornerRadius: 15),
    .rectangle(Rect(x: 3.3, y: 4.4, width: 50, height: 0.6)),
    .rectangle(Rect(x: 0, y: 0, width: 640, height: 420)),
  ]

  /// Twice the signed area of each triangle, positive when clockwise on screen (y down).
  func twiceSignedAreas(_ mesh: ShapeMesh) -> [Double] {
    stride(from: 0, to: mesh.indices.count, by: 3).map { start in
      let p = (0..<3).map { mesh.vertices[Int(mesh.indices[start + $0])] }
      return Double(p[1].x - p[0].x) * Double(p[2].y - p[0].y)
        - Double(p[2].x - p[0].x) * Double(p[1].y - p[0].y)
    }
  }

  /// The area inside the outer edge of the fringe: the shoelace of its vertices, in order.
  func outerArea(_ mesh: ShapeMesh) -> Double {
    let outer = mesh.vertices.filter { $0.coverage == 0 }
    var twice = 0.0
    for (index, point) in outer.enumerated() {
      let next = outer[(index + 1) % outer.count]
      twice += Double(point.x) * Double(next.y) - Double(next.x) * Double(point.y)
    }
    return abs(twice) / 2
  }

  @Test(arguments: [1.0, 1.48, 2.0, 3.0])
  func trianglesTileEachShapeWithoutOverlap(scale: Double) {
    for shape in Self.shapes {
      var mesh = ShapeMesh()
      mesh.append(shape, pixelsPerPoint: scale)
      let areas = twiceSignedAreas(mesh)
      // Float vertices: a degenerate triangle may come out a rounding error from zero.
      let reversed = areas.filter { $0 < -1e-3 }
      #expect(
        reversed.isEmpty, "\(shape) at \(scale)x: \(reversed.count) triangles wound backwards")
      let covered = areas.filter { $0 > 0 }.reduce(0, +) / 2
      let outline = outerArea(mesh)
      #expect(
        abs(covered - outline) <= outline * 1e-4,
        "\(shape) at \(scale)x: triangles cover \(covered) px², the outline holds \(outline)")
    }
  }
}

@Suite struct ThinShapeTests {
  /// Pulled in to its middle line, a shape thinner than a pixel still carries as much colour
  /// as its area holds, at every thickness up to a whole pixel, where the usual inside begins.
  @Test(arguments: [0.1, 0.25, 0.6, 0.99, 1.0])
  func aShapeThinnerThanAPixelCarriesItsArea(thickness: Double) {
    var mesh = ShapeMesh()
    mesh.append(.rectangle(Rect(x: 3.3, y: 4.4, width: 50, height: thickness)), pixelsPerPoint: 1)
    let carried = ShapeMeshTests().coveredArea(mesh)
    // The ends' fringes add a little beyond the 50 pixels of length.
    #expect(abs(carried - 50 * thickness) <= thickness * 1.5, "carries \(carried)")
  }
}
