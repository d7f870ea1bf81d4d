import TextEffects

/// A key an effect reads from a kiosk content item, such as the typewriter's `lines`: the kind
/// of JSON value it holds and how it changes the item's settings.
package struct KioskKey: Sendable {
  /// The JSON value the key holds; the parser reads it and names the kind when it is another.
  package enum ValueKind: Sendable {
    case text
    case number
    case texts
    /// `true` or `false`.
    case flag
  }

  package var name: String
  package var kind: ValueKind
  /// The key gives the scene's text another way (the typewriter's `lines`), so an item may
  /// not also give `text`.
  package var replacesText: Bool
  /// What it means, in the README's words: "characters a second".
  package var meaning: String
  /// Its value when not given, for the kiosk guide's table.
  package var defaultValue: Double?
  let apply: @Sendable (KioskValue, inout SceneSettings) throws(KioskContent.Problem) -> Void

  package init(
    _ name: String, _ kind: ValueKind, replacesText: Bool = false, meaning: String,
    defaultValue: Double? = nil,
    apply:
      @escaping @Sendable (KioskValue, inout SceneSettings) throws(KioskContent.Problem) ->
      Void
  ) {
    self.name = name
    self.kind = kind
    self.replacesText = replacesText
    self.meaning = meaning
    self.defaultValue = defaultValue
    self.apply = apply
  }

  /// A speed in characters a second, above 0 and up to 10,000, as the typewriter and the
  /// streaming scene take it.
  package static func speed(
    default defaultValue: Double, _ write: @escaping @Sendable (inout SceneSettings, Double) -> Void
  ) -> KioskKey {
    KioskKey("speed", .number, meaning: "characters a second", defaultValue: defaultValue) {
      value, settings throws(KioskContent.Problem) in
      let speed = value.number
      guard speed.isFinite, speed > 0, speed <= 10_000 else {
        throw KioskContent.Problem(
          description: "'speed' must be characters a second, above 0 and up to 10000")
      }
      write(&settings, speed)
    }
  }
}

/// A value as a content file holds it, of the kind its key asks for.
package enum KioskValue: Equatable, Sendable {
  case text(String)
  case number(Double)
  case texts([String])
  case flag(Bool)

  package var text: String {
    if case .text(let text) = self { return text }
    return ""
  }
  package var number: Double {
    if case .number(let number) = self { return number }
    return .nan
  }
  package var texts: [String] {
    if case .texts(let texts) = self { return texts }
    return []
  }
  package var flag: Bool {
    if case .flag(let flag) = self { return flag }
    return false
  }
}
