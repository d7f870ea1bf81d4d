import CSDL2
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// Opening the window: what holds for the whole process first (its environment and signals),
/// then SDL's video, the window, how it draws and its content.
extension AppWindow {
  /// Opens the window with the content `makeContent` makes for its fonts and pixel density,
  /// and hands that content back as what it is, so a caller needs no cast to reach it.
  package static func open<Content: WindowContent>(
    options: Options, fonts: FontLibrary,
    content makeContent: (_ fonts: any FontMetricsProvider, _ pixelsPerPoint: Double) -> Content
  ) throws -> (window: AppWindow, content: Content) {
    try open(options: options, fonts: fonts, content: makeContent) { _ in nil }
  }

  /// Opens the window as above, for content a person works with: its controls take the
  /// pointer and screen readers' presses, and it saves frames and shows notes.
  package static func open<Content: InteractiveContent>(
    options: Options, fonts: FontLibrary,
    content makeContent: (_ fonts: any FontMetricsProvider, _ pixelsPerPoint: Double) -> Content
  ) throws -> (window: AppWindow, content: Content) {
    try open(options: options, fonts: fonts, content: makeContent) { $0 }
  }

  private static func open<Content: WindowContent>(
    options: Options, fonts: FontLibrary,
    content makeContent: (_ fonts: any FontMetricsProvider, _ pixelsPerPoint: Double) -> Content,
    interactive: (Content) -> (any InteractiveContent)?
  ) throws -> (window: AppWindow, content: Content) {
    var made: Content?
    let window = try AppWindow(options: options, fonts: fonts) { fonts, pixelsPerPoint in
      let content = makeContent(fonts, pixelsPerPoint)
      made = content
      return (content, interactive(content))
    }
    guard let made else { preconditionFailure("the window makes its content as it opens") }
    return (window, made)
  }

  /// Seconds between two frames on `window`'s display (60 a second where it does not say), so
  /// the loop draws at the display's rate and never spins a core where vsync is missing (under
  /// Xvfb, on the software renderer). With working vsync, presenting a frame already takes a
  /// whole interval, so no wait is left.
  static func frameInterval(of window: OpaquePointer) -> Double {
    var mode = SDL_DisplayMode()
    let rate =
      SDL_GetCurrentDisplayMode(SDL_GetWindowDisplayIndex(window), &mode) == 0
      ? Int(mode.refresh_rate) : 60
    return 1 / Double(rate > 0 ? rate : 60)
  }

  /// Starts SDL's video and opens the window as `options` say: resizable, HiDPI-aware, at
  /// least 320 by 240.
  static func openWindow(_ options: Options) throws -> OpaquePointer {
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
    } else {
      fitToScreen(&frame)
    }
    guard
      let window = SDL_CreateWindow("TextEffects", frame.x, frame.y, frame.w, frame.h, flags)
    else { throw SDLError.last("Could not open the window") }
    SDL_SetWindowMinimumSize(window, 320, 240)
    return window
  }

  /// A window larger than the screen's usable part would open with its tabs and status line
  /// off screen, out of reach: it is made to fit, and one line says so.
  private static func fitToScreen(_ frame: inout SDL_Rect) {
    var usable = SDL_Rect()
    guard SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0,
      frame.w > usable.w || frame.h > usable.h
    else { return }
    let asked = "\(frame.w)x\(frame.h)"
    frame.w = min(frame.w, usable.w)
    frame.h = min(frame.h, usable.h)
    complain(
      "text-effects: a window of \(asked) does not fit the screen (\(usable.w)x\(usable.h) free); "
        + "it opens at \(frame.w)x\(frame.h) (\(Option.size) and \(Option.scale) set its size)",
      priority: .warning)
  }

  /// The software renderer drawing only what changes, where `choice` comes down to it and the
  /// window has a surface of its own (X11 does; a display server without one gets OpenGL);
  /// else SDL's accelerated renderer.
  static func presenter(for window: OpaquePointer, choosing choice: WindowRenderer)
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
}
