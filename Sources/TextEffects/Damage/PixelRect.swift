/// A rectangle of whole pixels: what is redrawn and sent to the screen when only part of a
/// frame changed.
package struct PixelRect: Hashable, Sendable {
  package var x: Int
  package var y: Int
  package var width: Int
  package var height: Int

  package static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

  package init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(width, 0)
    self.height = max(height, 0)
  }

  /// The smallest rectangle of whole pixels holding the span from (`minX`, `minY`) to
  /// (`maxX`, `maxY`), in pixels. Coordinates past a billion pixels (text pushed far off the
  /// screen) are held there, so no conversion to an integer can trap.
  package init(coveringMinX minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let left = Self.wholePixel(minX, .down)
    let top = Self.wholePixel(minY, .down)
    self.init(
      x: left, y: top, width: Self.wholePixel(maxX, .up) - left,
      height: Self.wholePixel(maxY, .up) - top)
  }

  /// `value` rounded to a whole pixel by `rule`, held within a billion pixels either way.
  package static func wholePixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(min(max(value, -1e9), 1e9).rounded(rule))
  }

  package var maxX: Int { x + width }
  package var maxY: Int { y + height }
  package var isEmpty: Bool { width == 0 || height == 0 }
  package var area: Int { width * height }

  /// The part inside both; empty when they do not meet.
  package func intersection(_ other: PixelRect) -> PixelRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    guard right > left, bottom > top else { return .empty }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  package func intersects(_ other: PixelRect) -> Bool {
    !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY
      && other.y < maxY
  }

  /// The smallest rectangle holding both; an empty one adds nothing.
  package func union(_ other: PixelRect) -> PixelRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let left = min(x, other.x)
    let top = min(y, other.y)
    return PixelRect(
      x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
  }
}

extension Shape {
  /// Every pixel the shape's mesh may touch at `scale` pixels a point: those its box reaches
  /// into, and one more each side for the 1/4096 of a pixel its mesh may be moved by
  /// (``meshPlacement(pixelsPerPoint:)``).
  package func pixelBounds(pixelsPerPoint scale: Double) -> PixelRect {
    let box: Rect
    switch self {
    case .rectangle(let rect), .roundedRectangle(let rect, _): box = rect
    case .circle(let center, let radius):
      box = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }
    guard box.width > 0, box.height > 0 else { return .empty }
    return PixelRect(
      coveringMinX: box.minX * scale - 1, minY: box.minY * scale - 1, maxX: box.maxX * scale + 1,
      maxY: box.maxY * scale + 1)
  }
}

extension GlyphDraw {
  /// Where a glyph's bitmap of `width` × `height` pixels lands: as SDL2_ttf put one, at the
  /// floor of its pen (the nudge keeps 22.9999… at 23), moved right by its bearing and down by
  /// its rise (from the top of its font's line to the bitmap's top).
  package func pixelRect(
    pixelsPerPoint scale: Double, bearing: Int, rise: Int, width: Int, height: Int
  ) -> PixelRect {
    PixelRect(
      x: PixelRect.wholePixel(origin.x * scale + 1e-6, .down) + bearing,
      y: PixelRect.wholePixel(origin.y * scale + 1e-6, .down) + rise, width: width,
      height: height)
  }
}
