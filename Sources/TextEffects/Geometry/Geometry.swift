/// A point or a displacement in points (the scale turns points into pixels at the very end).
public struct Point: Hashable, Sendable {
  /// Points to the right of the origin.
  public var x: Double
  /// Points below the origin: y grows downwards, as in SDL and SwiftUI.
  public var y: Double

  /// The origin, or no displacement.
  public static let zero = Point(x: 0, y: 0)

  /// The point `x` points right of the origin and `y` points below it.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// `lhs` moved by `rhs`.
  public static func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }
}

/// A width and a height in points.
public struct Size: Hashable, Sendable {
  /// Across, in points.
  public var width: Double
  /// Down, in points.
  public var height: Double

  /// Nothing across and nothing down.
  public static let zero = Size(width: 0, height: 0)

  /// A size of `width` by `height` points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// A rectangle in points: where a text is drawn, or the part of a window that shows.
public struct Rect: Hashable, Sendable {
  /// The top-left corner.
  public var origin: Point
  /// How far it reaches right and down from `origin`.
  public var size: Size

  /// The rectangle of `size` whose top-left corner is `origin`.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// The rectangle whose top-left corner is (`x`, `y`), `width` across and `height` down.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The left edge.
  public var minX: Double { origin.x }
  /// The top edge.
  public var minY: Double { origin.y }
  /// The right edge.
  public var maxX: Double { origin.x + size.width }
  /// The bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// How wide it is.
  public var width: Double { size.width }
  /// How tall it is.
  public var height: Double { size.height }

  /// The rectangle shrunk by `amount` on every side (grown when negative).
  package func insetBy(_ amount: Double) -> Rect {
    Rect(
      x: minX + amount, y: minY + amount,
      width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
  }
}

extension Rect {
  package func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
}
