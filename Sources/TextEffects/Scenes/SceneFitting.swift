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
  /// Text wraps less as it shrinks, so the height is not proportional to the zoom; a few
  /// rounds of proportional guesses settle it.
  static func zoom(toFit available: Double, height: (Double) -> Double) -> Double {
    var zoom = 1.0
    for _ in 0..<6 {
      let needed = height(zoom)
      guard needed > available + 0.01 else { return zoom }
      guard zoom > smallestZoom else { return smallestZoom }
      zoom = max(min(zoom * available / needed, zoom * 0.99), smallestZoom)
    }
    return zoom
  }
}

/// A clickable part of the window, in the chrome or inside a scene.
public enum Control: Hashable, Sendable {
  case tab(SceneKind)
  case reduceMotionSwitch
  case appearanceButton
  case helpButton
  case askAgain
}

/// Where a control is, in points.
public struct HitTarget: Equatable, Sendable {
  public var control: Control
  public var rect: Rect

  public init(control: Control, rect: Rect) {
    self.control = control
    self.rect = rect
  }
}

extension Rect {
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
}
