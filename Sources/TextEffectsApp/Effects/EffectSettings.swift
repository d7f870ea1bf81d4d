import TextEffects

/// One effect's own settings, with the seed's defaults as `init()`. Each effect keeps its struct
/// in its folder and reaches it through `SceneSettings[Its.self]`, so adding an effect adds no
/// field to the settings every scene shares.
package protocol EffectSettings: Equatable, Sendable {
  init()
  /// Cuts its texts to what `DisplayText` lets a scene show; true when something was left out.
  mutating func cutToWhatScenesShow() -> Bool
}

extension EffectSettings {
  package mutating func cutToWhatScenesShow() -> Bool { false }

  fileprivate func isEqual(to other: any EffectSettings) -> Bool {
    (other as? Self) == self
  }
}

/// The effects' settings, each by its type; a type never set reads as its defaults.
///
/// The one place that reads a value back as its own type: the subscript's type says which
/// struct it is, so the cast cannot fail for a value this store wrote.
package struct EffectSettingsStore: Equatable, Sendable {
  private var values: [ObjectIdentifier: any EffectSettings] = [:]

  package init() {}

  package subscript<Settings: EffectSettings>(_ type: Settings.Type) -> Settings {
    get { values[ObjectIdentifier(type)] as? Settings ?? Settings() }
    set {
      // Defaults are not stored, so settings equal whether a default was set or never touched.
      values[ObjectIdentifier(type)] = newValue == Settings() ? nil : newValue
    }
  }

  /// Cuts every effect's texts, as `SceneSettings.cutToWhatScenesShow` does the shared text.
  mutating func cutToWhatScenesShow() -> Bool {
    var wasCut = false
    for key in values.keys {
      wasCut = values[key]!.cutToWhatScenesShow() || wasCut
    }
    return wasCut
  }

  package static func == (a: Self, b: Self) -> Bool {
    a.values.count == b.values.count
      && a.values.allSatisfy { key, value in b.values[key].map(value.isEqual) ?? false }
  }
}
