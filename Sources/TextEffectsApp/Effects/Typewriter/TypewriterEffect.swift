import TextEffects

/// The typewriter's own settings: how fast it types, and the entries it cycles when given as a
/// list.
package struct TypewriterSettings: EffectSettings {
  /// Characters a second; the seed types at 20.
  package var charactersPerSecond = TypewriterScene.defaultCharactersPerSecond
  /// The entries when given as a list (each may span lines); else the lines of the scene's
  /// text, one entry each.
  package var entries: [String]?

  package init() {}

  package mutating func cutToWhatScenesShow() -> Bool {
    guard let entries else { return false }
    let bounded = DisplayText.bounded(entries)
    self.entries = bounded.entries
    return bounded.wasCut
  }
}

extension SceneKind {
  package static let typewriter = SceneKind(effectName: "typewriter")
}

extension Effect {
  /// Seed 000: a line typed with a blinking cursor.
  package static let typewriter = Effect(
    .typewriter, isSeedDemo: true, textUse: "the typewriter's lines (one entry a line)",
    adjustments: [
      Adjustment(
        .speed, steps: [5, 10, 15, 20, 30, 40, 60, 80, 120],
        readme: "the typewriter's characters a second",
        read: { $0[TypewriterSettings.self].charactersPerSecond },
        write: { $0[TypewriterSettings.self].charactersPerSecond = $1 })
    ],
    kioskKeys: [
      KioskKey(
        "lines", .texts, replacesText: true,
        meaning: "the entries as a list; each may hold `\\n` for more lines"
      ) { value, settings throws(KioskContent.Problem) in
        guard !value.texts.isEmpty, value.texts.allSatisfy({ !$0.isEmpty }) else {
          throw KioskContent.Problem(
            description: "'lines' must hold at least one entry, none empty")
        }
        settings[TypewriterSettings.self].entries = value.texts
      },
      KioskKey.speed(default: TypewriterScene.defaultCharactersPerSecond) {
        $0[TypewriterSettings.self].charactersPerSecond = $1
      },
    ],
    status: { ["\($0[TypewriterSettings.self].charactersPerSecond.statusText) characters/s"] },
    values: {
      "Typewriter: \($0[TypewriterSettings.self].charactersPerSecond.statusText) characters a "
        + "second"
    },
    makeScene: { MadeScene(TypewriterScene(settings: $0, layouts: $1)) })
}
