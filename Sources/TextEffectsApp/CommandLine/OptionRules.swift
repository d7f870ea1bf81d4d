import TextEffects

/// Which options each way of running the program takes, as the option table says: an option
/// that would do nothing where it is given (`--columns` with `--screenshot`, `--characters` with the glitch)
/// is refused in one line that says where it belongs, rather than ignored in silence.
enum OptionRules {
  /// Options only some scenes use, as each effect lists them: refused when a headless image
  /// or the bench draws another (the window takes them all, as its keys reach every scene).
  static var scenes: [Option: [SceneKind]] {
    var scenes: [Option: [SceneKind]] = [:]
    for kind in SceneKind.allCases {
      for option in kind.effect.options { scenes[option, default: []].append(kind) }
    }
    return scenes
  }

  /// Refuses the first of `given` that does nothing in `invocation`.
  static func check(_ given: [Option], in invocation: Invocation) throws(UsageError) {
    guard let (mode, scene) = describe(invocation) else { return }
    for option in given {
      if let modes = option.modes, !modes.contains(mode) {
        let names = Option.Mode.allCases.filter(modes.contains).map(\.name)
        throw UsageError(
          description: "\(option) is for \(names.sentence()), not \(mode.name)"
            + (mode == .kiosk && option == .scene ? kioskScene : ""))
      }
      if mode != .window, let wanted = scenes[option], let scene, !wanted.contains(scene) {
        let scenes = wanted.count == 1 ? "scene" : "scenes"
        throw UsageError(
          description: "\(option) is for the \(SceneKind.names(wanted, joinedBy: "and")) "
            + "\(scenes), not the \(scene.rawValue) one; add \(Option.scene) \(wanted[0].rawValue)")
      }
    }
  }

  /// What a kiosk of one scene takes instead of `--scene`.
  private static let kioskScene =
    #"; for one scene, give the kiosk a content file of one item, {"items": [{"scene": "glitch"}]}"#

  /// The mode of `invocation` and the scene it draws, if one; nil for help and version.
  private static func describe(_ invocation: Invocation) -> (Option.Mode, SceneKind?)? {
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
    case .send: (.send, nil)
    case .merge: (.merge, nil)
    }
  }
}
