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
