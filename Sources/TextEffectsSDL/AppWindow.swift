import CSDL2
import Foundation
import TextEffects

/// The window: resizable, HiDPI-aware, drawing its content (the showcase or a kiosk) only when
/// a pixel would change, at most at the display's rate. Between frames it sleeps in SDL's event
/// wait, so input answers at once and a still screen costs nothing.
package final class AppWindow {
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

  let window: OpaquePointer
  let presenter: any WindowPresenter
  let fonts: FontLibrary
  let drawer: TextEffectsRenderer
  let options: Options
  let pacer: FramePacer
  /// What a driving program reads to know the window has caught up; nil unless asked for.
  let report = FrameReport.fromEnvironment()
  let list = DrawList()
  let arrowCursor: OpaquePointer?
  let handCursor: OpaquePointer?
  var isRunning = true
  var isMinimized = false
  var pixelsPerPoint: Double
  var title = ""
  var isHandCursorShown = false
  /// What the window plays; made once the window knows its pixel density.
  package internal(set) var content: any WindowContent
  /// Called before each frame is drawn, with the time: where a kiosk takes what its feeds
  /// brought. A feed on another thread calls `wake()` to have a frame drawn.
  package var beforeFrame: ((Double) -> Void)?
  /// How the window draws, for people to read: "software, only what changes" or "OpenGL on …,
  /// whole frames".
  package var renderer: String { presenter.description }

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
  var size: Size {
    let pixels = presenter.target.pixelSize
    return Size(
      width: Double(pixels.width) / pixelsPerPoint, height: Double(pixels.height) / pixelsPerPoint)
  }

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
    while isRunning {
      while SDL_PollEvent(&event) != 0 { needsDraw = handle(event) || needsDraw }
      guard isRunning else { break }
      var now = Self.now
      let isDue = needsDraw || nextRedraw.map { now >= $0 } ?? false
      if isDue, !isMinimized, now >= lastFrame + pacer.interval * 0.9 {
        lastFrame = now
        beforeFrame?(now)
        do {
          try drawFrame(at: now)
          report?.frameDrawn()
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
      let wakeAt =
        isMinimized ? .infinity : isDue ? lastFrame + pacer.interval : nextRedraw ?? .infinity
      let wait = wakeAt - now
      if wait == .infinity {
        if SDL_WaitEvent(&event) != 0 { needsDraw = handle(event) || needsDraw }
      } else if wait > 0 {
        let milliseconds = Int32(min(max((wait * 1000).rounded(.up), 1), 1e6))
        if SDL_WaitEventTimeout(&event, milliseconds) != 0 {
          needsDraw = handle(event) || needsDraw
        }
      }
    }
  }

  /// Frames in a row that could not be drawn.
  var failedFrames = 0
  /// A kiosk runs for days: a frame the driver refuses (a texture lost with its device, a
  /// moment without memory) is said once on standard error and drawn again with the atlas
  /// uploaded anew. Only a renderer that fails for five seconds of frames ends the program.
  private func survive(_ error: Error) throws {
    failedFrames += 1
    if failedFrames == 1 {
      FileHandle.standardError.write(Data("text-effects: \(error); drawing again\n".utf8))
    }
    guard Double(failedFrames) < 5 / pacer.interval else { throw error }
    drawer.releaseTextures()
    drawer.invalidate()
  }

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

  /// Pixels per point: the display's density (2 on a HiDPI display that SDL reports as such)
  /// times the user's scale, or, for a kiosk, enough that the canvas is at most 540 points tall.
  static func pixelsPerPoint(
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
