import TextEffects

/// What a key or a click asks the showcase to do.
package enum ShowcaseCommand: Equatable, Sendable {
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
  /// The wheel, Page Up and Down, Home and End: the streamed answer's view, scrolled back.
  case scroll(SceneScroll)
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
package enum KeyMap {
  /// The command for a key going down, if any.
  package static func command(for press: KeyPress) -> ShowcaseCommand? {
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
      case _ where sceneKeys.contains(character):
        return .selectScene(SceneKind.allCases[sceneKeys.firstIndex(of: character)!])
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
    case .pageUp: return .scroll(.pages(-1))
    case .pageDown: return .scroll(.pages(1))
    case .home: return .scroll(.start)
    case .end: return .scroll(.end)
    }
  }

  /// Each effect's key, in the order of `Effects.all`: 1, 2, 3, … up to 9; a tenth effect has
  /// no key, and plays with `--scene`.
  static var sceneKeys: [Character] {
    SceneKind.allCases.indices.prefix(9).map { Character(String($0 + 1)) }
  }

  /// The command for a key coming back up: only G, which forces a burst while held.
  package static func commandForRelease(of key: Key) -> ShowcaseCommand? {
    key == .character("g") ? .holdBurst(false) : nil
  }

  /// The controls, in the order the help overlay and the README list them. Each row names the
  /// presses it documents, so tests hold the map, the overlay and the guide's table (made by
  /// `readmeTable`) to one another.
  package static var help: [KeyHelp] {
    let keyed = zip(sceneKeys, SceneKind.allCases)
    let extras = keyed.filter { !SceneKind.demos.contains($0.1) }
    let extraKeys = extras.map { "`\($0.0)` \($0.1)" }
    let titles = keyed.map(\.1.rawValue).joined(separator: ", ")
    return [
      KeyHelp(
        sceneKeys.map(String.init).joined(separator: "  "),
        titles.prefix(1).uppercased() + titles.dropFirst(),
        readme: SceneKind.demos.map(\.rawValue).joined(separator: ", ")
          + (extras.isEmpty
            ? ""
            : "; \(extraKeys.joined(separator: ", ")): beyond the seeds' demos, each shows its "
              + "tab while it plays"),
        presses: sceneKeys.map { KeyPress(.character($0)) }),
      KeyHelp(
        "Tab  Shift+Tab  \u{2190}  \u{2192}", "Next or previous scene",
        readme: "the next or previous of the seeds' demos",
        presses: [KeyPress(.tab), KeyPress(.tab, .shift), KeyPress(.right), KeyPress(.left)]),
      KeyHelp(
        "Space", "Pause or resume", readme: "pause or resume the scene's clock",
        presses: [KeyPress(.space)]),
      KeyHelp(
        "R", "Restart the scene", readme: "restart the scene", presses: [.init(.character("r"))]),
      KeyHelp(
        "M", "Reduce Motion", readme: "Reduce Motion (also the switch)",
        presses: [KeyPress(.character("m"))]),
      KeyHelp(
        "A", "Light or dark appearance", readme: "light or dark appearance (also the button)",
        presses: [KeyPress(.character("a"))]),
      KeyHelp(
        "Ctrl +  Ctrl \u{2212}  Ctrl 0", "Larger, smaller, standard text",
        readme: "text size, through Dynamic Type's twelve sizes; the glitch's jump grows with it",
        presses: ["=", "+", "-", "0"].map { KeyPress(.character($0), .control) }),
      KeyHelp(
        "\u{2191}  \u{2193}  or  ]  [", "Faster or slower (\(adjusted(by: .speed)))",
        readme: "faster or slower: \(adjustedReadme(by: .speed))",
        presses: [
          KeyPress(.up), KeyPress(.down), KeyPress(.character("]")), KeyPress(.character("[")),
        ]),
      KeyHelp(
        ".  ,", "Wider or narrower fade (\(adjusted(by: .fade)))",
        readme: "wider or narrower: \(adjustedReadme(by: .fade))",
        presses: [KeyPress(.character(".")), KeyPress(.character(","))]),
      KeyHelp(
        "Hold G  or  the mouse", "Glitch while held",
        readme: "the glitch bursts while held on the scene (a tap is too short to see)",
        presses: [KeyPress(.character("g"))]),
      KeyHelp(
        "Enter", "Ask again (streaming)", readme: "ask again (streaming; also its button)",
        presses: [KeyPress(.enter)]),
      KeyHelp(
        "PgUp  PgDn  Home  End", "Scroll back, End follows (streaming)",
        readme: "scroll a long streamed answer back, or with `End` follow it again (the wheel "
          + "scrolls too)",
        presses: [KeyPress(.pageUp), KeyPress(.pageDown), KeyPress(.home), KeyPress(.end)]),
      KeyHelp("F11", "Fullscreen", readme: "fullscreen", presses: [KeyPress(.f11)]),
      KeyHelp(
        "F12  Ctrl+S", "Save the frame as a PNG",
        readme: "save the frame as `text-effects-SCENE-TIMEs.png` in the working folder",
        presses: [KeyPress(.f12), KeyPress(.character("s"), .control)]),
      KeyHelp(
        "?  F1", "This help",
        readme: "the help overlay (also the `?` button), with every control and the current values",
        presses: [KeyPress(.character("?")), KeyPress(.f1)]),
      KeyHelp(
        "Esc  Ctrl+Q", "Close the help, quit", readme: "close the help; quit",
        presses: [KeyPress(.escape), KeyPress(.character("q"), .control)]),
    ]
  }

  /// The scenes whose values `keys` step, for the help: "typewriter, streaming".
  private static func adjusted(by keys: Adjustment.Keys) -> String {
    SceneKind.allCases.filter { $0.effect.adjustments.contains { $0.keys == keys } }
      .map(\.rawValue).joined(separator: ", ")
  }

  /// What `keys` step, in the README's words.
  private static func adjustedReadme(by keys: Adjustment.Keys) -> String {
    Effects.all.flatMap { $0.adjustments }.filter { $0.keys == keys }.map(\.readme)
      .joined(separator: ", ")
  }

  /// The command-line guide's key table, made from `help`: each key in backticks ("or" between them
  /// stays a word), then the README's words for what it does.
  package static var readmeTable: String {
    let rows = help.map { row in
      let keys = row.keys.split(separator: "  ", omittingEmptySubsequences: false).map {
        $0 == "or" ? $0 : "`\($0)`"
      }
      return "| \(keys.joined(separator: " ")) | \(row.readme) |"
    }
    return (["| keys | what they do |", "| --- | --- |"] + rows).joined(separator: "\n")
  }
}

/// One row of the help: the keys as shown, what they do in the overlay's words and in the
/// README's, and the presses the row stands for.
package struct KeyHelp: Sendable {
  package var keys: String
  package var action: String
  package var readme: String
  package var presses: [KeyPress]

  package init(_ keys: String, _ action: String, readme: String, presses: [KeyPress]) {
    self.keys = keys
    self.action = action
    self.readme = readme
    self.presses = presses
  }
}
