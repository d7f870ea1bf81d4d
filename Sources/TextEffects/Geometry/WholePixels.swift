/// Where a scrolled view stands, put on the screen's pixel grid: a view that moves by whole
/// pixels keeps the pixels that stay in view, which the drawer moves rather than drawing them
/// again, and one that stands still draws the same pixels. The one rounding a scroll takes.
package enum WholePixels {
  /// `points` on the nearest whole pixel at `pixelsPerPoint` (1 when that is not above 0).
  package static func rounded(_ points: Double, pixelsPerPoint: Double) -> Double {
    let scale = pixelsPerPoint > 0 ? pixelsPerPoint : 1
    return (points * scale).rounded() / scale
  }
}
