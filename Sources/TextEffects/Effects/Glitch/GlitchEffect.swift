/// The glitch's own settings: the colours of its two copies, when not the seed's.
public struct GlitchSettings: EffectSettings {
  /// The two copies' colours; nil keeps the seed's cyan and pink (green and purple below).
  public var colors: GlitchColors?

  public init() {}
}

/// The colours of the glitch's two copies, the first resting left and the second right.
public struct GlitchColors: Equatable, Sendable {
  public var first: RGBAColor
  public var second: RGBAColor

  public init(first: RGBAColor, second: RGBAColor) {
    self.first = first
    self.second = second
  }
}

extension SceneKind {
  public static let glitch = SceneKind(effectName: "glitch")
}

/// Seed 002: two coloured copies of the text that jump in bursts.
public enum GlitchEffect: Effect {
  public static let kind = SceneKind.glitch
  public static let isSeedDemo = true
  public static let textUse: String? = "the glitch's large line then the line below"

  public static let kioskKeys = [
    KioskKey("colors", .texts, meaning: "the two copies' colours, `[\"cyan\", \"pink\"]`") {
      value, settings throws(KioskContent.Problem) in
      let parsed = value.texts.map { ColorName.parse($0, appearance: settings.appearance) }
      guard parsed.count == 2, let first = parsed[0], let second = parsed[1] else {
        throw KioskContent.Problem(
          description: "'colors' must be two colours, like [\"cyan\", \"#ff2d55\"]")
      }
      settings[GlitchSettings.self].colors = GlitchColors(first: first, second: second)
    }
  ]

  public static func status(of settings: SceneSettings) -> [String] {
    ["Hold G or the mouse to glitch"]
  }

  public static func makeScene(settings: SceneSettings, layouts: TextLayoutCache) -> any Scene {
    GlitchScene(settings: settings, layouts: layouts)
  }
}
