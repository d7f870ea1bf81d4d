import CSDL2
import TextEffectsApp

/// What one of SDL's events means to the window, told apart from what the window does about
/// it: keys and the wheel as the content's input, the pointer in the window's pixels, and the
/// window's own changes.
enum WindowEvent {
  /// The window closed, or SIGINT or SIGTERM came.
  case quit
  /// A key, the `?` typed on any layout, or the wheel: for the content.
  case input(WindowInput)
  /// The left button, or the pointer moving, at (`x`, `y`) in the window's units.
  case pressed(x: Int32, y: Int32)
  case released(x: Int32, y: Int32)
  case moved(x: Int32, y: Int32)
  /// Minimised (true), or shown again (false).
  case minimized(Bool)
  /// Resized: kept to its minimum size, and drawn whole.
  case resized
  /// The screen lost what it showed: drawn whole.
  case exposed
  /// The keyboard came (true) or went (false).
  case focus(Bool)
  /// The renderer's device went, and its textures with it.
  case deviceReset
  /// The renderer's targets were lost.
  case targetsReset
  /// A feed woke the loop; whether it asks for a frame.
  case woken(asksForFrame: Bool)
  /// Nothing the window heeds.
  case ignored

  init(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT: self = .quit
    case SDL_KEYDOWN:
      self = SDLInput.keyPress(event.key.keysym).map { .input(.keyDown($0)) } ?? .ignored
    case SDL_KEYUP: self = SDLInput.key(event.key.keysym.sym).map { .input(.keyUp($0)) } ?? .ignored
    case SDL_TEXTINPUT:
      // "?" arrives as typed text, whichever key makes it on the user's layout.
      let text = withUnsafeBytes(of: event.text.text) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      self = text == "?" ? .input(.keyDown(KeyPress(.character("?")))) : .ignored
    case SDL_MOUSEMOTION: self = .moved(x: event.motion.x, y: event.motion.y)
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
      self = .pressed(x: event.button.x, y: event.button.y)
    case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
      self = .released(x: event.button.x, y: event.button.y)
    case SDL_MOUSEWHEEL:
      // SDL counts a turn away from the reader as up; a flipped wheel says so.
      let notches = Double(event.wheel.y)
      let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
      self = .input(.wheel(flipped ? notches : -notches))
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_MINIMIZED: self = .minimized(true)
      case SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_MAXIMIZED:
        self = .minimized(false)
      case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED: self = .resized
      case SDL_WINDOWEVENT_EXPOSED: self = .exposed
      case SDL_WINDOWEVENT_FOCUS_GAINED: self = .focus(true)
      case SDL_WINDOWEVENT_FOCUS_LOST: self = .focus(false)
      // The pointer entering or leaving, the window moved: nothing to draw.
      default: self = .ignored
      }
    case SDL_RENDER_DEVICE_RESET: self = .deviceReset
    case SDL_RENDER_TARGETS_RESET: self = .targetsReset
    case SDL_USEREVENT: self = .woken(asksForFrame: AppWindow.asksForFrame(event.user))
    default: self = .ignored
    }
  }

  /// A person's key, button or wheel: what a frame report counts as input taken.
  static func isAPersonsInput(_ event: SDL_Event) -> Bool {
    [SDL_KEYDOWN, SDL_KEYUP, SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, SDL_MOUSEWHEEL].contains(
      SDL_EventType(event.type))
  }
}
