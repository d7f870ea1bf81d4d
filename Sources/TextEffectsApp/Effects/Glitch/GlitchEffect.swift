import TextEffects

/// The glitch's own settings: the colours of its two copies, when not the seed's.
package struct GlitchSettings: EffectSettings {
  /// The two copies' colours; nil keeps the seed's cyan and pink (green and purple below).
  package var colors: GlitchColors?

  package init() {}
}

/// The colours of the glitch's two copies, the first resting left and the second right.
package struct GlitchColors: Equatable, Sendable {
  package var first: RGBAColor
  package var second: RGBAColor

  package init(first: RGBAColor, second: RGBAColor) {
    self.first = first
    self.second = second
  }
}

extension SceneKind {
  package static let glitch = SceneKind(effectName: "glitch")
}

extension Effect {
  /// Seed 002: two coloured copies of the text that jump in bursts.
  package static let glitch = Effect(
    .glitch, isSeedDemo: true, textUse: "the glitch's large line then the line below",
    kioskKeys: [
      KioskKey("colors", .texts, meaning: "the two copies' colours, `[\"cyan\", \"pink\"]`") {
        value, settings throws(KioskContent.Problem) in
        let parsed = value.texts.map { ColorName.parse($0, appearance: settings.appearance) }
        guard parsed.count == 2, let first = parsed[0], let second = parsed[1] else {
          throw KioskContent.Problem(
            description: "'colors' must be two colours, like [\"cyan\", \"#ff2d55\"]")
        }
        settings[GlitchSettings.self].colors = GlitchColors(first: first, second: second)
      }
    ],
    // With Reduce Motion the copies never jump, held or not: the line says so, not how to.
    status: {
      [$0.reduceMotion ? "Reduce Motion holds the glitch still" : "Hold G or the mouse to glitch"]
    },
    makeScene: { MadeScene(GlitchScene(settings: $0, layouts: $1)) })
}
