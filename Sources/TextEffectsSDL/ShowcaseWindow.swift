import CSDL2
import Foundation
import TextEffects

/// The showcase: a resizable, HiDPI-aware window that plays the scenes at the display's rate
/// and passes keys, clicks and the time to the `Showcase`, which decides what they do.
public final class ShowcaseWindow {
  public struct Options {
    public var scene: SceneKind
    public var settings: SceneSettings
    /// The window's size in points.
    public var size: Size
    /// Extra zoom on top of the display's own pixel density.
    public var scale: Double
    /// Draws the tabs, switches and status line; off shows the scene alone, as a screenshot.
    public var showsChrome: Bool
    /// Holds every scene's clock at this time, so the window shows what a screenshot does.
    public var frozenTime: Double?

    public init(
      scene: SceneKind, settings: SceneSettings, size: Size, scale: Double, showsChrome: Bool,
      frozenTime: Double? = nil
    ) {
      self.scene = scene
      self.settings = settings
      self.size = size
      self.scale = scale
      self.showsChrome = showsChrome
      self.frozenTime = frozenTime
    }
  }

  private let window: OpaquePointer
  private let renderer: OpaquePointer
  private let target: SDLRenderTarget
  private let fonts: FontLibrary
  private let drawer: FrameDrawer
  private let options: Options
  private let showcase: Showcase
  private let pacer: FramePacer
  private let list = DrawList()
  private let arrowCursor: OpaquePointer?
  private let handCursor: OpaquePointer?
  private var isRunning = true
  private var density: Double
  private var title = ""
  private var isHandCursorShown = false

  /// Opens the window; without a display this throws and says that screenshots work headless.
  public init(options: Options, fonts: FontLibrary) throws {
    SDL_SetMainReady()
    try Self.startVideo()
    let flags =
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
      | SDL_WINDOW_SHOWN.rawValue
    guard
      let window = SDL_CreateWindow(
        "TextEffects", Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
        Int32((options.size.width * options.scale).rounded()),
        Int32((options.size.height * options.scale).rounded()), flags)
    else { throw SDLError.last("Could not open the window") }
    SDL_SetWindowMinimumSize(window, 320, 240)
    guard
      let renderer = SDL_CreateRenderer(
        window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        ?? SDL_CreateRenderer(window, -1, 0)
    else {
      SDL_DestroyWindow(window)
      throw SDLError.last("Could not create a renderer for the window")
    }
    var mode = SDL_DisplayMode()
    let refreshRate =
      SDL_GetCurrentDisplayMode(SDL_GetWindowDisplayIndex(window), &mode) == 0
      ? Int(mode.refresh_rate) : 60
    let target = SDLRenderTarget(renderer: renderer)
    let density = Self.pixelDensity(window: window, target: target)
    self.window = window
    self.renderer = renderer
    self.target = target
    self.fonts = fonts
    self.options = options
    self.density = density
    drawer = try FrameDrawer(fonts: fonts)
    pacer = FramePacer(refreshRate: refreshRate)
    arrowCursor = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW)
    handCursor = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND)
    showcase = Showcase(
      scene: options.scene, settings: options.settings, showsChrome: options.showsChrome,
      fonts: fonts.metricsProvider(pixelsPerPoint: density * options.scale), now: Self.now,
      frozenAt: options.frozenTime)
  }

  /// Starts SDL's video on a real display. With none, SDL 2.26 quietly falls back to its
  /// offscreen driver, whose window nobody sees; that counts as no display unless the user
  /// asked for it by name in SDL_VIDEODRIVER.
  private static func startVideo() throws {
    let noDisplay = "Set DISPLAY (or WAYLAND_DISPLAY), or use --screenshot, which works headless."
    guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
      throw SDLError("No display found (\(String(cString: SDL_GetError()))). \(noDisplay)")
    }
    let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
    let isChosen = getenv("SDL_VIDEODRIVER") != nil
    if !isChosen, driver == "offscreen" || driver == "dummy" {
      SDL_QuitSubSystem(SDL_INIT_VIDEO)
      throw SDLError("No display found. \(noDisplay)")
    }
    quitOnSignals()
  }

  /// SIGINT and SIGTERM end the window cleanly, even when the program was started with them
  /// ignored (as a shell does for a background job), where SDL would leave them alone, or
  /// blocked (as a launcher's threads may pass on).
  private static func quitOnSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber) { _ in
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        SDL_PushEvent(&event)
      }
    }
  }

  deinit {
    drawer.releaseTextures()
    if let arrowCursor { SDL_FreeCursor(arrowCursor) }
    if let handCursor { SDL_FreeCursor(handCursor) }
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_QuitSubSystem(SDL_INIT_VIDEO)
  }

  /// Plays until the window is closed, Esc or Ctrl+Q is pressed, or SIGINT or SIGTERM comes.
  public func run() throws {
    var event = SDL_Event()
    while isRunning {
      let frameStart = now
      while SDL_PollEvent(&event) != 0 { try handle(event) }
      guard isRunning else { break }
      try drawFrame()
      SDL_RenderPresent(renderer)
      // Wait out the rest of the frame inside the event wait, so input still answers at once.
      while isRunning {
        let wait = pacer.remainingWait(frameStart: frameStart, now: now)
        guard wait > 0.0005 else { break }
        if SDL_WaitEventTimeout(&event, Int32((wait * 1000).rounded(.up))) != 0 {
          try handle(event)
        }
      }
    }
  }

  /// Seconds on SDL's monotonic counter: the "now" the showcase's clock counts from.
  private static var now: Double {
    Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
  }

  private var now: Double { Self.now }

  /// The window's size in points.
  private var size: Size {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    return Size(width: Double(width) / options.scale, height: Double(height) / options.scale)
  }

  private func drawFrame() throws {
    let newDensity = Self.pixelDensity(window: window, target: target)
    if newDensity != density {
      // Moved to a display of another density: measure the text again at its pixel size.
      density = newDensity
      showcase.fonts = fonts.metricsProvider(pixelsPerPoint: density * options.scale)
    }
    showcase.draw(at: now, in: size, into: list)
    try drawer.draw(list, on: target, pixelsPerPoint: density * options.scale)
    if showcase.title != title {
      title = showcase.title
      SDL_SetWindowTitle(window, title)
    }
    if showcase.wantsHandCursor != isHandCursorShown {
      isHandCursorShown = showcase.wantsHandCursor
      SDL_SetCursor(isHandCursorShown ? handCursor : arrowCursor)
    }
  }

  /// Pixels per screen coordinate: 2 on a HiDPI display that SDL reports as such.
  private static func pixelDensity(window: OpaquePointer, target: SDLRenderTarget) -> Double {
    var windowWidth: Int32 = 0
    var windowHeight: Int32 = 0
    SDL_GetWindowSize(window, &windowWidth, &windowHeight)
    let pixels = target.pixelSize
    return windowWidth > 0 && pixels.width > 0 ? Double(pixels.width) / Double(windowWidth) : 1
  }

  private func point(x: Int32, y: Int32) -> Point {
    Point(x: Double(x) / options.scale, y: Double(y) / options.scale)
  }

  private func handle(_ event: SDL_Event) throws {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      isRunning = false
    case SDL_KEYDOWN:
      guard let press = SDLInput.keyPress(event.key.keysym),
        let command = KeyMap.command(for: press)
      else { return }
      try carryOut(showcase.perform(command, at: now))
    case SDL_KEYUP:
      guard let key = SDLInput.key(event.key.keysym.sym),
        let command = KeyMap.commandForRelease(of: key)
      else { return }
      showcase.perform(command, at: now)
    case SDL_TEXTINPUT:
      let text = withUnsafeBytes(of: event.text.text) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if text == "?", let command = KeyMap.command(for: KeyPress(.character("?"))) {
        try carryOut(showcase.perform(command, at: now))
      }
    case SDL_MOUSEMOTION:
      showcase.pointerMoved(to: point(x: event.motion.x, y: event.motion.y), in: size)
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
      showcase.pointerPressed(at: point(x: event.button.x, y: event.button.y), in: size)
    case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
      showcase.pointerReleased(
        at: point(x: event.button.x, y: event.button.y), in: size, now: now)
    default:
      break
    }
  }

  private func carryOut(_ request: Showcase.Request?) throws {
    switch request {
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
    let pixels = target.pixelSize
    let time = showcase.time(at: now)
    let name = String(format: "text-effects-%@-%.2fs.png", showcase.kind.rawValue, time)
    do {
      let image = try SDLRenderTarget(offscreenWidth: pixels.width, height: pixels.height)
      try drawer.draw(list, on: image, pixelsPerPoint: density * options.scale)
      try image.savePNG(to: name)
      showcase.show(message: "Saved \(name)", at: now)
    } catch {
      showcase.show(message: "Could not save the frame: \(error)", at: now)
    }
  }
}
