import TextEffects

/// The effects, in the order of their keys (1, 2, 3, …) and tabs: the only list that names them
/// all. An effect added here, with its folder, is in the showcase, the help, the command line
/// and the kiosk.
package enum Effects {
  package static let all: [Effect] = [.typewriter, .glitch, .streaming, .stress, .decode]

  /// The effect whose scene is `kind`.
  static func effect(for kind: SceneKind) -> Effect {
    all.first { $0.kind == kind } ?? all[0]
  }
}
