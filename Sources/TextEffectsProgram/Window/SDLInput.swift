import CSDL2
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// Turns SDL's key codes and modifiers into the showcase's keys.
enum SDLInput {
  static func keyPress(_ keysym: SDL_Keysym) -> KeyPress? {
    guard let key = key(keysym.sym) else { return nil }
    return KeyPress(key, modifiers(keysym.mod))
  }

  static func key(_ code: SDL_Keycode) -> Key? {
    let named: [UInt32: Key] = [
      SDLK_TAB.rawValue: .tab, SDLK_RETURN.rawValue: .enter, SDLK_KP_ENTER.rawValue: .enter,
      SDLK_ESCAPE.rawValue: .escape, SDLK_SPACE.rawValue: .space, SDLK_LEFT.rawValue: .left,
      SDLK_RIGHT.rawValue: .right, SDLK_UP.rawValue: .up, SDLK_DOWN.rawValue: .down,
      SDLK_PAGEUP.rawValue: .pageUp, SDLK_PAGEDOWN.rawValue: .pageDown,
      SDLK_HOME.rawValue: .home, SDLK_END.rawValue: .end, SDLK_F1.rawValue: .f1,
      SDLK_F11.rawValue: .f11, SDLK_F12.rawValue: .f12,
      SDLK_KP_PLUS.rawValue: .character("+"), SDLK_KP_MINUS.rawValue: .character("-"),
      SDLK_KP_0.rawValue: .character("0"),
    ]
    let value = UInt32(bitPattern: code)
    if let key = named[value] { return key }
    guard (33..<127).contains(value), let scalar = UnicodeScalar(value) else { return nil }
    return .character(Character(String(scalar).lowercased()))
  }

  static func modifiers(_ mod: UInt16) -> KeyModifiers {
    var modifiers: KeyModifiers = []
    let flags = UInt32(mod)
    if flags & (KMOD_LSHIFT.rawValue | KMOD_RSHIFT.rawValue) != 0 { modifiers.insert(.shift) }
    if flags & (KMOD_LCTRL.rawValue | KMOD_RCTRL.rawValue) != 0 { modifiers.insert(.control) }
    if flags & (KMOD_LALT.rawValue | KMOD_RALT.rawValue) != 0 { modifiers.insert(.alt) }
    return modifiers
  }
}
