import TextEffects

/// A key as the showcase understands it; the SDL layer translates its key codes into these.
package enum Key: Hashable, Sendable {
  /// A key that types a character, given unshifted and lower-case ("1", "r", "/", "=").
  case character(Character)
  case tab, enter, escape, space
  case left, right, up, down
  case pageUp, pageDown, home, end
  case f1, f11, f12
}

package struct KeyModifiers: OptionSet, Hashable, Sendable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }

  package static let shift = KeyModifiers(rawValue: 1)
  package static let control = KeyModifiers(rawValue: 2)
  package static let alt = KeyModifiers(rawValue: 4)
}

package struct KeyPress: Hashable, Sendable {
  package var key: Key
  package var modifiers: KeyModifiers

  package init(_ key: Key, _ modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }
}
