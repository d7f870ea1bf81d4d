/// A key as the showcase understands it; the SDL layer translates its key codes into these.
public enum Key: Hashable, Sendable {
  /// A key that types a character, given unshifted and lower-case ("1", "r", "/", "=").
  case character(Character)
  case tab, enter, escape, space
  case left, right, up, down
  case f1, f11, f12
}

public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let shift = KeyModifiers(rawValue: 1)
  public static let control = KeyModifiers(rawValue: 2)
  public static let alt = KeyModifiers(rawValue: 4)
}

public struct KeyPress: Hashable, Sendable {
  public var key: Key
  public var modifiers: KeyModifiers

  public init(_ key: Key, _ modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }
}
