import CSDL2
import Foundation
import TextEffects

/// The showcase: a resizable, HiDPI-aware window that plays a scene at the display's rate.
public final class ShowcaseWindow {
  public struct Options {
    public var scene: SceneKind
    public var settings: SceneSettings
    /// The window's size in points.
    public var size: Size
    /// Extra zoom on top of the display's own pixel density.
    public var scale: Double

    public init(scene: SceneKind, settings: SceneSettings, size: Size, scale: Double) {
      self.scene = scene
      self.settings = settings
      self.size = size
      self.scale = scale
    }
  }

  private let window: OpaquePointer
  private let renderer: OpaquePointer
  private let target: SDLRenderTarget
  private let fonts: FontLibrary
  private let drawer: FrameDrawer
  private var options: Options
  private var scene: any Scene
  private var sceneStart: UInt64
  private let pacer: FramePacer
  private let list = DrawList()
  private var isRunning = true
  private var currentDensity: Double

  /// Opens the window; without a display this throws and says that screenshots work headless.
  public init(options: Options, fonts: FontLibrary) throws {
    SDL_SetMainReady()
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
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
    let display = SDL_GetWindowDisplayIndex(window)
    let refreshRate =
      SDL_GetCurrentDisplayMode(display, &mode) == 0 ? Int(mode.refresh_rate) : 60
    let target = SDLRenderTarget(renderer: renderer)
    let density = Self.pixelDensity(window: window, target: target)
    self.window = window
    self.renderer = renderer
    self.target = target
    self.fonts = fonts
    self.options = options
    drawer = try FrameDrawer(fonts: fonts)
    pacer = FramePacer(refreshRate: refreshRate)
    sceneStart = SDL_GetPerformanceCounter()
    currentDensity = density
    scene = options.scene.makeScene(
      settings: options.settings,
      fonts: fonts.metricsProvider(pixelsPerPoint: density * options.scale))
    updateTitle()
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
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_QuitSubSystem(SDL_INIT_VIDEO)
  }

  /// Plays until the window is closed or Esc is pressed.
  public func run() throws {
    var event = SDL_Event()
    while isRunning {
      let frameStart = seconds(since: 0)
      while SDL_PollEvent(&event) != 0 { handle(event) }
      guard isRunning else { break }
      try drawFrame()
      SDL_RenderPresent(renderer)
      // Wait out the rest of the frame inside the event wait, so input still answers at once.
      while isRunning {
        let wait = pacer.remainingWait(frameStart: frameStart, now: seconds(since: 0))
        guard wait > 0.0005 else { break }
        if SDL_WaitEventTimeout(&event, Int32((wait * 1000).rounded(.up))) != 0 {
          handle(event)
        }
      }
    }
  }

  private func drawFrame() throws {
    let density = Self.pixelDensity(window: window, target: target)
    if density != currentDensity {
      // Moved to a display of another density: measure the text again at the new pixel size.
      currentDensity = density
      scene = options.scene.makeScene(
        settings: options.settings,
        fonts: fonts.metricsProvider(pixelsPerPoint: density * options.scale))
    }
    let time = seconds(since: sceneStart)
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    let size = Size(width: Double(width) / options.scale, height: Double(height) / options.scale)
    scene.draw(at: time, in: size, into: list)
    try drawer.draw(list, on: target, pixelsPerPoint: density * options.scale)
  }

  /// Pixels per screen coordinate: 2 on a HiDPI display that SDL reports as such.
  private static func pixelDensity(window: OpaquePointer, target: SDLRenderTarget) -> Double {
    var windowWidth: Int32 = 0
    var windowHeight: Int32 = 0
    SDL_GetWindowSize(window, &windowWidth, &windowHeight)
    let pixels = target.pixelSize
    return windowWidth > 0 && pixels.width > 0 ? Double(pixels.width) / Double(windowWidth) : 1
  }

  private func handle(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      isRunning = false
    case SDL_KEYDOWN where event.key.keysym.sym == SDLK_ESCAPE.rawValue:
      isRunning = false
    default:
      break
    }
  }

  private func updateTitle() {
    SDL_SetWindowTitle(window, "TextEffects: \(options.scene.rawValue.capitalized)")
  }

  private func seconds(since start: UInt64) -> Double {
    Double(SDL_GetPerformanceCounter() &- start) / Double(SDL_GetPerformanceFrequency())
  }
}
