import TextEffects

/// The decode effect's own setting: how fast its characters settle.
package struct DecodeSettings: EffectSettings {
  package var charactersPerSecond = DecodeSchedule.defaultCharactersPerSecond

  package init() {}
}

extension SceneKind {
  package static let decode = SceneKind(effectName: "decode")
}

/// Characters cycle through random glyphs, then settle on their own, left to right.
package enum DecodeEffect: Effect {
  package static let kind = SceneKind.decode
  package static let speeds: [Double] = [6, 12, 24, 36, 48, 72, 96]
  package static let commandLineOptions = ["--seed"]
  package static let textUse: String? = "the decoded text"

  package static let adjustments = [
    Adjustment(
      .speed, steps: speeds, readme: "the decode's characters settled a second",
      read: { $0[DecodeSettings.self].charactersPerSecond },
      write: { $0[DecodeSettings.self].charactersPerSecond = $1 })
  ]

  package static let kioskKeys = [
    KioskKey.speed(default: DecodeSchedule.defaultCharactersPerSecond) {
      $0[DecodeSettings.self].charactersPerSecond = $1
    }
  ]

  package static func status(of settings: SceneSettings) -> [String] {
    ["\(settings[DecodeSettings.self].charactersPerSecond.statusText) characters/s"]
  }

  package static func values(of settings: SceneSettings) -> String? {
    "Decode: \(settings[DecodeSettings.self].charactersPerSecond.statusText) characters a second"
  }

  package static func makeScene(settings: SceneSettings, layouts: TextLayoutCache) -> any Scene {
    DecodeScene(settings: settings, layouts: layouts)
  }
}
