import CSDL2
import Synchronization
import TextEffects
import TextEffectsApp
import TextEffectsSDL

// Sections: State, Opening, The loop, Drawing a frame, Input, The process and its video

/// The window: resizable, HiDPI-aware, drawing its content (the showcase or a kiosk) only when
/// a pixel would change, at most at the display's rate. Between frames it sleeps in SDL's event
/// wait, so input answers at once and a still screen costs nothing.
package final class AppWindow {
  // MARK: State

  package struct Options {
    /// The window's size in points (ignored when fullscreen).
    package var size: Size
    /// Pixels per point on top of the display's density; nil follows the window's size, for a
    /// kiosk that must read from across a room.
    package var scale: Double?
    package var isFullscreen: Bool
    package var hidesCursor: Bool
    package var renderer: WindowRenderer

    package init(
      size: Size, scale: Double?, isFullscreen: Bool = false, hidesCursor: Bool = false,
      renderer: WindowRenderer = .auto
    ) {
      self.size = size
      self.scale = scale
      self.isFullscreen = isFullscreen
      self.hidesCursor = hidesCursor
      self.renderer = renderer
    }
  }

  /// A kiosk's canvas is this many points tall at most, so its text grows with the display.
  package static let kioskCanvasHeight = 540.0

  private let window: OpaquePointer
  private let presenter: any WindowPresenter
  private let fonts: FontLibrary
  private let drawer: TextEffectsRenderer
  private let options: Options
  private let pacer: FramePacer
  /// What a driving program reads to know the window has caught up; nil unless asked for.
  private let report = FrameReport.fromEnvironment()
  private let list = DrawList()
  private let arrowCursor: OpaquePointer?
  private let handCursor: OpaquePointer?
  private var isRunning = true
  private var isMinimized = false
  /// Pixels per point of what is drawn: the display's density times the scale.
  package private(set) var pixelsPerPoint: Double
  private var title = ""
  private var isHandCursorShown = false
  /// What the window plays; made once the window knows its pixel density.
  package internal(set) var content: any WindowContent
  /// Called before each frame is drawn, with the time: where a kiosk takes what its feeds
  /// brought. A feed on another thread calls `wake()` to have a frame drawn.
  package var beforeFrame: ((Double) -> Void)?
  /// Called at each turn of the loop, frame or not, with the time: where a kiosk answers its
  /// control socket without waiting for a frame. Returns whether the screen must change.
  package var betweenFrames: ((Double) -> Bool)?
  /// systemd's notify socket, when a unit of `Type=notify` started the program.
  package var systemd = SystemdNotifier()
  /// What screen readers are told of the window, when one may listen; nil for none.
  package var accessibility: AccessibilityServer?
  private var hasFocus = false
  private var lastPublished = -Double.infinity
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

  /// Opens the window with the content `makeContent` makes for its fonts and pixel density,
  /// and hands that content back as what it is, so a caller needs no cast to reach it.
  package static func open<Content: WindowContent>(
    options: Options, fonts: FontLibrary,
    content makeContent: (_ fonts: any FontMetricsProvider, _ pixelsPerPoint: Double) -> Content
  ) throws -> (window: AppWindow, content: Content) {
    var made: Content?
    let window = try AppWindow(options: options, fonts: fonts) { fonts, pixelsPerPoint in
      let content = makeContent(fonts, pixelsPerPoint)
      made = content
      return content
    }
    guard let made else { preconditionFailure("the window makes its content as it opens") }
    return (window, made)
  }

  /// Opens the window; without a display this throws and says that screenshots work headless.
  private init(
    options: Options, fonts: FontLibrary,
    content makeContent: (_ fonts: any FontMetricsProvider, _ pixelsPerPoint: Double) ->
      any WindowContent
  ) throws {
    SDL_SetMainReady()
    try Self.startVideo()
    var flags =
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
    let zoom = options.scale ?? 1
    var frame = SDL_Rect(
      x: Int32(SDL_WINDOWPOS_CENTERED_MASK), y: Int32(SDL_WINDOWPOS_CENTERED_MASK),
      w: Int32(clamping: PixelRect.wholePixel(options.size.width * zoom, .toNearestOrAwayFromZero)),
      h: Int32(clamping: PixelRect.wholePixel(options.size.height * zoom, .toNearestOrAwayFromZero))
    )
    if options.isFullscreen {
      // A borderless window as large as the display, and fullscreen: a window manager makes it
      // fullscreen; without one (a bare X server, as kiosks often run) it still covers the
      // display, and its size is the one SDL draws at.
      var bounds = SDL_Rect()
      if SDL_GetDisplayBounds(0, &bounds) == 0 { frame = bounds }
      flags |= SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
    }
    guard
      let window = SDL_CreateWindow("TextEffects", frame.x, frame.y, frame.w, frame.h, flags)
    else { throw SDLError.last("Could not open the window") }
    SDL_SetWindowMinimumSize(window, 320, 240)
    let presenter: any WindowPresenter
    do {
      presenter = try Self.presenter(for: window, choosing: options.renderer)
    } catch {
      SDL_DestroyWindow(window)
      throw error
    }
    if options.hidesCursor { SDL_ShowCursor(SDL_DISABLE) }
    var mode = SDL_DisplayMode()
    let refreshRate =
      SDL_GetCurrentDisplayMode(SDL_GetWindowDisplayIndex(window), &mode) == 0
      ? Int(mode.refresh_rate) : 60
    self.window = window
    self.presenter = presenter
    self.fonts = fonts
    self.options = options
    pixelsPerPoint = Self.pixelsPerPoint(window: window, target: presenter.target, options: options)
    drawer = try TextEffectsRenderer(fonts: fonts)
    pacer = FramePacer(refreshRate: refreshRate)
    arrowCursor = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW)
    handCursor = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND)
    content = makeContent(fonts.metricsProvider(pixelsPerPoint: pixelsPerPoint), pixelsPerPoint)
  }

  deinit {
    presenter.close(with: drawer)
    if let arrowCursor { SDL_FreeCursor(arrowCursor) }
    if let handCursor { SDL_FreeCursor(handCursor) }
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
      systemd?.pingIfDue(at: now)
      if let betweenFrames, betweenFrames(now) { needsDraw = true }
      // A `quit` between frames ends it now, not at the next event of a still window.
      guard isRunning else { break }
      if let accessibility, accessibility.isListening {
        for control in accessibility.takePresses() {
          content.press(control, at: now)
          needsDraw = true
          lastPublished = -.infinity
        }
      }
      let isDue = needsDraw || nextRedraw.map { now >= $0 } ?? false
      if isDue, !isMinimized, now >= lastFrame + pacer.interval * 0.9 {
        lastFrame = now
        beforeFrame?(now)
        do {
          try drawFrame(at: now)
          publishAccessible(at: now)
          systemd?.ready(status: content.serviceStatus)
          systemd?.status(content.serviceStatus)
          report?.frameDrawn()
          framesDrawn += 1
          failedFrames = 0
        } catch {
          // Still due: drawn again a frame's interval later.
          try survive(error)
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
      if !isDue {
        let pixels = presenter.target.pixelSize
        report?.waiting(width: pixels.width, height: pixels.height)
      }
      // The watchdog hears from the loop itself, so a still screen wakes it for that too.
      let wakeAt = min(
        isMinimized ? .infinity : isDue ? lastFrame + pacer.interval : nextRedraw ?? .infinity,
        systemd?.nextPing ?? .infinity)
      let wait = wakeAt - now
      if wait == .infinity {
        if SDL_WaitEvent(&event) != 0 { needsDraw = handle(event) || needsDraw }
      } else if wait > 0 {
        let milliseconds = Int32(min(max((wait * 1000).rounded(.up), 1), 1e6))
        Self.drawsAt.store(wakeAt.bitPattern, ordering: .releasing)
        let woken = SDL_WaitEventTimeout(&event, milliseconds) != 0
        Self.drawsAt.store(0, ordering: .releasing)
        if woken {
          needsDraw = handle(event) || needsDraw
        } else {
          eventsTaken = true
        }
      }
    }
  }

  /// Frames in a row that could not be drawn.
  private var failedFrames = 0
  /// A kiosk runs for days: a frame the driver refuses (a texture lost with its device, a
  /// moment without memory) is said once on standard error and drawn again with the atlas
  /// uploaded anew. Only a renderer that fails for five seconds of frames ends the program.
  private func survive(_ error: Error) throws {
    failedFrames += 1
    if failedFrames == 1 {
      complain("text-effects: \(error); drawing again", priority: .warning)
    }
    guard Double(failedFrames) < 5 / pacer.interval else { throw error }
    drawer.releaseTextures()
    drawer.invalidate()
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
    if content.title != title {
      title = content.title
      SDL_SetWindowTitle(window, title)
    }
    if (content.hovered != nil) != isHandCursorShown {
      isHandCursorShown = content.hovered != nil
      SDL_SetCursor(isHandCursorShown ? handCursor : arrowCursor)
    }
  }

  /// Tells screen readers what the window shows, at most ten times a second (a reader needs no
  /// more, and a stream's text is told in sentences), at once after input or a change of
  /// focus; nothing while none may listen.
  private func publishAccessible(at now: Double) {
    guard let accessibility, accessibility.isListening, now >= lastPublished + 0.1 else { return }
    lastPublished = now
    var x: Int32 = 0
    var y: Int32 = 0
    SDL_GetWindowPosition(window, &x, &y)
    let pixels = presenter.target.pixelSize
    let toScreen = pixelsPerPoint * Double(windowSize.width) / Double(max(pixels.width, 1))
    accessibility.publish(
      content.accessibleWindow(at: now, in: size), isActive: hasFocus,
      origin: Point(x: Double(x), y: Double(y)), scale: toScreen, size: size)
  }

  /// Pixels per point: the display's density (2 on a HiDPI display that SDL reports as such)
  /// times the user's scale, or, for a kiosk, enough that the canvas is at most 540 points tall.
  private static func pixelsPerPoint(
    window: OpaquePointer, target: SDLRenderTarget, options: Options
  ) -> Double {
    var windowWidth: Int32 = 0
    var windowHeight: Int32 = 0
    SDL_GetWindowSize(window, &windowWidth, &windowHeight)
    let pixels = target.pixelSize
    let density =
      windowWidth > 0 && pixels.width > 0 ? Double(pixels.width) / Double(windowWidth) : 1
    guard let scale = options.scale else {
      return max(density, Double(pixels.height) / kioskCanvasHeight)
    }
    return density * scale
  }
}

// MARK: Input

/// What the window does with SDL's events: the pointer, keys and resizes, and the actions its
/// content asks for.
extension AppWindow {
  private func point(x: Int32, y: Int32) -> Point {
    let density = Double(presenter.target.pixelSize.width) / Double(max(windowSize.width, 1))
    return Point(x: Double(x) * density / pixelsPerPoint, y: Double(y) * density / pixelsPerPoint)
  }

  private var windowSize: (width: Int32, height: Int32) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    return (width, height)
  }

  /// Passes `event` on; true when the picture may have changed.
  /// The window's minimum size, which a window manager keeps; with none (a bare X server, a
  /// script's `xdotool windowsize`) nothing does, and the controls would overlap, so the
  /// window grows itself back.
  private func keepMinimumSize() {
    var minimum = (width: Int32(0), height: Int32(0))
    var size = (width: Int32(0), height: Int32(0))
    SDL_GetWindowMinimumSize(window, &minimum.width, &minimum.height)
    SDL_GetWindowSize(window, &size.width, &size.height)
    guard size.width < minimum.width || size.height < minimum.height else { return }
    SDL_SetWindowSize(window, max(size.width, minimum.width), max(size.height, minimum.height))
  }

  private func handle(_ event: SDL_Event) -> Bool {
    let now = Self.now
    var input: WindowInput?
    let type = SDL_EventType(event.type)
    if [SDL_KEYDOWN, SDL_KEYUP, SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, SDL_MOUSEWHEEL].contains(
      type)
    {
      report?.inputTaken()
    }
    switch type {
    case SDL_QUIT:
      isRunning = false
      return false
    case SDL_KEYDOWN:
      input = SDLInput.keyPress(event.key.keysym).map(WindowInput.keyDown)
    case SDL_KEYUP:
      input = SDLInput.key(event.key.keysym.sym).map(WindowInput.keyUp)
    case SDL_TEXTINPUT:
      // "?" arrives as typed text, whichever key makes it on the user's layout.
      let text = withUnsafeBytes(of: event.text.text) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if text == "?" { input = .keyDown(KeyPress(.character("?"))) }
    case SDL_MOUSEMOTION:
      // Only a change of what is under the pointer changes the picture.
      let hovered = content.hovered
      _ = content.handle(
        .pointerMoved(point(x: event.motion.x, y: event.motion.y)), in: size, at: now)
      return content.hovered != hovered
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
      input = .pointerPressed(point(x: event.button.x, y: event.button.y))
    case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
      input = .pointerReleased(point(x: event.button.x, y: event.button.y))
    case SDL_MOUSEWHEEL:
      // SDL counts a turn away from the reader as up; a flipped wheel says so.
      let notches = Double(event.wheel.y)
      let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
      input = .wheel(flipped ? notches : -notches)
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_MINIMIZED:
        isMinimized = true
        return false
      case SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_MAXIMIZED:
        isMinimized = false
      case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED:
        keepMinimumSize()
      case SDL_WINDOWEVENT_EXPOSED:
        break
      case SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_FOCUS_LOST:
        // Readers follow the keyboard: the next frame tells them.
        hasFocus = SDL_WindowEventID(UInt32(event.window.event)) == SDL_WINDOWEVENT_FOCUS_GAINED
        lastPublished = -.infinity
        return true
      default:
        return false  // focus, the pointer entering or leaving: nothing to draw
      }
      // The screen lost what it showed, or the window changed: shown whole again.
      drawer.invalidate()
      return true
    case SDL_RENDER_DEVICE_RESET:
      // The textures are gone with the device; the atlas uploads its CPU copy again.
      drawer.forgetTextures()
      drawer.invalidate()
      return true
    case SDL_USEREVENT:
      // A feed brought something, and the frame takes it; a command is the loop's to answer.
      return event.user.code != Self.listenCode
    case SDL_RENDER_TARGETS_RESET:
      drawer.invalidate()
      return true
    default:
      return false
    }
    guard let input else { return false }
    carryOut(content.handle(input, in: size, at: now))
    lastPublished = -.infinity
    return true
  }

  private func carryOut(_ action: WindowAction?) {
    switch action {
    case .quit: isRunning = false
    case .toggleFullscreen:
      let isFullscreen = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
      SDL_SetWindowFullscreen(window, isFullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    case .saveFrame: saveFrame()
    case nil: break
    }
  }

  /// Writes what the window shows to a PNG in the working folder, named by scene and time.
  private func saveFrame() {
    let now = Self.now
    guard let name = content.frameFileName(at: now) else { return }
    let pixels = presenter.target.pixelSize
    do {
      // Drawn whole, as a screenshot is; the window's next frame is drawn whole again too.
      let image = try SDLRenderTarget(
        offscreenWidth: pixels.width, height: pixels.height, opaque: true)
      drawer.renderer = image.renderer
      defer { drawer.renderer = presenter.target.renderer }
      try drawer.clear(to: list.background)
      try drawer.draw(list)
      try image.savePNG(to: name)
      content.show(message: "Saved \(name)", at: now)
    } catch {
      content.show(message: "Could not save the frame: \(error)", at: now)
    }
  }
}

// MARK: The process and its video

/// What holds for the whole process (its environment and signals), opening SDL's video,
/// choosing how the window draws, wake-ups and the clock.
extension AppWindow {
  /// The software renderer drawing only what changes, where `choice` comes down to it and the
  /// window has a surface of its own (X11 does; a display server without one gets OpenGL);
  /// else SDL's accelerated renderer.
  private static func presenter(for window: OpaquePointer, choosing choice: WindowRenderer)
    throws -> any WindowPresenter
  {
    if RendererSelection.drawsInSoftware(choice) {
      do {
        return try DamagePresenter(window: window)
      } catch  where choice == .software {
        complain(
          "text-effects: \(Option.renderer) software: \(error); drawing with OpenGL",
          priority: .warning)
      } catch {}
    }
    return try WholeFramePresenter(window: window)
  }

  /// Starts SDL's video on a real display. With none, SDL 2.26 quietly falls back to its
  /// offscreen driver, whose window nobody sees; that counts as no display unless the user
  /// asked for it by name in SDL_VIDEODRIVER.
  private static func startVideo() throws {
    let noDisplay =
      "Set DISPLAY (or WAYLAND_DISPLAY), or use \(Option.screenshot), which works headless."
    // Without a Wayland display or a runtime folder (an absolute path) no Wayland compositor can
    // be reached, and trying prints libwayland's "error: XDG_RUNTIME_DIR is invalid or not set"
    // on a person's terminal before our own line: only X11 is tried then, unless
    // SDL_VIDEODRIVER says.
    let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? ""
    if getenv("WAYLAND_DISPLAY") == nil, !runtime.hasPrefix("/") {
      SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
    }
    guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
      throw SDLError("No display found (\(String(cString: SDL_GetError()))). \(noDisplay)")
    }
    let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
    let isChosen = getenv("SDL_VIDEODRIVER") != nil
    if !isChosen, driver == "offscreen" || driver == "dummy" {
      SDL_QuitSubSystem(SDL_INIT_VIDEO)
      throw SDLError("No display found. \(noDisplay)")
    }
    QuitSignals.videoHasStarted()
  }

  /// What holds for the whole process, set from the main thread before any other thread
  /// starts (the desktop watcher's, standard input's, GLib's): glibc's environment is not safe
  /// to change while another thread may read it, and threads inherit the signal mask.
  package static func prepareProcess() {
    // With no session bus, SDL's D-Bus start forks the program to run `dbus-launch
    // --autolaunch` and start a bus nobody asked for (a kiosk on a bare X server has none).
    // SDL needs no bus for anything our windows do, so without one it is told there is none;
    // the desktop watcher then reads GSettings, as it does on any machine without a bus.
    if getenv("DBUS_SESSION_BUS_ADDRESS") == nil {
      setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 0)
    }
    QuitSignals.takeOnAThreadOfTheirOwn()
  }

  /// While the loop sleeps until it draws its next frame, when that is (the bits of a time on
  /// ``now``); 0 while it is awake or waits for an event alone.
  private static let drawsAt = Atomic<UInt64>(0)
  /// How soon that frame must come for a feed's news to wait for it.
  private static let soonEnough = 1.0 / 30

  /// Wakes the loop from its event wait, from any thread (a reader of standard input), unless
  /// it sleeps until a frame it draws within ``soonEnough``: that frame takes the news anyway.
  /// A model's answer arrives every 30 ms while the front moves at 60 frames a second, and a
  /// wake for each piece (an X request from this thread, a turn of the loop on the other) cost
  /// a tenth of the window's time.
  package static func wake() {
    wake(code: 0)
  }

  /// Wakes the loop as ``wake()`` does, for ``betweenFrames`` alone: no frame is drawn for it
  /// unless that asks for one (a control command that changes nothing on screen costs none).
  package static func wakeToListen() {
    wake(code: listenCode)
  }

  /// The code of a user event that wakes the loop without asking for a frame.
  private static let listenCode: Int32 = 1

  private static func wake(code: Int32) {
    let drawsAt = Double(bitPattern: drawsAt.load(ordering: .acquiring))
    let now = now
    if drawsAt > now, drawsAt - now <= soonEnough { return }
    var event = SDL_Event()
    event.type = SDL_USEREVENT.rawValue
    event.user.code = code
    SDL_PushEvent(&event)
  }

  /// Seconds on SDL's monotonic counter: the "now" the content's clocks count from.
  package static var now: Double {
    Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
  }
}
