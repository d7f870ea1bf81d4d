import CSDL2
import Foundation
import TextEffects

/// What the window does with SDL's events: the pointer, keys and resizes, and the actions its
/// content asks for.
extension AppWindow {
  func point(x: Int32, y: Int32) -> Point {
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
  func keepMinimumSize() {
    var minimum = (width: Int32(0), height: Int32(0))
    var size = (width: Int32(0), height: Int32(0))
    SDL_GetWindowMinimumSize(window, &minimum.width, &minimum.height)
    SDL_GetWindowSize(window, &size.width, &size.height)
    guard size.width < minimum.width || size.height < minimum.height else { return }
    SDL_SetWindowSize(window, max(size.width, minimum.width), max(size.height, minimum.height))
  }

  func handle(_ event: SDL_Event) -> Bool {
    let now = Self.now
    var input: WindowInput?
    let type = SDL_EventType(event.type)
    if [SDL_KEYDOWN, SDL_KEYUP, SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP].contains(type) {
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
      return true  // a feed brought something: the frame takes it
    case SDL_RENDER_TARGETS_RESET:
      drawer.invalidate()
      return true
    default:
      return false
    }
    guard let input else { return false }
    carryOut(content.handle(input, in: size, at: now))
    return true
  }

  func carryOut(_ action: WindowAction?) {
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
  func saveFrame() {
    let now = Self.now
    guard let name = content.frameFileName(at: now) else { return }
    let pixels = presenter.target.pixelSize
    do {
      // Drawn whole, as a screenshot is; the window's next frame is drawn whole again too.
      let image = try OffscreenImage(width: pixels.width, height: pixels.height)
      drawer.renderer = image.renderer
      defer { drawer.renderer = presenter.target.renderer }
      try drawer.clear(to: list.background)
      try drawer.draw(list)
      try image.writePNG(to: name)
      content.show(message: "Saved \(name)", at: now)
    } catch {
      content.show(message: "Could not save the frame: \(error)", at: now)
    }
  }
}
