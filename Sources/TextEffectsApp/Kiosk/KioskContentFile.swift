import TextEffects

/// The file as written, before its values are checked.
struct ContentFile: Decodable {
  var items: [RawItem]
  var followDesktop: Bool?
  var burnInShiftSeconds: Double?

  enum CodingKeys: String, CodingKey, CaseIterable { case items, followDesktop, burnInShiftSeconds }

  init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let values = try decoder.container(keyedBy: CodingKeys.self)
    items = try values.decode([RawItem].self, forKey: .items)
    followDesktop = try values.decodeIfPresent(Bool.self, forKey: .followDesktop)
    burnInShiftSeconds = try values.decodeIfPresent(Double.self, forKey: .burnInShiftSeconds)
  }
}

struct RawItem: Decodable {
  var scene: String
  var text: String?
  var color: String?
  var duration: Double?
  var show: RawWindow?
  /// The text's font and language: a file's path or a family name, and a BCP 47 tag.
  var font: String?
  var lang: String?
  /// The keys of one effect or another (`lines`, `speed`, …), in the order `effectKeys` lists
  /// them; which scene takes which is checked once the scene is known.
  var effectValues: [(name: String, value: KioskValue)] = []

  enum CodingKeys: String, CodingKey, CaseIterable {
    case scene, text, color, duration, show, font, lang
  }

  /// Every effect's kiosk keys, each name once.
  static var effectKeys: [KioskKey] {
    var seen: Set<String> = []
    return Effects.all.flatMap { $0.kioskKeys }.filter { seen.insert($0.name).inserted }
  }

  init(from decoder: any Decoder) throws {
    let effectKeys = Self.effectKeys
    try decoder.refuseUnknownKeys(
      known: ["scene", "text"] + effectKeys.map(\.name)
        + ["color", "font", "lang", "duration", "show"])
    let values = try decoder.container(keyedBy: CodingKeys.self)
    scene = try values.decode(String.self, forKey: .scene)
    text = try values.decodeIfPresent(String.self, forKey: .text)
    color = try values.decodeIfPresent(String.self, forKey: .color)
    duration = try values.decodeIfPresent(Double.self, forKey: .duration)
    show = try values.decodeIfPresent(RawWindow.self, forKey: .show)
    font = try values.decodeIfPresent(String.self, forKey: .font)
    lang = try values.decodeIfPresent(String.self, forKey: .lang)
    effectValues = try Self.effectValues(in: decoder)
  }

  /// The values of every effect key the object holds, each of the kind its key asks for.
  static func effectValues(in decoder: any Decoder) throws -> [(name: String, value: KioskValue)] {
    let others = try decoder.container(keyedBy: AnyKey.self)
    var values: [(name: String, value: KioskValue)] = []
    for key in effectKeys {
      let name = AnyKey(stringValue: key.name)
      guard others.contains(name) else { continue }
      let value: KioskValue
      switch key.kind {
      case .text: value = .text(try others.decode(String.self, forKey: name))
      case .number: value = .number(try others.decode(Double.self, forKey: name))
      case .texts: value = .texts(try others.decode([String].self, forKey: name))
      case .flag: value = .flag(try others.decode(Bool.self, forKey: name))
      }
      values.append((key.name, value))
    }
    return values
  }

  /// Applies effect keys' `values` to `settings` of a `kind` scene; a key another scene reads is
  /// refused, naming the scenes that read it.
  static func apply(
    _ values: [(name: String, value: KioskValue)], of kind: SceneKind, textGiven: Bool,
    to settings: inout SceneSettings
  ) throws(KioskContent.Problem) {
    for (name, value) in values {
      guard let key = kind.effect.kioskKeys.first(where: { $0.name == name }) else {
        let takers = SceneKind.allCases.filter { $0.effect.kioskKeys.contains { $0.name == name } }
        let scenes = takers.count == 1 ? "scene" : "scenes"
        throw KioskContent.Problem(
          description: "'\(name)' is for the \(SceneKind.names(takers, joinedBy: "and")) \(scenes)")
      }
      if key.replacesText, textGiven {
        throw KioskContent.Problem(description: "give 'text' or '\(name)', not both")
      }
      try key.apply(value, &settings)
    }
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
      throw problem("'scene': \(SceneKind.refusal(of: scene))")
    }
    var settings = base
    if let text { settings.customText = text }
    if settings.customText?.isEmpty == true { throw problem("the text is empty") }
    if let color {
      guard let parsed = ColorName.parse(color, appearance: base.appearance) else {
        throw problem("'color': \(ColorName.expected(color))")
      }
      settings.textColor = parsed
    }
    try Self.apply(effectValues, of: kind, textGiven: text != nil, to: &settings)
    do throws(VisualSuite.Problem) {
      try RawCase.apply(font: font, lang: lang, to: &settings)
    } catch {
      throw problem(error.description)
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
