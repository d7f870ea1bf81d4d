import TextEffects

/// Where the pointer is and what it presses: the tabs, switches and buttons of the chrome and
/// the scene's own controls, lit under the pointer and acted on when released.
extension Showcase {

  /// The scene's part of the window: all of it without chrome.
  package func sceneFrame(in size: Size) -> Rect {
    guard showsChrome else { return Rect(x: 0, y: 0, width: size.width, height: size.height) }
    return chromeLayout(in: size).sceneFrame
  }

  func chromeLayout(in size: Size) -> ChromeLayout {
    ChromeLayout(size: size, scene: kind, appearance: settings.appearance, layouts: layouts)
  }

  /// Every clickable part, chrome first; none while the help covers the window.
  package func hitTargets(in size: Size) -> [HitTarget] {
    guard !isHelpVisible else { return [] }
    let chrome = showsChrome ? chromeLayout(in: size).hitTargets : []
    return chrome
      + (made.answering?.hitTargets(in: sceneFrame(in: size)) ?? []).map {
        HitTarget(control: .scene($0.control), rect: $0.rect)
      }
  }

  package func control(at point: Point, in size: Size) -> Control? {
    hitTargets(in: size).first { $0.rect.contains(point) }?.control
  }

  /// The pointer as the scene sees it: over its own controls only.
  var scenePointer: ScenePointer {
    func own(_ control: Control?) -> SceneControl? {
      if case .scene(let control) = control { return control }
      return nil
    }
    return ScenePointer(hovered: own(pointer.hovered), pressed: own(pointer.pressed))
  }

  package func pointerMoved(to point: Point, in size: Size) {
    pointer.hovered = control(at: point, in: size)
  }

  package func pointerPressed(at point: Point, in size: Size) {
    guard !isHelpVisible else {
      isHelpVisible = false  // a click anywhere closes the help
      return
    }
    if let control = control(at: point, in: size) {
      pointer.pressed = control
    } else if sceneFrame(in: size).contains(point) {
      isPointerHeldOnScene = true
      updateHeld()
    }
  }

  /// A click happens when the button comes up over the control it went down on.
  package func pointerReleased(at point: Point, in size: Size, now: Double) {
    let released = control(at: point, in: size)
    if let pressed = pointer.pressed, pressed == released {
      activate(pressed, at: now)
    }
    pointer.pressed = nil
    pointer.hovered = released
    isPointerHeldOnScene = false
    updateHeld()
  }

  func activate(_ control: Control, at now: Double) {
    switch control {
    case .tab(let newKind): select(newKind, at: now)
    case .reduceMotionSwitch: perform(.toggleReduceMotion, at: now)
    case .appearanceButton: perform(.toggleAppearance, at: now)
    case .helpButton: perform(.toggleHelp, at: now)
    case .scene(let control): made.answering?.activate(control, at: time(at: now))
    }
  }
}
