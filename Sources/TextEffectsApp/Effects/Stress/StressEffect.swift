import TextEffects

/// The stress scene's own setting: how much text it streams.
package struct StressSettings: EffectSettings {
  package var characters = StressScene.defaultCharacters

  package init() {}
}

extension SceneKind {
  package static let stress = SceneKind(effectName: "stress")
}

/// Not a seed's: thousands of glyphs streaming, some glitching, for the bench.
package enum StressEffect: Effect {
  package static let kind = SceneKind.stress
  package static let commandLineOptions = ["--characters"]
  /// It streams its own text, `--characters` long.
  package static let textUse: String? = nil
  /// A full-HD screen of text, as a kiosk's would be.
  package static let benchSize = Size(width: 1920, height: 1080)

  package static func status(of settings: SceneSettings) -> [String] {
    ["\(settings[StressSettings.self].characters) characters"]
  }

  package static func makeScene(settings: SceneSettings, layouts: TextLayoutCache) -> any Scene {
    StressScene(settings: settings, layouts: layouts)
  }
}
