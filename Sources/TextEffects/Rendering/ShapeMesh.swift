import Foundation

/// A vertex of a tessellated shape, in pixels, with how much of the shape's colour it carries.
public struct MeshVertex: Equatable, Sendable {
  public var x: Float
  public var y: Float
  /// 1 inside the shape, 0 on the outer edge of its anti-aliasing fringe.
  public var coverage: Float
}

/// Triangles for filled shapes, anti-aliased by a one-pixel fringe that fades to clear.
///
/// The GPU (or SDL's software rasteriser) interpolates the coverage across the fringe, which
/// gives edges as smooth as a glyph's without multisampling. Buffers are kept between frames.
public struct ShapeMesh: Sendable {
  public private(set) var vertices: [MeshVertex] = []
  public private(set) var indices: [Int32] = []
  private var outline: [Point] = []

  public init() {}

  public mutating func removeAll() {
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
  }

  /// Adds `shape`, given in points, at `pixelsPerPoint` pixels per point.
  public mutating func append(_ shape: Shape, pixelsPerPoint scale: Double) {
    outline.removeAll(keepingCapacity: true)
    switch shape {
    case .rectangle(let rect):
      appendRoundedOutline(rect.scaled(scale), radius: 0)
    case .roundedRectangle(let rect, let radius):
      appendRoundedOutline(rect.scaled(scale), radius: radius * scale)
    case .circle(let center, let radius):
      let r = radius * scale
      let square = Rect(
        x: center.x * scale - r, y: center.y * scale - r, width: 2 * r, height: 2 * r)
      appendRoundedOutline(square, radius: r)
    }
    appendFringedPolygon()
  }

  /// The outline clockwise on screen (y grows down), each corner an arc of about 2 px segments.
  private mutating func appendRoundedOutline(_ rect: Rect, radius: Double) {
    guard rect.width > 0, rect.height > 0 else { return }
    let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
    let segments = r < 0.5 ? 0 : min(64, max(2, Int((r * .pi / 2 / 2).rounded(.up))))
    let corners = [
      (Point(x: rect.maxX - r, y: rect.minY + r), -Double.pi / 2),
      (Point(x: rect.maxX - r, y: rect.maxY - r), 0),
      (Point(x: rect.minX + r, y: rect.maxY - r), Double.pi / 2),
      (Point(x: rect.minX + r, y: rect.minY + r), Double.pi),
    ]
    for (center, start) in corners {
      guard segments > 0 else {
        appendOutlinePoint(center)
        continue
      }
      for step in 0...segments {
        let angle = start + Double(step) / Double(segments) * Double.pi / 2
        appendOutlinePoint(Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle)))
      }
    }
    if outline.count > 1, outline[0] == outline[outline.count - 1] { outline.removeLast() }
  }

  /// Adds a point unless it repeats the last one (where the arcs of a circle meet), since an
  /// edge of no length has no direction to push the fringe along.
  private mutating func appendOutlinePoint(_ point: Point) {
    if let last = outline.last, abs(last.x - point.x) < 1e-9, abs(last.y - point.y) < 1e-9 {
      return
    }
    outline.append(point)
  }

  /// A fan over the outline pulled in by half a pixel, and a fringe out to half a pixel beyond.
  private mutating func appendFringedPolygon() {
    let count = outline.count
    guard count >= 3 else { return }
    let base = Int32(vertices.count)
    var centroid = Point.zero
    for point in outline { centroid = centroid + point }
    centroid = Point(x: centroid.x / Double(count), y: centroid.y / Double(count))
    vertices.append(MeshVertex(x: Float(centroid.x), y: Float(centroid.y), coverage: 1))

    for index in 0..<count {
      let previous = outline[(index + count - 1) % count]
      let point = outline[index]
      let next = outline[(index + 1) % count]
      let before = Self.outwardNormal(from: previous, to: point)
      let after = Self.outwardNormal(from: point, to: next)
      var bisector = Point(x: before.x + after.x, y: before.y + after.y)
      let length = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
      bisector = length > 0 ? Point(x: bisector.x / length, y: bisector.y / length) : after
      let cosine = max(bisector.x * after.x + bisector.y * after.y, 0.25)
      let reach = 0.5 / cosine
      vertices.append(
        MeshVertex(
          x: Float(point.x - bisector.x * reach), y: Float(point.y - bisector.y * reach),
          coverage: 1))
      vertices.append(
        MeshVertex(
          x: Float(point.x + bisector.x * reach), y: Float(point.y + bisector.y * reach),
          coverage: 0))
    }
    for index in 0..<Int32(count) {
      let inner = base + 1 + index * 2
      let outer = inner + 1
      let nextInner = base + 1 + ((index + 1) % Int32(count)) * 2
      let nextOuter = nextInner + 1
      indices += [base, inner, nextInner, inner, outer, nextOuter, inner, nextOuter, nextInner]
    }
  }

  /// The unit normal of the edge from `start` to `end` that points out of a clockwise outline.
  private static func outwardNormal(from start: Point, to end: Point) -> Point {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0 else { return .zero }
    return Point(x: dy / length, y: -dx / length)
  }
}

extension Rect {
  func scaled(_ factor: Double) -> Rect {
    Rect(x: minX * factor, y: minY * factor, width: width * factor, height: height * factor)
  }
}
