import Glibc
import TextEffects

/// The seeds are phone-sized: on a desktop their content sits in a readable column, centred,
/// and in a window too small for it the whole scene shrinks to fit rather than being clipped.
enum SceneFitting {
  static let columnWidth = 600.0
  /// Below this a scene would be unreadable anyway; it is the floor of the shrinking.
  static let smallestZoom = 0.3

  /// The readable column inside `frame`, centred, as tall as the frame.
  static func column(in frame: Rect) -> Rect {
    let width = min(frame.width, columnWidth)
    return Rect(
      x: frame.minX + (frame.width - width) / 2, y: frame.minY, width: width, height: frame.height)
  }

  /// The largest zoom up to 1 at which content `height(zoom)` tall fits in `available` points.
  ///
  /// Wrapped text grows with about the square of the zoom (its lines are longer and taller), a
  /// single line with the zoom itself, and real text somewhere between, in steps. So the first
  /// guess takes the square, and each next one the growth seen between the last two; the last
  /// guess is the proportional one, which errs small. Each guess lays the text out, which for a
  /// megabyte is costly: a text that cannot fit goes to the floor at the second.
  static func zoom(toFit available: Double, height: (Double) -> Double) -> Double {
    var zoom = 1.0
    var needed = height(zoom)
    var growth = 2.0
    let rounds = 6
    for round in 1...rounds {
      guard needed > available + 0.01 else { return zoom }
      guard zoom > smallestZoom else { return smallestZoom }
      let exponent = round == rounds ? 1 : 1 / growth
      let next = max(min(zoom * pow(available / needed, exponent), zoom * 0.99), smallestZoom)
      let nextNeeded = height(next)
      let seen = log(nextNeeded / needed) / log(next / zoom)
      growth = seen.isFinite ? min(max(seen, 1), 2) : 1
      (zoom, needed) = (next, nextNeeded)
    }
    return zoom
  }
}
