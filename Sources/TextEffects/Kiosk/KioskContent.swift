import Foundation

/// What a kiosk shows, from a JSON file: a list of items, each a scene with its texts,
/// colours, speeds, how long it stays and when it may show. See `examples/kiosk.json`.
public struct KioskContent: Equatable, Sendable {
  public struct Item: Equatable, Sendable {
    public var scene: SceneKind
    /// What the scene draws with: its text, question, colours and speeds.
    public var settings: SceneSettings
    /// Seconds on screen; nil takes the kiosk's `--cycle`.
    public var duration: Double?
    public var window: ShowWindow?

    public init(
      scene: SceneKind, settings: SceneSettings, duration: Double?, window: ShowWindow? = nil
    ) {
      self.scene = scene
      self.settings = settings
      self.duration = duration
      self.window = window
    }
  }

  public var items: [Item]
  /// What a person should know about content that reads well: each item whose text is longer
  /// than a scene shows, and so was cut. Said once, when the content is read.
  public var notes: [String] = []

  public init(items: [Item]) {
    self.items = items
  }

  /// One line saying what is wrong with a content file and where.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// Reads the JSON of a content file, on top of `base` settings (Reduce Motion, seed...).
  public static func parse(_ data: Data, base: SceneSettings = SceneSettings()) throws(Problem)
    -> KioskContent
  {
    let file: ContentFile
    do {
      file = try JSONDecoder().decode(ContentFile.self, from: data)
    } catch let error as DecodingError {
      throw Problem(description: describe(error))
    } catch let unknown as UnknownKey {
      throw Problem(description: unknown.description)
    } catch {
      throw Problem(description: "not JSON: \(error.localizedDescription)")
    }
    guard !file.items.isEmpty else {
      throw Problem(description: "'items' is empty: nothing to show")
    }
    var content = KioskContent(items: [])
    for (index, raw) in file.items.enumerated() {
      do {
        var item = try raw.item(base: base)
        if item.settings.cutToWhatScenesShow() {
          content.notes.append(
            "items[\(index)]: its text is longer than the \(DisplayText.characterLimitName) "
              + "characters a scene shows; the screen shows its beginning, ending in \u{2026}")
        }
        content.items.append(item)
      } catch {
        throw Problem(description: "items[\(index)]: \(error.description)")
      }
    }
    return content
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
      }.joined()
      return path.isEmpty ? "the file" : String(path.drop { $0 == "." })
    }
    switch error {
    case .keyNotFound(let key, let context):
      let place = path(context)
      return "\(place == "the file" ? "" : place + ": ")'\(key.stringValue)' is missing"
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return "\(path(context)): expected \(Self.name(of: type))"
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"]
      return "not valid JSON\(underlying.map { ": \($0)" } ?? "") (\(path(context)))"
    @unknown default:
      return "\(error)"
    }
  }

  /// A JSON type in people's words, not Swift's.
  private static func name(of type: Any.Type) -> String {
    switch type {
    case is String.Type: return "text in quotes"
    case is Double.Type: return "a number"
    case is Bool.Type: return "true or false"
    case is [String].Type: return "a list of texts in brackets, like [\"a\", \"b\"]"
    default:
      let name = "\(type)"
      if name.hasPrefix("Dictionary") { return "an object in braces, like {\"items\": [...]}" }
      if name.hasPrefix("Array") { return "a list in brackets, like [...]" }
      return "another kind of value"
    }
  }
}

/// A key the content does not know, with the nearest it does: a misspelt key ("colour") would
/// otherwise be dropped in silence and its setting never applied.
private struct UnknownKey: Error, CustomStringConvertible {
  var place: String
  var key: String
  var known: [String]

  var description: String {
    let nearest = known.min { distance($0, key) < distance($1, key) }
    if let nearest, distance(nearest, key) <= 2 {
      return "\(place)'\(key)' is not a key here; did you mean '\(nearest)'?"
    }
    let keys = known.map { "'\($0)'" }.joined(separator: ", ")
    return "\(place)'\(key)' is not a key here; the keys are \(keys)"
  }

  /// Levenshtein's distance, on a key's few letters.
  private func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var next = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      row = next
    }
    return row[b.count]
  }
}

/// Any key, to list what an object holds.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension Decoder {
  /// Throws `UnknownKey` for the first key of this object not among `Keys`.
  fileprivate func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(_: Keys.Type) throws {
    let known = Keys.allCases.map(\.stringValue)
    for key in try container(keyedBy: AnyKey.self).allKeys where !known.contains(key.stringValue) {
      let place = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        .joined().drop { $0 == "." }
      throw UnknownKey(place: place.isEmpty ? "" : place + ": ", key: key.stringValue, known: known)
    }
  }
}

/// The file as written, before its values are checked.
private struct ContentFile: Decodable {
  var items: [RawItem]

  enum CodingKeys: String, CodingKey, CaseIterable { case items }

  init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    items = try decoder.container(keyedBy: CodingKeys.self).decode([RawItem].self, forKey: .items)
  }
}

private struct RawItem: Decodable {
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

/// Colours by the names SwiftUI gives them, or as #RRGGBB.
enum ColorName {
  static func parse(_ text: String, appearance: Appearance) -> RGBAColor? {
    let name = text.lowercased()
    if name == "white" { return .white }
    if name == "black" { return .black }
    if let system = SystemColor.allCases.first(where: { "\($0)" == name }) {
      return system.color(in: appearance)
    }
    guard name.hasPrefix("#"), name.count == 7, let value = Int(name.dropFirst(), radix: 16) else {
      return nil
    }
    return RGBAColor(red8: value >> 16 & 0xFF, green8: value >> 8 & 0xFF, blue8: value & 0xFF)
  }

  static func expected(_ text: String) -> String {
    "'\(text)' is not a colour: use white, black, red, yellow, green, cyan, pink, purple, blue or #RRGGBB"
  }
}

extension SceneSettings {
  /// Cuts the texts to what `DisplayText` lets a scene show, once, where they come in; true
  /// when something was left out.
  mutating func cutToWhatScenesShow() -> Bool {
    var wasCut = false
    if let text = customText {
      let bounded = DisplayText.bounded(text)
      (customText, wasCut) = (bounded.text, bounded.wasCut)
    }
    if let entries = typewriterEntries {
      let bounded = DisplayText.bounded(entries)
      typewriterEntries = bounded.entries
      wasCut = wasCut || bounded.wasCut
    }
    if let question {
      let bounded = DisplayText.bounded(question)
      self.question = bounded.text
      wasCut = wasCut || bounded.wasCut
    }
    return wasCut
  }
}
