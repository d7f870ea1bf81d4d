// Sections: The mesh, Coverage, Placement

/// Filled shapes as rectangles on whole pixels, each of one coverage: the share of each of its
/// pixels that the shape covers, so edges are anti-aliased as a glyph's are.
///
/// A shape is cut into runs of pixels of equal coverage, row by row, and rows alike are one
/// rectangle: a card is its inside, a column either side, a row above and below where its
/// edges cross pixels, and its corners' pixels. SDL's software renderer fills each as one
/// rectangle (a quad on its diagonal, blended, or filled with the colour its blend would give
/// where nothing but the background lies under it); a GPU draws the same pixels. (Triangles
/// that faded across a one-pixel fringe went through SDL's per-pixel triangle blitter: the
/// code backgrounds of a streamed Markdown answer cost the kiosk a tenth of its time.)
/// Rectangles never overlap, so a part of a shape made alone
/// (``append(_:pixelsPerPoint:within:)``) draws its pixels exactly as the whole shape does.
/// Buffers are kept between frames.
package struct ShapeMesh: Sendable {
  /// The rectangles made, in whole pixels, none overlapping another.
  package private(set) var rectangles: [Rectangle] = []
  /// The runs of the rows before, from `pendingTop` to `pendingBottom`, not yet added.
  private var pending: [Run] = []
  private var pendingTop = 0
  private var pendingBottom = 0
  /// The row being made.
  private var row: [Run] = []

  /// Pixels `start..<end` of a row, each covered `coverage`.
  private struct Run: Equatable {
    var start: Int
    var end: Int
    var coverage: Float
  }

  package init() {}

  /// Pixels of a shape covered alike: `coverage` is the share of each that the shape covers,
  /// 1 inside, less along its edges.
  package struct Rectangle: Equatable, Sendable {
    package var rect: PixelRect
    package var coverage: Float
  }

  package mutating func removeAll() {
    rectangles.removeAll(keepingCapacity: true)
  }

  // MARK: The mesh

  /// Adds `shape`, given in points, at `pixelsPerPoint` pixels per point, or only its pixels
  /// `within` a rectangle: made from its ``Shape/meshPlacement(pixelsPerPoint:)``'s rest,
  /// then moved by its whole pixels.
  package mutating func append(
    _ shape: Shape, pixelsPerPoint scale: Double, within window: PixelRect? = nil
  ) {
    let placement = shape.meshPlacement(pixelsPerPoint: scale)
    let whole = placement.whole
    let limit = window.map {
      Rect(
        x: Double($0.x) - whole.x, y: Double($0.y) - whole.y, width: Double($0.width),
        height: Double($0.height))
    }
    guard let coverage = Coverage(placement.rest, radius: placement.radius, within: limit)
    else { return }
    appendRows(of: coverage, movedBy: (Int(whole.x), Int(whole.y)))
  }

  /// The rectangles of `coverage`: each row's runs, made once for the rows between the
  /// corners, and joined with the rows before when alike.
  private mutating func appendRows(of coverage: Coverage, movedBy whole: (x: Int, y: Int)) {
    pending.removeAll(keepingCapacity: true)
    var y = coverage.rows.lowerBound
    while y < coverage.rows.upperBound {
      let alike = coverage.rowsAlike(from: y)
      makeRow(y, of: coverage)
      if row == pending, pendingBottom == y {
        pendingBottom = y + alike
      } else {
        flushPending(movedBy: whole)
        swap(&row, &pending)
        (pendingTop, pendingBottom) = (y, y + alike)
      }
      y += alike
    }
    flushPending(movedBy: whole)
  }

  /// The runs of row `y`, left to right: the pixels an edge or a corner's arc crosses one by
  /// one, the pixels between them as runs.
  private mutating func makeRow(_ y: Int, of coverage: Coverage) {
    row.removeAll(keepingCapacity: true)
    for part in coverage.parts(ofRow: y) {
      switch part {
      case .pixels(let columns):
        for x in columns { add(Run(start: x, end: x + 1, coverage: coverage.pixel(x, y))) }
      case .run(let columns, let covered):
        if !columns.isEmpty {
          add(Run(start: columns.lowerBound, end: columns.upperBound, coverage: covered))
        }
      }
    }
  }

  /// Adds `run` to the row, joined to the run before when they cover alike.
  private mutating func add(_ run: Run) {
    guard run.coverage > 0 else { return }
    if let last = row.last, last.end == run.start, last.coverage == run.coverage {
      row[row.count - 1].end = run.end
    } else {
      row.append(run)
    }
  }

  /// Adds the pending runs as rectangles over their rows, moved by `whole` pixels.
  private mutating func flushPending(movedBy whole: (x: Int, y: Int)) {
    for run in pending {
      rectangles.append(
        Rectangle(
          rect: PixelRect(
            x: whole.x + run.start, y: whole.y + pendingTop, width: run.end - run.start,
            height: pendingBottom - pendingTop), coverage: run.coverage))
    }
    pending.removeAll(keepingCapacity: true)
  }
}

// MARK: Coverage

/// How much of each pixel a rounded rectangle in pixels covers: along a straight edge, the
/// share of the pixel on its inside, exactly; in a corner, that of a one-pixel ramp across
/// the arc at the pixel's centre (half covered where the arc passes through it), which meets
/// the straight edges' coverage without a step.
private struct Coverage {
  let rect: Rect
  let radius: Double
  /// The pixels the shape touches, within the window asked for.
  let rows: Range<Int>
  let columns: Range<Int>
  /// The rows between the corners, wholly inside: covered alike from top to bottom.
  private let middleRows: Range<Int>

  /// A part of a row: pixels to find one by one, or a run covered alike.
  enum Part {
    case pixels(Range<Int>)
    case run(Range<Int>, Float)
  }

  /// Nil for a shape of no area or none of it in `window`. A corner of less than half a pixel
  /// is drawn square.
  init?(_ rect: Rect, radius: Double, within window: Rect?) {
    guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite,
      rect.maxX.isFinite, rect.maxY.isFinite
    else { return nil }
    let rounding = min(max(radius.isNaN ? 0 : radius, 0), min(rect.width, rect.height) / 2)
    self.rect = rect
    self.radius = rounding < 0.5 ? 0 : rounding
    // No screen is larger than this: what lies beyond is not made.
    let limit = window ?? Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
    rows = Self.pixels(from: rect.minY, to: rect.maxY, within: limit.minY, limit.maxY)
    columns = Self.pixels(from: rect.minX, to: rect.maxX, within: limit.minX, limit.maxX)
    guard !rows.isEmpty, !columns.isEmpty else { return nil }
    let first = Self.clamp((rect.minY + self.radius).rounded(.up), rows)
    let end = Self.clamp((rect.maxY - self.radius).rounded(.down), rows)
    middleRows = first..<max(first, end)
  }

  /// The whole pixels that `start...end` reaches into, of those in `low...high`.
  private static func pixels(
    from start: Double, to end: Double, within low: Double, _ high: Double
  ) -> Range<Int> {
    let first = max(start.rounded(.down), low.rounded(.down))
    let last = min(end.rounded(.up), high.rounded(.up))
    guard first < last else { return 0..<0 }
    return Int(first)..<Int(last)
  }

  /// `value`, a whole number, as a pixel of `range` or its end.
  private static func clamp(_ value: Double, _ range: Range<Int>) -> Int {
    value.isNaN
      ? range.lowerBound
      : Int(min(max(value, Double(range.lowerBound)), Double(range.upperBound)))
  }

  /// How many rows from `y` on are covered as `y` is: the middle rows at once.
  func rowsAlike(from y: Int) -> Int {
    middleRows.contains(y) ? middleRows.upperBound - y : 1
  }

  /// The share of pixel `index` that `start...end` covers.
  private static func overlap(_ index: Int, _ start: Double, _ end: Double) -> Double {
    max(0, min(Double(index + 1), end) - max(Double(index), start))
  }

  /// Row `y` in parts, left to right. Pixels whose coverage is not plainly all or nothing are
  /// found one by one, with a pixel to spare either side: where a corner's arc crosses the
  /// row, and the pixels at the left and right edges.
  func parts(ofRow y: Int) -> [Part] {
    let across = Float(Self.overlap(y, rect.minY, rect.maxY))
    let centre = Double(y) + 0.5
    guard let cornerY = corner(of: centre, from: rect.minY, to: rect.maxY) else {
      // The edges' pixels, and between them pixels wholly inside across.
      let inside = Self.clamp(rect.minX.rounded(.up), columns)
      let end = max(inside, Self.clamp(rect.maxX.rounded(.down), columns))
      return [
        .pixels(columns.lowerBound..<inside), .run(inside..<end, across),
        .pixels(end..<columns.upperBound),
      ]
    }
    let dy = centre - cornerY
    let outer = (radius + 0.5) * (radius + 0.5) - dy * dy
    let inner = (radius - 0.5) * (radius - 0.5) - dy * dy
    // How far from a corner's centre, across, the arc's ramp starts and ends.
    let reach = outer > 0 ? outer.squareRoot() : 0
    let full = inner > 0 ? inner.squareRoot() : -1.0
    let (left, right) = (rect.minX + radius, rect.maxX - radius)
    // Pixel x's centre is x + 0.5: the first pixel whose centre passes `point`.
    func pixel(after point: Double) -> Int { Self.clamp((point - 0.5).rounded(.up), columns) }
    let leftZoneEnd = pixel(after: left)
    let rightZoneStart = max(leftZoneEnd, pixel(after: right))
    let leftRamp = min(pixel(after: left - reach) - 1, leftZoneEnd)
    let leftFull = max(leftRamp, min(pixel(after: left - full) + 1, leftZoneEnd))
    let rightFull = max(rightZoneStart, min(pixel(after: right + full) - 1, columns.upperBound))
    let rightRamp = max(rightFull, min(pixel(after: right + reach) + 1, columns.upperBound))
    let start = max(leftRamp, columns.lowerBound)
    return [
      .pixels(start..<leftFull), .run(leftFull..<leftZoneEnd, full >= 0 ? 1 : 0),
      .run(leftZoneEnd..<rightZoneStart, across),
      .run(rightZoneStart..<rightFull, full >= 0 ? 1 : 0),
      .pixels(rightFull..<rightRamp),
    ]
  }

  /// The coverage of pixel (`x`, `y`).
  func pixel(_ x: Int, _ y: Int) -> Float {
    let centre = (x: Double(x) + 0.5, y: Double(y) + 0.5)
    if let cornerX = corner(of: centre.x, from: rect.minX, to: rect.maxX),
      let cornerY = corner(of: centre.y, from: rect.minY, to: rect.maxY)
    {
      let dx = centre.x - cornerX
      let dy = centre.y - cornerY
      let outside = (dx * dx + dy * dy).squareRoot() - radius
      return Float(min(max(0.5 - outside, 0), 1))
    }
    return Float(Self.overlap(x, rect.minX, rect.maxX) * Self.overlap(y, rect.minY, rect.maxY))
  }

  /// Across or down, the coordinate of the corners' centres that a pixel centred at `centre`
  /// lies before or beyond (between `start` and `end`, the shape's extent that way): nil
  /// between the corners, or when they are square.
  private func corner(of centre: Double, from start: Double, to end: Double) -> Double? {
    guard radius > 0 else { return nil }
    if centre < start + radius { return start + radius }
    return centre > end - radius ? end - radius : nil
  }
}

// MARK: Placement

extension Shape {
  /// The shape in pixels at `scale`, as a mesh is made of it: whole pixels, and the rest (a
  /// rounded rectangle, a circle being one whose corners meet) from there, on a grid of 1/4096
  /// pixel. Within 4,096 pixels of the origin (`isExact`), two shapes with the same rest then
  /// make the same mesh a whole number of pixels apart, so pixels a scroll moved by that many
  /// carry the one exactly as the other would draw it.
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
    // Its edge pixels reach a pixel out at most.
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
