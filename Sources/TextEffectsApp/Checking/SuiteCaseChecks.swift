import FoundationEssentials
import TextEffects

extension RawCase {
  /// The case, its fields over the suite's defaults, each value checked as the command line
  /// checks its option; a problem names the field.
  func suiteCase(defaults: SuiteFields?, readFile: (String) throws -> Data)
    throws(VisualSuite.Problem) -> VisualSuite.Case
  {
    func problem(_ text: String) -> VisualSuite.Problem { VisualSuite.Problem(description: text) }
    let fields = fields.over(defaults)
    guard let name = fields.name else { throw problem("'name' is missing") }
    try Self.check(name: name)
    guard let sceneName = fields.scene else { throw problem("'scene' is missing") }
    guard let scene = SceneKind(rawValue: sceneName) else {
      throw problem("'scene': \(SceneKind.refusal(of: sceneName))")
    }
    let size = try Self.size(fields.size)
    let scale = fields.scale ?? 1
    guard scale.isFinite, scale > 0, scale <= RenderLimits.largestScale else {
      throw problem("'scale' must be above 0 and up to \(Int(RenderLimits.largestScale))")
    }
    let pixels = (size.width * scale, size.height * scale)
    guard max(pixels.0, pixels.1) <= RenderLimits.largestSide, min(pixels.0, pixels.1) >= 1 else {
      throw problem(
        "'size' at 'scale' \(scale) is not 1 to \(Int(RenderLimits.largestSide)) pixels a side")
    }
    if fields.at != nil, fields.times != nil { throw problem("give 'at' or 'times', not both") }
    let times = fields.times ?? [fields.at ?? 0]
    let field = fields.times == nil ? "at" : "times"
    guard !times.isEmpty, times.count <= 1000 else {
      throw problem("'times' must list 1 to 1000 times")
    }
    for time in times where !(time >= 0 && time < RenderLimits.latestTime) {
      throw problem("'\(field)' must be seconds from 0 to below \(RenderLimits.latestTimeName)")
    }
    var settings = try self.settings(fields, scene: scene, readFile: readFile)
    do {
      try RawItem.apply(effectValues, of: scene, textGiven: fields.text != nil, to: &settings)
    } catch {
      throw problem(error.description)
    }
    _ = settings.cutToWhatScenesShow()
    return VisualSuite.Case(
      name: name, scene: scene, times: times, namesTimes: fields.times != nil, size: size,
      scale: scale, settings: settings, showsChrome: fields.chrome ?? false,
      comparison: try fields.tolerances.comparison(over: ImageComparison()))
  }

  /// A name that makes a file name of its own in the suite's folder, on every system.
  static func check(name: String) throws(VisualSuite.Problem) {
    let allowed = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.".unicodeScalars)
    guard !name.isEmpty, name.count <= 100, !name.hasPrefix("."),
      name.unicodeScalars.allSatisfy(allowed.contains)
    else {
      throw VisualSuite.Problem(
        description: "'name' must be 1 to 100 letters, digits, '-', '_' or '.', not starting "
          + "with '.', as it names the reference image")
    }
  }

  static func size(_ text: String?) throws(VisualSuite.Problem) -> Size {
    guard let text else { return RenderLimits.defaultSize }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    let side = 1...Int(RenderLimits.largestSide)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      side.contains(width), side.contains(height)
    else {
      throw VisualSuite.Problem(
        description: "'size': '\(text)' is not WIDTHxHEIGHT in points, each from 1 to "
          + "\(Int(RenderLimits.largestSide)), like 900x600")
    }
    return Size(width: Double(width), height: Double(height))
  }

  /// The scene's settings from the fields; those only some scenes read are refused elsewhere,
  /// as the command line refuses their options.
  private func settings(_ fields: SuiteFields, scene: SceneKind, readFile: (String) throws -> Data)
    throws(VisualSuite.Problem) -> SceneSettings
  {
    func problem(_ text: String) -> VisualSuite.Problem { VisualSuite.Problem(description: text) }
    // A suite case names these as the options do, without the dashes.
    for (option, given) in [
      (Option.question, fields.question != nil), (.seed, fields.seed != nil),
      (.trace, fields.trace != nil),
    ]
    where given {
      let key = option.rawValue.dropFirst(2)
      let takers = SceneKind.allCases.filter { $0.effect.options.contains(option) }
      guard takers.contains(scene) else {
        let scenes = takers.count == 1 ? "scene" : "scenes"
        throw problem("'\(key)' is for the \(SceneKind.names(takers, joinedBy: "and")) \(scenes)")
      }
    }
    var settings = SceneSettings()
    settings.reduceMotion = fields.reduceMotion ?? false
    settings.increaseContrast = fields.increaseContrast ?? false
    settings.seed = fields.seed ?? 0
    if let name = fields.appearance {
      guard let appearance = Appearance(rawValue: name) else {
        throw problem("'appearance': '\(name)' is not dark or light")
      }
      settings.appearance = appearance
    }
    if let text = fields.text {
      guard !text.isEmpty else { throw problem("'text' is empty") }
      settings.customText = text
    }
    settings[StreamingSettings.self].question = fields.question
    // A suite's cases draw alike on every machine: no locale of the environment's comes in.
    try Self.apply(font: fields.font, lang: fields.lang, to: &settings)
    if let path = fields.trace {
      if fields.text != nil { throw problem("give 'text' or 'trace', not both") }
      let data: Data
      do {
        data = try readFile(path)
      } catch {
        throw problem("'trace': \(path) cannot be read (\(error.reason))")
      }
      do {
        settings[StreamingSettings.self].trace = try StreamingTrace.parse(data)
      } catch {
        throw problem("'trace': \(path) \(error.description)")
      }
    }
    return settings
  }

  /// A case's (or a kiosk item's) `font` and `lang`, checked for their shape; whether the font
  /// exists is the program's to check, where the fonts are.
  static func apply(font: String?, lang: String?, to settings: inout SceneSettings)
    throws(VisualSuite.Problem)
  {
    if let font {
      guard !font.isEmpty else {
        throw VisualSuite.Problem(description: "'font' is empty; give a file's path or a family")
      }
      settings.fontName = font
    }
    if let lang {
      guard let tag = LanguageTag(lang) else {
        throw VisualSuite.Problem(
          description: "'lang': '\(lang)' is not a language tag such as ja, zh-Hant or pt-BR")
      }
      settings.language = tag.description
    }
  }
}
