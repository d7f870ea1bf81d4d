import TextEffects

/// The stress scene's own setting: how much text it streams.
package struct StressSettings: EffectSettings {
  package var characters = StressScene.defaultCharacters

  package init() {}
}

extension SceneKind {
  package static let stress = SceneKind(effectName: "stress")
}

extension Effect {
  /// Not a seed's: thousands of glyphs streaming, some glitching, for the bench. It streams
  /// its own text, `--characters` long, on a full-HD screen, as a kiosk's would be.
  package static let stress = Effect(
    .stress, textUse: nil, options: [.characters], benchSize: Size(width: 1920, height: 1080),
    status: { ["\($0[StressSettings.self].characters) characters"] },
    makeScene: { MadeScene(StressScene(settings: $0, layouts: $1)) })
}
