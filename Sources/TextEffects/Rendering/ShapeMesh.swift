import Glibc

/// A vertex of a tessellated shape, in pixels, with how much of the shape's colour it carries.
package struct MeshVertex: Equatable, Sendable {
  package var x: Float
  package var y: Float
  /// 1 inside the shape, 0 on the outer edge of its anti-aliasing fringe.
  package var coverage: Float
}

/// Triangles for filled shapes, anti-aliased by a one-pixel fringe that fades to clear.
///
/// The GPU (or SDL's software rasteriser) interpolates the coverage across the fringe, which
/// gives edges as smooth as a glyph's without multisampling. The inside is cut into a centre
/// rectangle, four edge rectangles and a fan at each corner, so that no triangle's bounding box
/// is much larger than the triangle: SDL's software rasteriser visits every pixel of those
/// boxes, and a fan from the centre made a large card cost 3 ms a frame. Buffers are kept
/// between frames.
package struct ShapeMesh: Sendable {
  package internal(set) var vertices: [MeshVertex] = []
  package internal(set) var indices: [Int32] = []
  private var outline: [Point] = []
  private var corners: [Point] = []

  package init() {}

  package mutating func removeAll() {
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
  }

  /// Adds `shape`, given in points, at `pixelsPerPoint` pixels per point: made from its
  /// ``Shape/meshPlacement(pixelsPerPoint:)``'s rest, then moved by its whole pixels.
  package mutating func append(_ shape: Shape, pixelsPerPoint scale: Double) {
    let placement = shape.meshPlacement(pixelsPerPoint: scale)
    let start = vertices.count
    appendRounded(placement.rest, radius: placement.radius)
    for index in start..<vertices.count {
      vertices[index].x = Self.place(vertices[index].x, by: placement.whole.x)
      vertices[index].y = Self.place(vertices[index].y, by: placement.whole.y)
    }
  }

  /// A coordinate of the rest's mesh, on the grid of 1/4096 pixel, moved by `whole` pixels:
  /// exact in a `Float` up to 4,096 pixels, so the same rest moved by another whole number of
  /// pixels lands exactly that many pixels away.
  private static func place(_ coordinate: Float, by whole: Double) -> Float {
    Float(whole + Shape.onGrid(Double(coordinate)))
  }

  /// A rounded rectangle in pixels: its outline clockwise on screen (y grows down), each
  /// corner an arc of about 2 px segments, the same number of points at every corner.
  ///
  /// Where a circle's or a pill's arcs meet, or its corner centres fall together, the points
  /// are made one and the same, not merely a rounding error apart: the triangles either side
  /// then share their edge exactly, and the ones between are of no area, which a renderer skips.
  private mutating func appendRounded(_ rect: Rect, radius: Double) {
    guard rect.width > 0, rect.height > 0 else { return }
    let thickness = min(rect.width, rect.height)
    // A corner of less than half a pixel is drawn square: one point per corner could not
    // follow its curve, and would skew the edges instead.
    let rounding = min(max(radius.isNaN ? 0 : radius, 0), thickness / 2, 1e6)
    let r = rounding < 0.5 ? 0 : rounding
    let segments = r == 0 ? 0 : min(64, max(2, Int((r * .pi / 2 / 2).rounded(.up))))
    let (left, right) = Self.merged(rect.minX + r, rect.maxX - r)
    let (top, bottom) = Self.merged(rect.minY + r, rect.maxY - r)
    outline.removeAll(keepingCapacity: true)
    corners.removeAll(keepingCapacity: true)
    corners.append(Point(x: right, y: top))
    corners.append(Point(x: right, y: bottom))
    corners.append(Point(x: left, y: bottom))
    corners.append(Point(x: left, y: top))
    for (corner, center) in corners.enumerated() {
      let start = Double(corner - 1) * Double.pi / 2
      for step in 0...segments {
        let angle = start + (segments == 0 ? 0 : Double(step) / Double(segments) * Double.pi / 2)
        var point = Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
        if let last = outline.last, Self.coincide(last, point) { point = last }
        outline.append(point)
      }
    }
    if let first = outline.first, let last = outline.last, Self.coincide(first, last) {
      outline[outline.count - 1] = first
    }
    appendFringedShape(pointsPerCorner: segments + 1, isSharp: segments == 0, thickness: thickness)
  }

  /// Two coordinates, made one when they are within a millionth of a pixel of each other.
  private static func merged(_ a: Double, _ b: Double) -> (Double, Double) {
    abs(a - b) < 1e-6 ? (a, a) : (a, b)
  }

  /// Whether two points are within a millionth of a pixel of each other, and so one point.
  private static func coincide(_ a: Point, _ b: Point) -> Bool {
    abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6
  }

  /// The inside, pulled in by half a pixel, and a fringe out to half a pixel beyond.
  ///
  /// A shape less than a pixel across (only a square one can be) is pulled in to its middle
  /// line, which carries `2t / (t + 1)` of the colour for a thickness `t`: the fringe then
  /// spreads over `t + 1` pixels the colour that `t` pixels hold, as a coverage renderer would.
  /// Pulled in further, the inside would turn over and cover the fringe a second time.
  private mutating func appendFringedShape(pointsPerCorner: Int, isSharp: Bool, thickness: Double) {
    let inset = min(thickness / 2, 0.5)
    let coverage = Float(thickness >= 1 ? 1 : 2 * thickness / (thickness + 1))
    let count = outline.count
    let base = Int32(vertices.count)
    // Inner and outer vertex of each outline point, interleaved. A point shared by two
    // arcs takes its direction from the points either side that differ from it, so both of
    // its copies land on the same vertex position.
    for index in 0..<count {
      let point = outline[index]
      let (normal, stretch) = Self.miter(
        previous: distinctNeighbour(of: index, step: count - 1), point: point,
        next: distinctNeighbour(of: index, step: 1))
      vertices.append(
        MeshVertex(
          x: Float(point.x - normal.x * inset * stretch),
          y: Float(point.y - normal.y * inset * stretch), coverage: coverage))
      vertices.append(
        MeshVertex(
          x: Float(point.x + normal.x * 0.5 * stretch),
          y: Float(point.y + normal.y * 0.5 * stretch),
          coverage: 0))
    }
    func inner(_ index: Int) -> Int32 { base + Int32(index % count) * 2 }

    // The fringe, all the way round.
    for index in 0..<count {
      let (a, b) = (inner(index), inner(index + 1))
      indices += [a, a + 1, b + 1, a, b + 1, b]
    }

    // The corner centres; a sharp corner's centre is its inner vertex itself.
    let centreBase = Int32(vertices.count)
    for (corner, centre) in corners.enumerated() {
      if isSharp {
        vertices.append(vertices[Int(inner(corner * pointsPerCorner))])
      } else {
        vertices.append(MeshVertex(x: Float(centre.x), y: Float(centre.y), coverage: 1))
      }
    }
    for corner in 0..<4 {
      let centre = centreBase + Int32(corner)
      let nextCentre = centreBase + Int32((corner + 1) % 4)
      let first = corner * pointsPerCorner
      // The fan of the corner's arc.
      for step in 0..<(pointsPerCorner - 1) {
        indices += [centre, inner(first + step), inner(first + step + 1)]
      }
      // The band along the edge to the next corner.
      let last = inner(first + pointsPerCorner - 1)
      let nextFirst = inner(first + pointsPerCorner)
      indices += [centre, last, nextFirst, centre, nextFirst, nextCentre]
    }
    appendMiddle(
      topRight: centreBase, bottomRight: centreBase + 1, bottomLeft: centreBase + 2,
      topLeft: centreBase + 3)
  }

  /// The nearest point of the outline, going round by `step`, that is not where `index` is
  /// (the point itself if all are).
  private func distinctNeighbour(of index: Int, step: Int) -> Point {
    var other = (index + step) % outline.count
    while other != index, outline[other] == outline[index] {
      other = (other + step) % outline.count
    }
    return outline[other]
  }

  /// The direction to push a point of the outline out by, and how much further than a
  /// distance from its edges it must go along it to keep that distance from both (a corner's
  /// miter).
  private static func miter(previous: Point, point: Point, next: Point) -> (Point, Double) {
    let before = outwardNormal(from: previous, to: point)
    let after = outwardNormal(from: point, to: next)
    let reference = after == .zero ? before : after
    var bisector = Point(x: before.x + after.x, y: before.y + after.y)
    let length = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
    bisector = length > 0 ? Point(x: bisector.x / length, y: bisector.y / length) : reference
    let cosine = max(bisector.x * reference.x + bisector.y * reference.y, 0.25)
    return (bisector, 1 / cosine)
  }

  /// The unit normal of the edge from `start` to `end` that points out of a clockwise outline.
  private static func outwardNormal(from start: Point, to end: Point) -> Point {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 1e-9 else { return .zero }
    return Point(x: dy / length, y: -dx / length)
  }
}

extension Shape {
  /// The shape in pixels at `scale`, as a mesh is made of it: whole pixels, and the rest (a
  /// rounded rectangle, a circle being one whose corners meet) from there, on a grid of 1/4096
  /// pixel, as is each vertex made from it. Within 4,096 pixels of the origin (`isExact`), a
  /// `Float` holds such a vertex exactly: two shapes with the same rest then make the same
  /// mesh a whole number of pixels apart, so pixels a scroll moved by that many carry the one
  /// exactly as the other would draw it. (Finer than SDL's rasteriser resolves, the grid leaves
  /// every golden frame as it was.)
  package func meshPlacement(pixelsPerPoint scale: Double) -> (
    whole: Point, rest: Rect, radius: Double, isExact: Bool
  ) {
    let (rect, radius): (Rect, Double)
    switch self {
    case .rectangle(let points): (rect, radius) = (points.scaled(scale), 0)
    case .roundedRectangle(let points, let cornerRadius):
      (rect, radius) = (points.scaled(scale), cornerRadius * scale)
    case .circle(let center, let points):
      let r = points * scale
      (rect, radius) = (
        Rect(x: center.x * scale - r, y: center.y * scale - r, width: 2 * r, height: 2 * r), r
      )
    }
    // Not a number or beyond any screen, the shape is made where it is.
    let limit = 4_095.0
    guard abs(rect.minX) < limit, abs(rect.minY) < limit else {
      return (.zero, rect, radius, false)
    }
    let whole = Point(x: rect.minX.rounded(.down), y: rect.minY.rounded(.down))
    let rest = Rect(
      x: Self.onGrid(rect.minX - whole.x), y: Self.onGrid(rect.minY - whole.y),
      width: Self.onGrid(rect.width), height: Self.onGrid(rect.height))
    // Its anti-aliased fringe reaches half a pixel out.
    let isExact = rect.maxX + 1 < limit && rect.maxY + 1 < limit
    return (whole, rest, Self.onGrid(radius), isExact)
  }

  /// `value` to the nearest 1/4096.
  static func onGrid(_ value: Double) -> Double {
    (value * 4096).rounded() / 4096
  }
}

extension Rect {
  func scaled(_ factor: Double) -> Rect {
    Rect(x: minX * factor, y: minY * factor, width: width * factor, height: height * factor)
  }
}
