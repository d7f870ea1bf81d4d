import TextEffects

/// A scene by the name the command line and kiosk files use; the effects in `Effects.all` are
/// the only ones there are.
package struct SceneKind: Hashable, Sendable, CustomStringConvertible {
  package let rawValue: String

  /// The scene named `rawValue`, in any case ("Glitch", as its tab spells it), if an effect
  /// has that name.
  package init?(rawValue: String) {
    let name = rawValue.lowercased()
    guard let effect = Effects.all.first(where: { $0.kind.rawValue == name }) else {
      return nil
    }
    self = effect.kind
  }

  /// For an effect to name its own scene.
  init(effectName: String) {
    rawValue = effectName
  }

  /// Every scene, in the order of its key.
  package static var allCases: [SceneKind] { Effects.all.map { $0.kind } }

  /// The seeds' demos, as the tabs and a kiosk without content show them.
  package static var demos: [SceneKind] { Effects.all.filter { $0.isSeedDemo }.map { $0.kind } }

  /// The scenes that show a user's text: what the fuzzing and the extreme-input tests feed.
  package static var showingText: [SceneKind] {
    Effects.all.filter { $0.textUse != nil }.map { $0.kind }
  }

  /// What the rest of the program knows of it.
  package var effect: Effect { Effects.effect(for: self) }

  /// The name a person reads, in tabs and the window title.
  package var title: String { effect.title }

  package var description: String { rawValue }

  /// Why `name` is no scene, with the one it is nearest when that is a slip of the keys:
  /// "'glich' is not a scene; did you mean 'glitch'?".
  package static func refusal(of name: String) -> String {
    let nearest = NearestWord.to(name, among: allCases.map(\.rawValue))
    return "'\(name.prefix(40))' is not a scene; "
      + (nearest.map { "did you mean '\($0)'?" } ?? "use \(names())")
  }

  /// Its names in a sentence: "typewriter, glitch, streaming or stress".
  package static func names(_ kinds: [SceneKind] = allCases, joinedBy word: String = "or")
    -> String
  {
    kinds.map(\.rawValue).sentence(joinedBy: word)
  }
}
