import Foundation

/// The file as written, before its values are checked.
struct ContentFile: Decodable {
  var items: [RawItem]

  enum CodingKeys: String, CodingKey, CaseIterable { case items }

  init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    items = try decoder.container(keyedBy: CodingKeys.self).decode([RawItem].self, forKey: .items)
  }
}

struct RawItem: Decodable {
  var scene: String
  var text: String?
  var lines: [String]?
  var question: String?
  var color: String?
  var colors: [String]?
  var speed: Double?
  var fade: Double?
  var duration: Double?
  var show: RawWindow?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case scene, text, lines, question, color, colors, speed, fade, duration, show
  }

  init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let values = try decoder.container(keyedBy: CodingKeys.self)
    scene = try values.decode(String.self, forKey: .scene)
    text = try values.decodeIfPresent(String.self, forKey: .text)
    lines = try values.decodeIfPresent([String].self, forKey: .lines)
    question = try values.decodeIfPresent(String.self, forKey: .question)
    color = try values.decodeIfPresent(String.self, forKey: .color)
    colors = try values.decodeIfPresent([String].self, forKey: .colors)
    speed = try values.decodeIfPresent(Double.self, forKey: .speed)
    fade = try values.decodeIfPresent(Double.self, forKey: .fade)
    duration = try values.decodeIfPresent(Double.self, forKey: .duration)
    show = try values.decodeIfPresent(RawWindow.self, forKey: .show)
  }

  struct RawWindow: Decodable {
    var days: [String]?
    var from: String?
    var to: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case days, from, to }

    init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownKeys(CodingKeys.self)
      let values = try decoder.container(keyedBy: CodingKeys.self)
      days = try values.decodeIfPresent([String].self, forKey: .days)
      from = try values.decodeIfPresent(String.self, forKey: .from)
      to = try values.decodeIfPresent(String.self, forKey: .to)
    }
  }

  func item(base: SceneSettings) throws(KioskContent.Problem) -> KioskContent.Item {
    func problem(_ text: String) -> KioskContent.Problem {
      KioskContent.Problem(description: text)
    }
    guard let kind = SceneKind(rawValue: scene) else {
      throw problem("scene '\(scene)' is not typewriter, glitch or streaming")
    }
    var settings = base
    if text != nil, lines != nil { throw problem("give 'text' or 'lines', not both") }
    if let lines {
      guard kind == .typewriter else { throw problem("'lines' is for the typewriter scene") }
      guard !lines.isEmpty, lines.allSatisfy({ !$0.isEmpty }) else {
        throw problem("'lines' must hold at least one entry, none empty")
      }
      settings.typewriterEntries = lines
    }
    if let text { settings.customText = text }
    if settings.customText?.isEmpty == true { throw problem("the text is empty") }
    if let question {
      guard kind == .streaming else { throw problem("'question' is for the streaming scene") }
      settings.question = question
    }
    if let color {
      guard let parsed = ColorName.parse(color, appearance: base.appearance) else {
        throw problem("'color': \(ColorName.expected(color))")
      }
      settings.textColor = parsed
    }
    if let colors {
      guard kind == .glitch else { throw problem("'colors' is for the glitch scene") }
      let parsed = colors.map { ColorName.parse($0, appearance: base.appearance) }
      guard parsed.count == 2, let first = parsed[0], let second = parsed[1] else {
        throw problem("'colors' must be two colours, like [\"cyan\", \"#ff2d55\"]")
      }
      settings.glitchColors = GlitchColors(first: first, second: second)
    }
    if let speed {
      guard speed.isFinite, speed > 0, speed <= 10_000 else {
        throw problem("'speed' must be characters a second, above 0 and up to 10000")
      }
      switch kind {
      case .typewriter: settings.typewriterSpeed = speed
      case .streaming: settings.streamingSpeed = speed
      case .glitch, .stress: throw problem("'speed' is for the typewriter and streaming scenes")
      }
    }
    if let fade {
      guard kind == .streaming else { throw problem("'fade' is for the streaming scene") }
      guard fade.isFinite, (0...1000).contains(fade) else {
        throw problem("'fade' must be characters, from 0 to 1000")
      }
      settings.streamingFade = fade
    }
    if let duration {
      guard duration.isFinite, duration >= 1, duration <= 86_400 else {
        throw problem("'duration' must be seconds, from 1 to 86400")
      }
    }
    return KioskContent.Item(
      scene: kind, settings: settings, duration: duration, window: try show.map(window))
  }

  private func window(_ raw: RawWindow) throws(KioskContent.Problem) -> ShowWindow {
    var days: Set<Int> = []
    for name in raw.days ?? [] {
      let key = name.lowercased()
      if let group = ShowWindow.dayGroups[key] {
        days.formUnion(group)
      } else if let day = ShowWindow.dayNames[String(key.prefix(3))], key.count >= 3 {
        days.insert(day)
      } else {
        throw KioskContent.Problem(
          description: "show.days: '\(name)' is not a day (mon ... sun, weekdays, weekends)")
      }
    }
    func minutes(_ text: String?, _ key: String) throws(KioskContent.Problem) -> Int {
      guard let text else { return 0 }
      guard let value = ShowWindow.minutes(text) else {
        throw KioskContent.Problem(description: "show.\(key): '\(text)' is not a time like 08:00")
      }
      return value
    }
    return ShowWindow(
      days: days, from: try minutes(raw.from, "from"), to: try minutes(raw.to, "to") % (24 * 60))
  }
}
