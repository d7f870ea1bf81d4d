import TextEffects

/// The decode effect's own setting: how fast its characters settle.
package struct DecodeSettings: EffectSettings {
  package var charactersPerSecond = DecodeSchedule.defaultCharactersPerSecond

  package init() {}
}

extension SceneKind {
  package static let decode = SceneKind(effectName: "decode")
}

extension Effect {
  /// Characters cycle through random glyphs, then settle on their own, left to right.
  package static let decode = Effect(
    .decode, textUse: "the decoded text",
    adjustments: [
      Adjustment(
        .speed, steps: [6, 12, 24, 36, 48, 72, 96],
        readme: "the decode's characters settled a second",
        read: { $0[DecodeSettings.self].charactersPerSecond },
        write: { $0[DecodeSettings.self].charactersPerSecond = $1 })
    ],
    kioskKeys: [
      KioskKey.speed(default: DecodeSchedule.defaultCharactersPerSecond) {
        $0[DecodeSettings.self].charactersPerSecond = $1
      }
    ],
    options: [.seed],
    status: { ["\($0[DecodeSettings.self].charactersPerSecond.statusText) characters/s"] },
    values: {
      "Decode: \($0[DecodeSettings.self].charactersPerSecond.statusText) characters a second"
    },
    makeScene: { MadeScene(DecodeScene(settings: $0, layouts: $1)) })
}
