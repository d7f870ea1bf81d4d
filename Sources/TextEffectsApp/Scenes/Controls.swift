import TextEffects

/// A clickable part of the window: one of the chrome's controls, or one of the scene's.
package enum Control: Hashable, Sendable {
  case tab(SceneKind)
  case reduceMotionSwitch
  case appearanceButton
  case helpButton
  case scene(SceneControl)
}

/// A clickable part inside a scene: its own input, which knows nothing of the window's tabs
/// and switches around it.
package enum SceneControl: Hashable, Sendable {
  case askAgain
}

/// Where a clickable part is, in points: one of the window's (`HitTarget`) or one of a scene's
/// own (`SceneHitTarget`).
package struct HitRegion<Target: Hashable & Sendable>: Equatable, Sendable {
  package var control: Target
  package var rect: Rect

  package init(control: Target, rect: Rect) {
    self.control = control
    self.rect = rect
  }
}

package typealias HitTarget = HitRegion<Control>
package typealias SceneHitTarget = HitRegion<SceneControl>
