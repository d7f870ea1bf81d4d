import Foundation

/// What the status line and the help overlay say of the scene and its settings.
extension Showcase {
  /// The status line: a message while one is fresh, else the state and the scene's values.
  public func status(at now: Double) -> String {
    if let message, now < message.until { return message.text }
    var parts: [String] = []
    if clock.isPaused { parts.append("Paused") }
    switch kind {
    case .typewriter: parts.append("\(Self.format(settings.typewriterSpeed)) characters/s")
    case .glitch: parts.append("Hold G or the mouse to glitch")
    case .stress: parts.append("\(settings.stressCharacters) characters")
    case .streaming:
      parts.append("\(Self.format(settings.streamingSpeed)) characters/s")
      parts.append("fade \(Self.format(settings.streamingFade))")
    }
    parts.append("Text \(settings.dynamicType.name)")
    parts.append("? for help")
    return parts.joined(separator: ChromeDrawing.separator)
  }

  /// The current values, for the help overlay.
  public var values: [String] {
    [
      "Typewriter: \(Self.format(settings.typewriterSpeed)) characters a second",
      "Streaming: \(Self.format(settings.streamingSpeed)) characters a second, "
        + "fade \(Self.format(settings.streamingFade)) characters",
      "Text size: \(settings.dynamicType.name)  \u{00B7}  Reduce Motion: "
        + "\(settings.reduceMotion ? "on" : "off")  \u{00B7}  Appearance: \(settings.appearance.rawValue)",
      "Drawing: \(renderer)",
    ]
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
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
