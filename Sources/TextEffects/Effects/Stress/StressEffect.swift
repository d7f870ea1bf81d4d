/// The stress scene's own setting: how much text it streams.
public struct StressSettings: EffectSettings {
  public var characters = StressScene.defaultCharacters

  public init() {}
}

extension SceneKind {
  public static let stress = SceneKind(effectName: "stress")
}

/// Not a seed's: thousands of glyphs streaming, some glitching, for the bench.
public enum StressEffect: Effect {
  public static let kind = SceneKind.stress
  public static let commandLineOptions = ["--characters"]
  /// It streams its own text, `--characters` long.
  public static let textUse: String? = nil
  /// A full-HD screen of text, as a kiosk's would be.
  public static let benchSize = Size(width: 1920, height: 1080)

  public static func status(of settings: SceneSettings) -> [String] {
    ["\(settings[StressSettings.self].characters) characters"]
  }

  public static func makeScene(settings: SceneSettings, layouts: TextLayoutCache) -> any Scene {
    StressScene(settings: settings, layouts: layouts)
  }
}
