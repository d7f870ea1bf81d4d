import TextEffects

/// Which options each way of running the program takes, in one table: an option that would do
/// nothing where it is given (`--columns` with `--screenshot`, `--characters` with the glitch)
/// is refused in one line that says where it belongs, rather than ignored in silence.
enum OptionRules {
  /// The ways the program runs, as the options that choose them name them.
  enum Mode: CaseIterable {
    case window, screenshot, frames, animation, contactSheet, kiosk, bench, compare, check

    var name: String {
      switch self {
      case .window: "the window"
      case .screenshot: "--screenshot"
      case .frames: "--out"
      case .animation: "--animation"
      case .contactSheet: "--contact-sheet"
      case .kiosk: "the kiosk (--kiosk, --stdin)"
      case .bench: "--bench"
      case .compare: "--compare"
      case .check: "--check"
      }
    }
  }

  static let images: Set<Mode> = [.screenshot, .frames, .animation, .contactSheet]
  /// Everything that draws a scene.
  static let drawing: Set<Mode> = images.union([.window, .kiosk, .bench])

  /// Where each option does something. Options not listed are taken everywhere.
  static let modes: [String: Set<Mode>] = [
    "--scene": images.union([.window, .bench]),
    "--at": [.window, .screenshot],
    "--frames": [.frames, .animation, .contactSheet, .bench],
    "--times": [.frames, .animation, .contactSheet],
    "--columns": [.contactSheet],
    "--cycle": [.kiosk],
    "--content": [.kiosk],
    "--record-trace": [.kiosk],
    "--no-baseline": [.bench],
    "--characters": images.union([.window, .bench]),
    "--renderer": [.window, .kiosk, .bench],
    "--diff": [.compare],
    "--update": [.check],
    "--report": [.check],
    "--threshold": [.compare],
    "--max-diff-pixels": [.compare],
    "--max-diff-ratio": [.compare],
    "--include-anti-aliasing": [.compare],
    "--size": drawing,
    "--scale": drawing,
    "--reduce-motion": drawing,
    "--appearance": drawing,
    "--increase-contrast": drawing,
    "--follow-desktop": [.window, .kiosk],
    "--seed": drawing,
    "--text": drawing,
    "--text-file": drawing,
    "--trace": drawing,
    "--question": drawing,
    "--chrome": images.union([.window]),
    "--no-chrome": images.union([.window]),
  ]

  /// Options only some scenes use, as each effect lists them: refused when a headless image
  /// or the bench draws another (the window takes them all, as its keys reach every scene).
  static var scenes: [String: [SceneKind]] {
    var scenes: [String: [SceneKind]] = [:]
    for kind in SceneKind.allCases {
      for option in kind.effect.commandLineOptions { scenes[option, default: []].append(kind) }
    }
    return scenes
  }

  /// Refuses the first of `given` that does nothing in `invocation`.
  static func check(_ given: [String], in invocation: Invocation) throws(UsageError) {
    guard let (mode, scene) = describe(invocation) else { return }
    for option in given {
      if let modes = modes[option], !modes.contains(mode) {
        let names = Mode.allCases.filter(modes.contains).map(\.name)
        throw UsageError(
          description: "\(option) is for \(names.sentence()), not \(mode.name)")
      }
      if mode != .window, let wanted = scenes[option], let scene, !wanted.contains(scene) {
        let scenes = wanted.count == 1 ? "scene" : "scenes"
        throw UsageError(
          description: "\(option) is for the \(SceneKind.names(wanted, joinedBy: "and")) "
            + "\(scenes), not the \(scene.rawValue) one; add --scene \(wanted[0].rawValue)")
      }
    }
  }

  /// The mode of `invocation` and the scene it draws, if one; nil for help and version.
  private static func describe(_ invocation: Invocation) -> (Mode, SceneKind?)? {
    switch invocation {
    case .help, .version: nil
    case .window(let request): (.window, request.scene)
    case .screenshot(_, _, let request): (.screenshot, request.scene)
    case .frames(_, _, let request): (.frames, request.scene)
    case .animation(_, _, let request): (.animation, request.scene)
    case .contactSheet(_, _, _, let request): (.contactSheet, request.scene)
    case .kiosk: (.kiosk, nil)
    case .bench(let request): (.bench, request.scene)
    case .compare: (.compare, nil)
    case .check: (.check, nil)
    }
  }
}
