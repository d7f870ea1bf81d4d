import CSDL2
import TextEffects
import TextEffectsApp
import TextEffectsSDL

// Sections: State, Opening, The loop, Drawing a frame, Input

/// The window: resizable, HiDPI-aware, drawing its content (the showcase or a kiosk) only when
/// a pixel would change, at most at the display's rate. Between frames it sleeps in SDL's event
/// wait, so input answers at once and a still screen costs nothing.
package final class AppWindow {
  // MARK: State

  private let window: OpaquePointer
  private let presenter: any WindowPresenter
  private let fonts: FontLibrary
  private let drawer: TextEffectsRenderer
  private let options: Options
  /// Seconds between two frames: the display's rate.
  private let frameInterval: Double
  private var failures: FrameFailures
  private let list = DrawList()
  private let look: WindowLook
  private var isRunning = true
  private var isMinimized = false
  /// Pixels per point of what is drawn: the display's density times the scale.
  package private(set) var pixelsPerPoint: Double
  /// What the window plays; made once the window knows its pixel density.
  package internal(set) var content: any WindowContent
  /// The same content, when a person works with it (the showcase): nil for a kiosk.
  private let interactive: (any InteractiveContent)?
  /// Called before each frame is drawn, with the time: where a kiosk takes what its feeds
  /// brought. A feed on another thread calls `wake()` to have a frame drawn.
  package var beforeFrame: ((Double) -> Void)?
  /// Called at each turn of the loop, frame or not, with the time: where a kiosk answers its
  /// control socket without waiting for a frame. Returns whether the screen must change.
  package var betweenFrames: ((Double) -> Bool)?
  /// Who follows the window from outside its loop: systemd, a frame report, screen readers.
  let followers = WindowFollowers()
  /// How the window draws, for people to read: "software, only what changes" or "OpenGL on …,
  /// whole frames".
  package var renderer: String { presenter.description }
  /// Frames drawn since the window opened.
  package private(set) var framesDrawn = 0
  /// The size of what is drawn, in pixels.
  package var pixelSize: (width: Int, height: Int) { presenter.target.pixelSize }

  /// Ends the loop before its next frame, as closing the window does.
  package func quit() {
    isRunning = false
  }

  /// Writes the pixels on screen now to `path` as a PNG, what the X server shows: the software
  /// renderer's surface, or the last frame drawn again by OpenGL and read back.
  package func saveScreen(to path: String) throws {
    try presenter.saveScreen(list, with: drawer, to: path)
  }

  // MARK: Opening

  /// Opens the window (through `open`); without a display this throws and says that
  /// screenshots work headless.
  init(
    options: Options, fonts: FontLibrary,
    content makeContent: (_ fonts: any FontMetricsProvider, _ pixelsPerPoint: Double) ->
      (any WindowContent, (any InteractiveContent)?)
  ) throws {
    let window = try Self.openWindow(options)
    let presenter: any WindowPresenter
    do {
      presenter = try Self.presenter(for: window, choosing: options.renderer)
    } catch {
      SDL_DestroyWindow(window)
      throw error
    }
    self.window = window
    self.presenter = presenter
    self.fonts = fonts
    self.options = options
    pixelsPerPoint = Self.pixelsPerPoint(window: window, target: presenter.target, options: options)
    drawer = try TextEffectsRenderer(fonts: fonts)
    frameInterval = Self.frameInterval(of: window)
    failures = FrameFailures(frameInterval: frameInterval)
    look = WindowLook(window: window, hidesPointer: options.hidesCursor)
    (content, interactive) = makeContent(
      fonts.metricsProvider(pixelsPerPoint: pixelsPerPoint), pixelsPerPoint)
  }

  deinit {
    presenter.close(with: drawer)
    look.close()
    SDL_DestroyWindow(window)
    SDL_QuitSubSystem(SDL_INIT_VIDEO)
  }

  /// The window's size in points.
  private var size: Size {
    let pixels = presenter.target.pixelSize
    return Size(
      width: Double(pixels.width) / pixelsPerPoint, height: Double(pixels.height) / pixelsPerPoint)
  }

  // MARK: The loop

  /// Plays until the window is closed, the content asks to quit, or SIGINT or SIGTERM comes.
  ///
  /// Between frames the loop sleeps in SDL's event wait until input, a wake from a feed, or the
  /// content's next change; with none coming (a still scene, a minimised window) it sleeps
  /// without a timeout and costs nothing.
  package func run() throws {
    var event = SDL_Event()
    var needsDraw = true
    var lastFrame = -Double.infinity
    var nextRedraw: Double?
    // A wait that ran out took the events there were: asking again at once would only read
    // the X connection once more (a score of empty reads a frame, on X11).
    var eventsTaken = false
    while isRunning, !QuitSignals.haveArrived {
      if !eventsTaken {
        while SDL_PollEvent(&event) != 0 { needsDraw = handle(event) || needsDraw }
      }
      eventsTaken = false
      guard isRunning else { break }
      var now = Self.now
      if let betweenFrames, betweenFrames(now) { needsDraw = true }
      // A `quit` between frames ends it now, not at the next event of a still window.
      guard isRunning else { break }
      if followers.turn(at: now, content: interactive) { needsDraw = true }
      let isDue = needsDraw || nextRedraw.map { now >= $0 } ?? false
      if isDue, !isMinimized, now >= lastFrame + frameInterval * 0.9 {
        lastFrame = now
        beforeFrame?(now)
        do {
          try drawFrame(at: now)
          followers.frameDrawn(at: now, of: content, size: size) {
            Self.screenPlace(of: window, pixels: presenter.target.pixelSize, pixelsPerPoint)
          }
          framesDrawn += 1
          failures.frameDrawn()
        } catch {
          // Still due: drawn again a frame's interval later, with the atlas uploaded anew.
          try failures.frameFailed(with: error)
          drawer.releaseTextures()
          drawer.invalidate()
          continue
        }
        needsDraw = false
        nextRedraw = content.nextRedraw(after: now)
        continue
      }
      // Sleep until an event, or the next frame: a due one once the display's interval since
      // the last has passed, else the content's next change. A minimised window waits for its
      // restoring.
      now = Self.now
      if !isDue { followers.waiting(pixels: presenter.target.pixelSize) }
      // The watchdog hears from the loop itself, so a still screen wakes it for that too.
      let wakeAt = min(
        isMinimized ? .infinity : isDue ? lastFrame + frameInterval : nextRedraw ?? .infinity,
        followers.deadline)
      switch Self.waitForEvent(&event, until: wakeAt, now: now) {
      case .event: needsDraw = handle(event) || needsDraw
      case .timedOut: eventsTaken = true
      case .noWait: break
      }
    }
  }

  // MARK: Drawing a frame

  private func drawFrame(at now: Double) throws {
    try presenter.followResize(with: drawer)
    let newPixelsPerPoint = Self.pixelsPerPoint(
      window: window, target: presenter.target, options: options)
    if newPixelsPerPoint != pixelsPerPoint {
      // Another display density, or a kiosk resized: measure the text again at its pixel size.
      pixelsPerPoint = newPixelsPerPoint
      content.measure(
        with: fonts.metricsProvider(pixelsPerPoint: pixelsPerPoint),
        pixelsPerPoint: pixelsPerPoint)
    }
    content.draw(at: now, in: size, into: list)
    drawer.pixelsPerPoint = pixelsPerPoint
    _ = try presenter.present(list, with: drawer)
    look.follow(content, hovered: interactive?.hovered)
  }
}

// MARK: Input

/// What the window does with SDL's events: the pointer, keys and resizes, and the actions its
/// content asks for.
extension AppWindow {
  private func point(x: Int32, y: Int32) -> Point {
    Self.point(x: x, y: y, in: window, pixels: presenter.target.pixelSize, pixelsPerPoint)
  }

  /// Does what `event` asks; true when the picture may have changed.
  private func handle(_ event: SDL_Event) -> Bool {
    let now = Self.now
    if WindowEvent.isAPersonsInput(event) { followers.personsInputArrived() }
    let input: WindowInput
    switch WindowEvent(event) {
    case .quit:
      isRunning = false
      return false
    case .input(let given): input = given
    case .pressed(let x, let y): input = .pointerPressed(point(x: x, y: y))
    case .released(let x, let y): input = .pointerReleased(point(x: x, y: y))
    case .moved(let x, let y):
      // Only a change of what is under the pointer changes the picture.
      guard let interactive else { return false }
      let hovered = interactive.hovered
      _ = interactive.handle(.pointerMoved(point(x: x, y: y)), in: size, at: now)
      return interactive.hovered != hovered
    case .minimized(let isMinimized):
      self.isMinimized = isMinimized
      guard !isMinimized else { return false }
      drawer.invalidate()
      return true
    case .resized:
      Self.keepMinimumSize(of: window)
      drawer.invalidate()
      return true
    case .exposed, .targetsReset:
      drawer.invalidate()
      return true
    case .focus(let hasFocus):
      // Readers follow the keyboard: the next frame tells them.
      followers.focusChanged(to: hasFocus)
      return true
    case .deviceReset:
      // The textures are gone with the device; the atlas uploads its CPU copy again.
      drawer.forgetTextures()
      drawer.invalidate()
      return true
    case .woken(let asksForFrame):
      // A feed brought something, and the frame takes it; a command is the loop's to answer.
      return asksForFrame
    case .ignored: return false
    }
    carryOut(content.handle(input, in: size, at: now))
    followers.contentTookInput()
    return true
  }

  private func carryOut(_ action: WindowAction?) {
    switch action {
    case .quit: isRunning = false
    case .toggleFullscreen:
      let isFullscreen = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
      SDL_SetWindowFullscreen(window, isFullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    case .saveFrame:
      guard let interactive else { return }
      FrameSaving.save(
        list, of: interactive, pixels: presenter.target.pixelSize, pixelsPerPoint: pixelsPerPoint,
        fonts: fonts, at: Self.now)
    case nil: break
    }
  }
}
