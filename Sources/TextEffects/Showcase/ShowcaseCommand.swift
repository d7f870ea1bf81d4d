/// What a key or a click asks the showcase to do.
public enum ShowcaseCommand: Equatable, Sendable {
  case selectScene(SceneKind)
  case nextScene
  case previousScene
  case togglePause
  case restart
  case toggleReduceMotion
  case toggleAppearance
  case largerText
  case smallerText
  case standardText
  /// The typewriter types faster, the streaming front moves faster.
  case faster
  case slower
  /// The streaming text's soft edge spans more characters, or fewer.
  case widerFade
  case narrowerFade
  case askAgain
  /// G held down or let go: the glitch bursts while it is held.
  case holdBurst(Bool)
  case toggleHelp
  /// Esc: closes the help if it is open, else quits.
  case dismiss
  case toggleFullscreen
  case saveFrame
  case quit
}

/// The keyboard map, one place for every key, so the help overlay and the tests read the same.
public enum KeyMap {
  /// The command for a key going down, if any.
  public static func command(for press: KeyPress) -> ShowcaseCommand? {
    let control = press.modifiers.contains(.control)
    let shift = press.modifiers.contains(.shift)
    switch press.key {
    case .character(let character) where control:
      switch character {
      case "=", "+": return .largerText
      case "-": return .smallerText
      case "0": return .standardText
      case "s": return .saveFrame
      case "q": return .quit
      default: return nil
      }
    case .character(let character):
      switch character {
      case "1": return .selectScene(.typewriter)
      case "2": return .selectScene(.glitch)
      case "3": return .selectScene(.streaming)
      case "4": return .selectScene(.stress)
      case "r": return .restart
      case "m": return .toggleReduceMotion
      case "a": return .toggleAppearance
      case "g": return .holdBurst(true)
      case "]": return .faster
      case "[": return .slower
      case ".": return .widerFade
      case ",": return .narrowerFade
      // "?" arrives as typed text, whichever key makes it on the user's layout.
      case "?": return .toggleHelp
      default: return nil
      }
    case .tab: return shift ? .previousScene : .nextScene
    case .right: return .nextScene
    case .left: return .previousScene
    case .up: return .faster
    case .down: return .slower
    case .space: return .togglePause
    case .enter: return .askAgain
    case .escape: return .dismiss
    case .f1: return .toggleHelp
    case .f11: return .toggleFullscreen
    case .f12: return .saveFrame
    }
  }

  /// The command for a key coming back up: only G, which forces a burst while held.
  public static func commandForRelease(of key: Key) -> ShowcaseCommand? {
    key == .character("g") ? .holdBurst(false) : nil
  }

  /// The controls as the help overlay lists them: keys, then what they do.
  public static let help: [(keys: String, action: String)] = [
    ("1  2  3  4", "Typewriter, glitch, streaming, stress"),
    ("Tab  Shift+Tab  \u{2190}  \u{2192}", "Next or previous scene"),
    ("Space", "Pause or resume"),
    ("R", "Restart the scene"),
    ("M", "Reduce Motion"),
    ("A", "Light or dark appearance"),
    ("Ctrl +  Ctrl \u{2212}  Ctrl 0", "Larger, smaller, standard text"),
    ("\u{2191}  \u{2193}  or  ]  [", "Faster or slower (typewriter, streaming)"),
    (".  ,", "Wider or narrower fade (streaming)"),
    ("Hold G or the mouse", "Glitch while held"),
    ("Enter", "Ask again (streaming)"),
    ("F11", "Fullscreen"),
    ("F12  Ctrl+S", "Save the frame as a PNG"),
    ("?  F1", "This help"),
    ("Esc  Ctrl+Q", "Close the help, quit"),
  ]
}
