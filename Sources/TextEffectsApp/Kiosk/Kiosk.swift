import TextEffects

// Sections: State, The items, Control, Drawing, Input

/// A kiosk: the content's items one after another, each for its duration (or the cycle), only
/// while its time-of-day window is open, shifted by a pixel or two every few minutes so no
/// pixel shows the same thing all week. No controls on screen: only Ctrl+Alt+Q does anything;
/// its control socket moves it on, holds it and asks what it shows (`ControlCommand`).
package final class Kiosk: WindowContent, ControlledContent {
  // MARK: State

  /// By how many pixels the picture shifts for burn-in care, in turn, every
  /// `KioskContent.burnInPeriod` seconds.
  static let burnInPattern: [(x: Double, y: Double)] = [
    (0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (2, 0),
    (0, 2), (-2, 0), (0, -2),
  ]
  /// A kiosk with show windows looks at the time again at least this often, should the clock
  /// be set or summer time begin; otherwise it wakes just as a window opens or closes.
  static let longestScheduleWait = 3600.0

  package private(set) var content: KioskContent
  package let cycle: Double
  /// The local day and time, set by the window before each frame.
  package var localTime: LocalTime
  /// Pixels per point, so the burn-in shift is whole pixels.
  package var pixelsPerPoint: Double
  /// The window's typesetter: the fonts at its scale and the layouts made with them, which
  /// the item on screen lays out with. New fonts (a display of another density) are taken in
  /// place, so the item goes on where it was; an item's layouts go with it.
  private let layouts: Typesetter
  /// The fonts text is measured with.
  package var fonts: any FontMetricsProvider { layouts.fonts }
  package private(set) var current: Int?
  package private(set) var itemStart: Double
  /// Each time an item comes on screen, counted: what an item's command wrote for one showing
  /// is never shown in another, even of the same item.
  package private(set) var showing = 0
  /// True for a kiosk in a window (`--stdin` without `--kiosk`): Esc and Ctrl+Q close it, as
  /// they close the showcase window. Fullscreen, only Ctrl+Alt+Q does, so a passer-by's key
  /// cannot end the display.
  package var quitsLikeAWindow = false
  /// The item's scene while it shows; made when first drawn.
  private var made: MadeScene? {
    didSet { if made == nil { layouts.forget() } }
  }
  private let start: Double
  /// Whether the items that end are kept for `takePlays()`: only for a play log, as a kiosk
  /// that runs for days would otherwise keep every item it showed.
  package var recordsPlays = false
  /// The items that ended since the last `takePlays()`.
  private var plays: [KioskPlay] = []
  /// When the item's time stopped (`pause`); nil while it runs.
  package private(set) var pausedAt: Double?
  /// The desktop's Reduce Motion, appearance, text size and contrast, over each item's settings
  /// but for those the command line gave; not while the content file says `followDesktop: false`.
  package private(set) var following: DesktopFollowing

  package init(
    content: KioskContent, cycle: Double, fonts: any FontMetricsProvider, now: Double,
    localTime: LocalTime, pixelsPerPoint: Double = 1,
    following: DesktopFollowing = DesktopFollowing()
  ) {
    self.following = following
    self.content = content
    self.cycle = cycle
    layouts = Typesetter(fonts: fonts)
    self.localTime = localTime
    self.pixelsPerPoint = pixelsPerPoint
    start = now
    itemStart = now
  }

  package var title: String { "TextEffects" }

  // MARK: The items

  /// New fonts (a new pixel density): the item on screen lays out with them from the next
  /// frame and goes on where it was, a live stream with what arrived on standard input.
  package func measure(with fonts: any FontMetricsProvider, pixelsPerPoint: Double) {
    layouts.measure(with: fonts)
    self.pixelsPerPoint = pixelsPerPoint
  }

  /// New content from an edited file: it starts over with its first item that may show.
  package func replace(content: KioskContent, at now: Double) {
    endPlay(at: now)
    self.content = content
    current = nil
    made = nil
    advance(to: now)
  }

  /// What a model's stream brought on standard input (its answer's text, reasoning and tool
  /// calls), and whether the input ended with it: the streaming item shows it as it comes, and
  /// the whole answer once it has ended.
  ///
  /// What an item's command (`ask`) wrote comes for the `showing` it was run for: nothing shows
  /// when another item, or another showing, is on screen by now.
  package func receive(_ piece: AnswerPiece, at now: Double, showing: Int? = nil) {
    guard showing.map({ $0 == self.showing }) ?? true else { return }
    currentScene?.answering?.receive(piece, at: itemTime(at: now))
  }

  /// Answer text that arrived, and whether the input ended with it.
  package func receive(_ text: String, ends: Bool = false, at now: Double, showing: Int? = nil) {
    receive(AnswerPiece(text: text, ends: ends), at: now, showing: showing)
  }

  /// The command the item on screen runs for its answer, and which showing it answers.
  package var asked: (showing: Int, item: Int, command: AskedCommand)? {
    guard let current, let command = content.items[current].settings[StreamingSettings.self].asks
    else { return nil }
    return (showing, current + 1, command)
  }

  /// How long the item has shown at `now`: its time stands still while paused.
  package func itemTime(at now: Double) -> Double {
    (pausedAt ?? now) - itemStart
  }

  /// The desktop's preferences, at start and whenever they change. Returns whether the item on
  /// screen changed.
  @discardableResult
  package func receive(desktop preferences: DesktopPreferences) -> Bool {
    var unused = SceneSettings()
    guard following.receive(preferences, into: &unused), let current, let scene = made?.scene else {
      return false
    }
    let settings = settings(of: current)
    guard settings != scene.settings else { return false }
    scene.settings = settings
    return true
  }

  /// What item `index` draws with: its own settings, and the desktop's where followed.
  private func settings(of index: Int) -> SceneSettings {
    let own = content.items[index].settings
    return content.followsDesktop ? following.applied(to: own) : own
  }

  private func duration(of index: Int) -> Double {
    content.items[index].duration ?? cycle
  }

  private func isOpen(_ index: Int) -> Bool {
    content.items[index].window?.isOpen(at: localTime) ?? true
  }

  /// Moves to the next item that may show when the current one's time is up or its window
  /// closed; with nothing open the screen stays black. Once a frame, before anything of the
  /// frame is taken or drawn: what arrives, the drawing and what a screen reader reads are of
  /// the item it leaves on screen.
  package func advance(to now: Double) {
    if pausedAt != nil, current != nil { return }
    if let current, itemTime(at: now) < duration(of: current), isOpen(current) { return }
    endPlay(at: now)
    let count = content.items.count
    let from = current.map { $0 + 1 } ?? 0
    // Each item starts afresh when it comes on screen, as a SwiftUI view does when it appears.
    current = (0..<count).map { (from + $0) % count }.first(where: isOpen)
    made = nil
    itemStart = now
    showing += 1
  }

  /// The item on screen as it has shown until `now`, if one is.
  package func currentPlay(endingAt now: Double) -> KioskPlay? {
    guard let current, current < content.items.count else { return nil }
    return KioskPlay(
      item: current + 1, scene: content.items[current].scene,
      words: KioskPlay.firstWords(of: currentScene?.scene.spokenTexts(at: 0) ?? []),
      start: itemStart,
      end: now, isWhole: itemTime(at: now) >= duration(of: current) - 1e-9)
  }

  /// The items that ended since the last take, in order.
  package func takePlays() -> [KioskPlay] {
    defer { plays.removeAll() }
    return plays
  }

  /// The item on screen ends at `now`.
  private func endPlay(at now: Double) {
    if recordsPlays, let play = currentPlay(endingAt: now) { plays.append(play) }
  }

  private var currentScene: MadeScene? {
    guard let current else { return nil }
    if let made { return made }
    let item = content.items[current]
    let new = item.scene.makeScene(settings: settings(of: current), layouts: layouts)
    made = new
    return new
  }

  // MARK: Control

  /// Shows item `number` (from 1) now, from its start, as if its turn had come; refused (with
  /// why) for a number past the last item or an item whose show window is closed. A paused
  /// kiosk stays paused, on the new item's first frame.
  package func show(item number: Int, at now: Double) -> String? {
    guard number >= 1, number <= content.items.count else {
      return "there is no item \(number): the content has \(content.items.count)"
    }
    guard isOpen(number - 1) else { return "item \(number)'s show window is closed now" }
    endPlay(at: now)
    current = number - 1
    made = nil
    itemStart = now
    showing += 1
    if pausedAt != nil { pausedAt = now }
    return nil
  }

  /// Shows the next item that may show (`step` 1) or the one before it (-1), now; refused
  /// when no item's show window is open.
  package func step(_ step: Int, at now: Double) -> String? {
    let count = content.items.count
    let from = current ?? (step > 0 ? count - 1 : 0)
    guard count > 0,
      let next = (1...count).lazy.map({ ((from + step * $0) % count + count) % count })
        .first(where: isOpen)
    else { return "no item's show window is open now" }
    return show(item: next + 1, at: now)
  }

  /// Stops the item's time at `now`: the frame stays, and no item follows until `resume`.
  package func pause(at now: Double) {
    if pausedAt == nil { pausedAt = now }
  }

  /// Lets the item's time run on from where it stopped.
  package func resume(at now: Double) {
    guard let pausedAt else { return }
    itemStart += now - pausedAt
    self.pausedAt = nil
  }

  /// What `status` tells of the items: the one on screen (from 1), its scene and first words,
  /// how many there are, its time and the time until the next, whether it is paused, and the
  /// burn-in shift in pixels, right and down.
  package func controlStatus(at now: Double) -> [String: any Encodable & Sendable] {
    let shift = burnInPixels(at: now)
    var fields: [String: any Encodable & Sendable] = [
      "mode": "kiosk", "items": content.items.count, "paused": pausedAt != nil,
      "burnInShift": [Int(shift.x), Int(shift.y)],
    ]
    if let current {
      let time = itemTime(at: now)
      fields["item"] = current + 1
      fields["scene"] = content.items[current].scene.rawValue
      fields["itemSeconds"] = (time * 1000).rounded() / 1000
      let left = duration(of: current) - time
      if left.isFinite { fields["secondsToNext"] = (max(left, 0) * 1000).rounded() / 1000 }
      if let play = currentPlay(endingAt: now) { fields["text"] = play.words }
    }
    return fields
  }

  // MARK: Drawing

  /// The burn-in shift at `now`, in points.
  package func burnInOffset(at now: Double) -> Point {
    let pixels = burnInPixels(at: now)
    return Point(x: pixels.x / pixelsPerPoint, y: pixels.y / pixelsPerPoint)
  }

  /// The burn-in shift at `now`, in whole pixels.
  private func burnInPixels(at now: Double) -> (x: Double, y: Double) {
    guard content.burnInPeriod > 0 else { return (0, 0) }
    let periods = max(now - start, 0) / content.burnInPeriod
    return Self.burnInPattern[periods < 1e15 ? Int(periods) % Self.burnInPattern.count : 0]
  }

  package func draw(at now: Double, in size: Size, into list: DrawList) {
    guard let scene = currentScene?.scene else {
      list.reset(background: .black)
      return
    }
    list.reset(background: scene.background)
    let shift = burnInOffset(at: now)
    scene.draw(
      at: itemTime(at: now),
      in: Rect(x: shift.x, y: shift.y, width: size.width, height: size.height),
      pointer: PointerState(), into: list, pixelsPerPoint: pixelsPerPoint)
  }

  /// "item 2 of 5: glitch", or that nothing shows while no item's window is open.
  package var serviceStatus: String {
    guard let current else { return "no item's show window is open" }
    return "item \(current + 1) of \(content.items.count): \(content.items[current].scene)"
  }

  /// The current item's texts, whole: a kiosk has no controls.
  package func accessibleWindow(at now: Double, in size: Size) -> AccessibleWindow {
    let frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
    let texts = currentScene?.scene.spokenTexts(at: itemTime(at: now)) ?? []
    return AccessibleWindow(
      title: title,
      parts: texts.enumerated().map { index, spoken in
        AccessiblePart(
          id: "text_\(index)", role: .label, name: spoken.text, frame: frame, grows: spoken.grows)
      })
  }

  package func nextRedraw(after now: Double) -> Double? {
    var next = Double.infinity
    if content.burnInPeriod > 0 {
      let periods = (max(now - start, 0) / content.burnInPeriod).rounded(.down)
      next = start + (periods + 1) * content.burnInPeriod
    }
    let windows = content.items.compactMap(\.window)
    if !windows.isEmpty {
      // Half a second past the minute, so the window is surely open (or closed) by then.
      let wait = localTime.secondsUntil(nextOf: windows.flatMap { [$0.from, $0.to] }) + 0.5
      next = min(next, now + min(wait, Self.longestScheduleWait))
    }
    if let current, let scene = currentScene?.scene, pausedAt == nil {
      next = min(next, itemStart + duration(of: current))
      if let change = scene.nextChange(after: now - itemStart) {
        next = min(next, itemStart + change)
      }
    }
    return next.isFinite ? next : nil
  }

  // MARK: Input

  /// Stray keys and clicks do nothing; Ctrl+Alt+Q quits, and in a window Esc and Ctrl+Q too,
  /// and the wheel, Page Up and Down, Home and End scroll a long answer back.
  package func handle(_ input: WindowInput, in size: Size, at now: Double) -> WindowAction? {
    if quitsLikeAWindow, case .wheel(let notches) = input {
      made?.answering?.scroll(
        .lines(SceneScroll.linesPerNotch * notches), at: itemTime(at: now))
    }
    guard case .keyDown(let press) = input else { return nil }
    if quitsLikeAWindow, press.modifiers.isEmpty,
      case .scroll(let request) = KeyMap.command(for: press)
    {
      made?.answering?.scroll(request, at: itemTime(at: now))
      return nil
    }
    if press.key == .character("q"), press.modifiers.isSuperset(of: [.control, .alt]) {
      return .quit
    }
    guard quitsLikeAWindow else { return nil }
    let isCtrlQ = press.key == .character("q") && press.modifiers == [.control]
    return press.key == .escape && press.modifiers.isEmpty || isCtrlQ ? .quit : nil
  }
}
