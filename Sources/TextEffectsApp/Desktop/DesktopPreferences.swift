import Glibc
import TextEffects

/// What the desktop says a person prefers, as the seeds read it from the system: SwiftUI's
/// `accessibilityReduceMotion`, `colorScheme`, `dynamicTypeSize` and `colorSchemeContrast`.
/// Each is nil while the desktop says nothing of it ("no preference", or no desktop at all).
package struct DesktopPreferences: Equatable, Sendable {
  package var reduceMotion: Bool?
  package var appearance: Appearance?
  package var textSize: DynamicTypeSize?
  package var increaseContrast: Bool?

  package init(
    reduceMotion: Bool? = nil, appearance: Appearance? = nil, textSize: DynamicTypeSize? = nil,
    increaseContrast: Bool? = nil
  ) {
    self.reduceMotion = reduceMotion
    self.appearance = appearance
    self.textSize = textSize
    self.increaseContrast = increaseContrast
  }

  /// The value the desktop gives `setting`, as the settings hold it; nil if none.
  func value(of setting: FollowedSetting) -> FollowedValue? {
    switch setting {
    case .reduceMotion: reduceMotion.map(FollowedValue.flag)
    case .appearance: appearance.map(FollowedValue.appearance)
    case .textSize: textSize.map(FollowedValue.textSize)
    case .contrast: increaseContrast.map(FollowedValue.flag)
    }
  }
}

/// One value the desktop publishes, as D-Bus carries it.
package enum DesktopValue: Equatable, Sendable {
  case number(UInt32)
  case flag(Bool)
  case decimal(Double)
  case text(String)
}

/// Where the desktop keeps its preferences: the XDG desktop portal's
/// `org.freedesktop.appearance` namespace, then GNOME's own keys (which the portal also
/// publishes, and GSettings holds when there is no portal).
package enum DesktopNamespace {
  package static let appearance = "org.freedesktop.appearance"
  package static let gnomeInterface = "org.gnome.desktop.interface"
  package static let gnomeAccessibility = "org.gnome.desktop.a11y.interface"
  /// The namespaces read, in the order they are asked.
  package static let all = [appearance, gnomeInterface, gnomeAccessibility]
  /// The keys read in each; any other key that changes is no concern.
  package static let keys: [String: [String]] = [
    appearance: ["color-scheme", "reduced-motion", "contrast"],
    gnomeInterface: ["color-scheme", "enable-animations", "text-scaling-factor"],
    gnomeAccessibility: ["high-contrast"],
  ]
}

extension DesktopPreferences {
  /// The preferences in `values` (namespace, then key): the portal's standard keys first, GNOME's
  /// where the portal's say nothing. Values of the wrong type or out of range are no preference.
  package init(reading values: [String: [String: DesktopValue]]) {
    let appearanceKeys = values[DesktopNamespace.appearance] ?? [:]
    let gnome = values[DesktopNamespace.gnomeInterface] ?? [:]
    let accessibility = values[DesktopNamespace.gnomeAccessibility] ?? [:]
    self.init()
    // The portal's keys: 0 is "no preference", so GNOME's key may still say something.
    switch appearanceKeys["reduced-motion"] {
    case .number(1): reduceMotion = true
    default:
      if case .flag(let animates) = gnome["enable-animations"] { reduceMotion = !animates }
    }
    switch appearanceKeys["color-scheme"] {
    case .number(1): appearance = .dark
    case .number(2): appearance = .light
    default:
      switch gnome["color-scheme"] {
      case .text("prefer-dark"): appearance = .dark
      case .text("prefer-light"): appearance = .light
      default: break
      }
    }
    switch appearanceKeys["contrast"] {
    case .number(1): increaseContrast = true
    default:
      if case .flag(let high) = accessibility["high-contrast"] { increaseContrast = high }
    }
    if case .decimal(let factor) = gnome["text-scaling-factor"] {
      textSize = DynamicTypeSize.nearest(toTextScale: factor)
    }
  }
}

extension DynamicTypeSize {
  /// The size whose body text is nearest `factor` times the standard's (17 pt), on a ratio
  /// scale, so 1.25 (GNOME's Large Text) is Extra Extra Large (21 pt) and 2 is Accessibility 2.
  /// A factor that is not a positive number is no preference.
  package static func nearest(toTextScale factor: Double) -> DynamicTypeSize? {
    guard factor.isFinite, factor > 0 else { return nil }
    let body = DynamicTypeSize.standard.pointSize(of: .body)
    return allCases.min { a, b in
      abs(log(a.pointSize(of: .body) / body / factor))
        < abs(log(b.pointSize(of: .body) / body / factor))
    }
  }
}
