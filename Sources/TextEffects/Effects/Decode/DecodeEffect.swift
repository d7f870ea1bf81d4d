/// The decode effect's own setting: how fast its characters settle.
public struct DecodeSettings: EffectSettings {
  public var charactersPerSecond = DecodeSchedule.defaultCharactersPerSecond

  public init() {}
}

extension SceneKind {
  public static let decode = SceneKind(effectName: "decode")
}

/// Characters cycle through random glyphs, then settle on their own, left to right.
public enum DecodeEffect: Effect {
  public static let kind = SceneKind.decode
  public static let speeds: [Double] = [6, 12, 24, 36, 48, 72, 96]
  public static let commandLineOptions = ["--seed"]
  public static let textUse: String? = "the decoded text"

  public static let adjustments = [
    Adjustment(
      .speed, steps: speeds, readme: "the decode's characters settled a second",
      read: { $0[DecodeSettings.self].charactersPerSecond },
      write: { $0[DecodeSettings.self].charactersPerSecond = $1 })
  ]

  public static let kioskKeys = [
    KioskKey.speed(default: DecodeSchedule.defaultCharactersPerSecond) {
      $0[DecodeSettings.self].charactersPerSecond = $1
    }
  ]

  public static func status(of settings: SceneSettings) -> [String] {
    ["\(settings[DecodeSettings.self].charactersPerSecond.statusText) characters/s"]
  }

  public static func values(of settings: SceneSettings) -> String? {
    "Decode: \(settings[DecodeSettings.self].charactersPerSecond.statusText) characters a second"
  }

  public static func makeScene(settings: SceneSettings, layouts: TextLayoutCache) -> any Scene {
    DecodeScene(settings: settings, layouts: layouts)
  }
}
