import TextEffects

/// The showcase's state and behaviour, without a window: which scene plays, the settings, the
/// clock, the pointer, the help overlay. The SDL layer feeds it keys, clicks and the time, and
/// draws what it records, so all of it is tested without a display.
package final class Showcase: InteractiveContent {
  package typealias Request = WindowAction

  /// How long a message (such as where a frame was saved) stays in the status line.
  package static let messageDuration = 2.5

  package private(set) var kind: SceneKind
  package private(set) var settings: SceneSettings
  /// Where Reduce Motion, the appearance, the text size and the contrast came from, and how the
  /// desktop's next change is taken.
  package private(set) var following: DesktopFollowing
  package let showsChrome: Bool
  /// Set by `--at T` in the window: every scene, and every scene switched to, holds at T.
  package let frozenTime: Double?
  package internal(set) var isHelpVisible = false
  package private(set) var clock: SceneClock
  package internal(set) var pointer = PointerState<Control>()
  private var scenes: [SceneKind: MadeScene] = [:]
  /// The window's typesetter: the fonts at its scale and the layouts made with them, shared
  /// by every scene and the chrome. New fonts (on a display of another density) are taken in
  /// place, so every scene keeps where it was (a streamed answer, its run of Ask Again).
  let layouts: Typesetter
  /// The fonts text is measured with.
  package var fonts: any FontMetricsProvider { layouts.fonts }
  var message: (text: String, until: Double)?
  /// How the window draws, as the help overlay tells it.
  package var renderer = "software, only what changes"
  private var isBurstKeyHeld = false
  var isPointerHeldOnScene = false

  package init(
    scene: SceneKind, settings: SceneSettings, showsChrome: Bool,
    fonts: any FontMetricsProvider, now: Double, frozenAt frozenTime: Double? = nil,
    following: DesktopFollowing = DesktopFollowing()
  ) {
    kind = scene
    self.settings = settings
    self.following = following
    self.showsChrome = showsChrome
    self.frozenTime = frozenTime
    layouts = Typesetter(fonts: fonts)
    clock = SceneClock(startingAt: now)
  }

  /// The scene on show, with what it does beyond drawing; each kind is made once and keeps its
  /// state (such as Ask Again).
  package var made: MadeScene {
    if let made = scenes[kind] { return made }
    let made = kind.makeScene(settings: settings, layouts: layouts)
    scenes[kind] = made
    return made
  }

  /// The scene on show.
  package var scene: any Scene { made.scene }

  package var title: String { "TextEffects - \(kind.title)" }

  /// The scene on show, for a service manager's status.
  package var serviceStatus: String { "the \(kind.rawValue) scene" }

  package var hovered: Control? { pointer.hovered }

  package func measure(with fonts: any FontMetricsProvider, pixelsPerPoint: Double) {
    layouts.measure(with: fonts)
  }

  package func time(at now: Double) -> Double { frozenTime ?? clock.time(at: now) }

  /// F12 and Ctrl+S save the frame as `text-effects-SCENE-TIMEs.png`, named by the scene and
  /// its clock, so frames saved in a row sort by time.
  package func frameFileName(at now: Double) -> String {
    "text-effects-\(kind.rawValue)-\(Printed.decimal(time(at: now), places: 2))s.png"
  }

  /// Shows `text` in the status line for a moment.
  package func show(message text: String, at now: Double) {
    message = (text, now + Self.messageDuration)
  }

  // MARK: Commands

  @discardableResult
  package func perform(_ command: ShowcaseCommand, at now: Double) -> Request? {
    switch command {
    case .selectScene(let newKind): select(newKind, at: now)
    case .nextScene: select(Self.neighbour(of: kind, by: 1), at: now)
    case .previousScene: select(Self.neighbour(of: kind, by: -1), at: now)
    case .togglePause:
      if clock.isPaused { clock.resume(at: now) } else { clock.pause(at: now) }
    case .restart:
      clock.restart(at: now)
      made.answering?.restart()
    case .toggleReduceMotion: update(.reduceMotion) { $0.reduceMotion.toggle() }
    case .toggleAppearance:
      update(.appearance) { $0.appearance = $0.appearance == .dark ? .light : .dark }
    case .largerText: update(.textSize) { $0.dynamicType = $0.dynamicType.larger }
    case .smallerText: update(.textSize) { $0.dynamicType = $0.dynamicType.smaller }
    case .standardText: update(.textSize) { $0.dynamicType = .standard }
    case .faster, .slower: adjust(.speed, up: command == .faster)
    case .widerFade, .narrowerFade: adjust(.fade, up: command == .widerFade)
    case .askAgain: made.answering?.activate(.askAgain, at: time(at: now))
    case .scroll(let request): made.answering?.scroll(request, at: time(at: now))
    case .holdBurst(let isHeld):
      isBurstKeyHeld = isHeld
      updateHeld()
    case .toggleHelp: isHelpVisible.toggle()
    case .dismiss:
      guard isHelpVisible else { return .quit }
      isHelpVisible = false
    case .toggleFullscreen: return .toggleFullscreen
    case .saveFrame: return .saveFrame
    case .quit: return .quit
    }
    return nil
  }

  func select(_ newKind: SceneKind, at now: Double) {
    guard newKind != kind else { return }
    made.holdable?.isHeld = false
    kind = newKind
    // A scene switched to starts over, as a SwiftUI view does when it appears.
    clock.restart(at: now)
    made.answering?.restart()
    updateHeld()
  }

  private static func neighbour(of kind: SceneKind, by step: Int) -> SceneKind {
    let all = SceneKind.demos
    let index = all.firstIndex(of: kind) ?? all.count - 1
    return all[(index + step + all.count) % all.count]
  }

  private func update(_ change: (inout SceneSettings) -> Void) {
    change(&settings)
    for made in scenes.values { made.scene.settings = settings }
  }

  /// A key or a click changed a setting the desktop also gives: the key's value shows until
  /// the desktop changes it again.
  private func update(_ setting: FollowedSetting, _ change: (inout SceneSettings) -> Void) {
    update(change)
    following.pressed(setting)
  }

  /// The desktop's preferences, at start and whenever they change: each new one shows unless
  /// the command line gave that setting. Returns whether anything on screen changed.
  @discardableResult
  package func receive(desktop preferences: DesktopPreferences) -> Bool {
    var changed = settings
    guard following.receive(preferences, into: &changed) else { return false }
    update { $0 = changed }
    return true
  }

  /// Steps the playing effect's value moved by `keys`; an effect without one ignores them (the
  /// glitch keeps the seed's 12 ticks a second).
  private func adjust(_ keys: Adjustment.Keys, up: Bool) {
    guard let adjustment = kind.effect.adjustments.first(where: { $0.keys == keys }) else { return }
    update { $0 = adjustment.stepped($0, up: up) }
  }

  func updateHeld() {
    made.holdable?.isHeld = isBurstKeyHeld || isPointerHeldOnScene
  }

  package func handle(_ input: WindowInput, in size: Size, at now: Double) -> WindowAction? {
    switch input {
    case .keyDown(let press): return KeyMap.command(for: press).flatMap { perform($0, at: now) }
    case .keyUp(let key): KeyMap.commandForRelease(of: key).map { _ = perform($0, at: now) }
    case .pointerMoved(let point): pointerMoved(to: point, in: size)
    case .pointerPressed(let point): pointerPressed(at: point, in: size)
    case .pointerReleased(let point): pointerReleased(at: point, in: size, now: now)
    case .wheel(let notches):
      made.answering?.scroll(.lines(SceneScroll.linesPerNotch * notches), at: time(at: now))
    }
    return nil
  }

  // MARK: Drawing

  /// When the window must draw next, on the `now` clock, with no input: nil while nothing
  /// would change (paused, held by `--at`, still scenes), so the window sleeps in its event wait.
  package func nextRedraw(after now: Double) -> Double? {
    var next: Double?
    if frozenTime == nil, !clock.isPaused {
      let time = time(at: now)
      next = scene.nextChange(after: time).map { now + max($0 - time, 0) }
    }
    if let message, message.until > now { next = min(next ?? message.until, message.until) }
    return next
  }

  /// Records the frame at `now` for a window of `size` points.
  package func draw(at now: Double, in size: Size, into list: DrawList) {
    let scene = scene
    list.reset(background: scene.background)
    scene.draw(
      at: time(at: now), in: sceneFrame(in: size), pointer: scenePointer, into: list,
      pixelsPerPoint: fonts.pixelsPerPoint)
    guard showsChrome || isHelpVisible else { return }
    let drawing = ChromeDrawing(
      layout: chromeLayout(in: size), appearance: settings.appearance,
      increasesContrast: settings.increaseContrast, pointer: pointer, layouts: layouts)
    if showsChrome {
      drawing.drawBars(
        selected: kind, reduceMotion: settings.reduceMotion, status: status(at: now),
        into: list)
    }
    if isHelpVisible { drawing.drawHelp(values: values, into: list) }
  }
}
