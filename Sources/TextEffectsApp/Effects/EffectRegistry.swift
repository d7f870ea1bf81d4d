import TextEffects

/// The effects, in the order of their keys (1, 2, 3, …) and tabs: the only list that names them
/// all. An effect added here, with its folder, is in the showcase, the help, the command line
/// and the kiosk.
package enum Effects {
  package static let all: [any Effect.Type] = [
    TypewriterEffect.self,
    GlitchEffect.self,
    StreamingEffect.self,
    StressEffect.self,
    DecodeEffect.self,
  ]

  /// The effect whose scene is `kind`.
  static func effect(for kind: SceneKind) -> any Effect.Type {
    all.first { $0.kind == kind } ?? all[0]
  }
}
