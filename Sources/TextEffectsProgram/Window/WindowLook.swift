import CSDL2
import TextEffectsApp

/// What the window shows besides its frame: its title, and the pointer's shape (a hand over a
/// control, an arrow elsewhere, none in a fullscreen kiosk), set from what the content says
/// after each frame, and only when they change.
final class WindowLook {
  private let window: OpaquePointer
  private let arrow: OpaquePointer?
  private let hand: OpaquePointer?
  private var title = ""
  private var showsHand = false

  init(window: OpaquePointer, hidesPointer: Bool) {
    self.window = window
    if hidesPointer { SDL_ShowCursor(SDL_DISABLE) }
    arrow = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW)
    hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND)
  }

  /// Lets the pointers go, before the window and SDL's video do.
  func close() {
    if let arrow { SDL_FreeCursor(arrow) }
    if let hand { SDL_FreeCursor(hand) }
  }

  /// The title `content` gives now, and a hand while a control is `hovered`.
  func follow(_ content: any WindowContent, hovered: Control?) {
    if content.title != title {
      title = content.title
      SDL_SetWindowTitle(window, title)
    }
    if (hovered != nil) != showsHand {
      showsHand = hovered != nil
      SDL_SetCursor(showsHand ? hand : arrow)
    }
  }
}
