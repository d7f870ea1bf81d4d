import TextEffects

/// What the status line and the help overlay say of the scene and its settings.
extension Showcase {
  /// What the status line says of a scene drawn on black whatever the appearance.
  static let staysBlack = "Drawn on black in both appearances"

  /// The status line: a message while one is fresh, else the state and the scene's values.
  package func status(at now: Double) -> String {
    if let message, now < message.until { return message.text }
    var parts: [String] = []
    if clock.isPaused { parts.append("Paused") }
    parts += kind.effect.status(settings)
    // The typewriter's and the glitch's demos sit on `Color.black`, which stays black in
    // Light as SwiftUI's does: only the bars change, and the line says so.
    if settings.appearance == .light, scene.background == .black {
      parts.append(Self.staysBlack)
    }
    parts += followedStatus
    parts.append("? for help")
    return parts.joined(separator: ChromeDrawing.separator)
  }

  /// The text size, and what the desktop or the command line set, grouped by where it came
  /// from: "Text Extra Large, Reduce Motion, Light (desktop)". A value the switch or the button
  /// already shows, at its default or set by a key, is not repeated.
  var followedStatus: [String] {
    var parts: [String] = []
    func named(_ setting: FollowedSetting) -> String? {
      switch setting {
      case .textSize: "Text \(settings.dynamicType.name)"
      case .reduceMotion: settings.reduceMotion ? "Reduce Motion" : nil
      case .appearance: settings.appearance.name
      case .contrast: settings.increaseContrast ? "More contrast" : nil
      }
    }
    if ![.desktop, .commandLine].contains(following.source(of: .textSize)) {
      parts.append("Text \(settings.dynamicType.name)")
    }
    for source in [SettingSource.desktop, .commandLine] {
      let names = FollowedSetting.allCases.filter { following.source(of: $0) == source }
        .compactMap(named)
      if !names.isEmpty { parts.append(names.joined(separator: ", ") + " (\(source.rawValue))") }
    }
    return parts
  }

  /// The current values, for the help overlay, each with where it came from.
  package var values: [String] {
    func from(_ setting: FollowedSetting) -> String {
      "(\(following.source(of: setting).rawValue))"
    }
    let separator = "  \u{00B7}  "
    return Effects.all.compactMap { $0.values(settings) } + [
      [
        "Text size: \(settings.dynamicType.name) \(from(.textSize))",
        "Reduce Motion: \(settings.reduceMotion ? "on" : "off") \(from(.reduceMotion))",
      ].joined(separator: separator),
      [
        "Appearance: \(settings.appearance.rawValue) \(from(.appearance))",
        "Contrast: \(settings.increaseContrast ? "more" : "standard") \(from(.contrast))",
      ].joined(separator: separator),
      "Drawing: \(renderer)",
    ]
  }
}

extension Appearance {
  /// The name the status line gives it.
  var name: String { self == .dark ? "Dark" : "Light" }
}

extension DynamicTypeSize {
  /// The name iOS's Settings give the size.
  package var name: String {
    [
      "Extra Small", "Small", "Medium", "Large", "Extra Large", "Extra Extra Large",
      "Extra Extra Extra Large", "Accessibility 1", "Accessibility 2", "Accessibility 3",
      "Accessibility 4", "Accessibility 5",
    ][rawValue]
  }
}
