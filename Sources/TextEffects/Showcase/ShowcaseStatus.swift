import Foundation

/// What the status line and the help overlay say of the scene and its settings.
extension Showcase {
  /// The status line: a message while one is fresh, else the state and the scene's values.
  public func status(at now: Double) -> String {
    if let message, now < message.until { return message.text }
    var parts: [String] = []
    if clock.isPaused { parts.append("Paused") }
    parts += kind.effect.status(of: settings)
    parts.append("Text \(settings.dynamicType.name)")
    parts.append("? for help")
    return parts.joined(separator: ChromeDrawing.separator)
  }

  /// The current values, for the help overlay.
  public var values: [String] {
    Effects.all.compactMap { $0.values(of: settings) } + [
      "Text size: \(settings.dynamicType.name)  \u{00B7}  Reduce Motion: "
        + "\(settings.reduceMotion ? "on" : "off")  \u{00B7}  Appearance: \(settings.appearance.rawValue)",
      "Drawing: \(renderer)",
    ]
  }
}

extension DynamicTypeSize {
  /// The name iOS's Settings give the size.
  public var name: String {
    [
      "Extra Small", "Small", "Medium", "Large", "Extra Large", "Extra Extra Large",
      "Extra Extra Extra Large", "Accessibility 1", "Accessibility 2", "Accessibility 3",
      "Accessibility 4", "Accessibility 5",
    ][rawValue]
  }
}
