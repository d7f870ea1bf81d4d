/// A point or a displacement in points (the scale turns points into pixels at the very end).
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public static let zero = Point(x: 0, y: 0)

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }
}

public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double

  public static let zero = Size(width: 0, height: 0)

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

public struct Rect: Hashable, Sendable {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var width: Double { size.width }
  public var height: Double { size.height }

  /// The rectangle shrunk by `amount` on every side (grown when negative).
  public func insetBy(_ amount: Double) -> Rect {
    Rect(
      x: minX + amount, y: minY + amount,
      width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
  }
}

extension Rect {
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
}
