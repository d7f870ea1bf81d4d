import Testing

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
