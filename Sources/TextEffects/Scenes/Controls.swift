/// A clickable part of the window: one of the chrome's controls, or one of the scene's.
public enum Control: Hashable, Sendable {
  case tab(SceneKind)
  case reduceMotionSwitch
  case appearanceButton
  case helpButton
  case scene(SceneControl)
}

/// A clickable part inside a scene: its own input, which knows nothing of the window's tabs
/// and switches around it.
public enum SceneControl: Hashable, Sendable {
  case askAgain
}

/// Where one of a scene's controls is, in points.
public struct SceneHitTarget: Equatable, Sendable {
  public var control: SceneControl
  public var rect: Rect

  public init(control: SceneControl, rect: Rect) {
    self.control = control
    self.rect = rect
  }
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
