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

/// Where a clickable part is, in points: one of the window's (`HitTarget`) or one of a scene's
/// own (`SceneHitTarget`).
public struct HitRegion<Target: Hashable & Sendable>: Equatable, Sendable {
  public var control: Target
  public var rect: Rect

  public init(control: Target, rect: Rect) {
    self.control = control
    self.rect = rect
  }
}

public typealias HitTarget = HitRegion<Control>
public typealias SceneHitTarget = HitRegion<SceneControl>
