import TextEffects

/// A suite as written, before its values are checked.
struct SuiteFile: Decodable {
  var defaults: SuiteFields?
  var whenLibrariesDiffer: Tolerances?
  var cases: [RawCase]

  enum CodingKeys: String, CodingKey, CaseIterable { case defaults, whenLibrariesDiffer, cases }

  init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let values = try decoder.container(keyedBy: CodingKeys.self)
    if values.contains(.defaults) {
      try values.superDecoder(forKey: .defaults).refuseUnknownKeys(
        known: SuiteFields.keys.filter { $0 != "name" })
    }
    defaults = try values.decodeIfPresent(SuiteFields.self, forKey: .defaults)
    if values.contains(.whenLibrariesDiffer) {
      try values.superDecoder(forKey: .whenLibrariesDiffer).refuseUnknownKeys(
        Tolerances.CodingKeys.self)
    }
    whenLibrariesDiffer = try values.decodeIfPresent(Tolerances.self, forKey: .whenLibrariesDiffer)
    cases = try values.decode([RawCase].self, forKey: .cases)
  }
}

/// Playwright's tolerances as a suite writes them; a level that gives a count or a share of
/// pixels replaces both of the level above.
struct Tolerances: Decodable {
  var threshold: Double?
  var maxDiffPixels: Int?
  var maxDiffRatio: Double?
  var includeAntiAliasing: Bool?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case threshold, maxDiffPixels, maxDiffRatio, includeAntiAliasing
  }

  func over(_ base: Tolerances?) -> Tolerances {
    guard let base else { return self }
    let givesAllowance = maxDiffPixels != nil || maxDiffRatio != nil
    return Tolerances(
      threshold: threshold ?? base.threshold,
      maxDiffPixels: givesAllowance ? maxDiffPixels : base.maxDiffPixels,
      maxDiffRatio: givesAllowance ? maxDiffRatio : base.maxDiffRatio,
      includeAntiAliasing: includeAntiAliasing ?? base.includeAntiAliasing)
  }

  func comparison(over base: ImageComparison) throws(VisualSuite.Problem) -> ImageComparison {
    func problem(_ text: String) -> VisualSuite.Problem { VisualSuite.Problem(description: text) }
    if let threshold, !(0...1).contains(threshold) {
      throw problem("'threshold' must be a number from 0 to 1, like 0.1")
    }
    if let maxDiffPixels, maxDiffPixels < 0 {
      throw problem("'maxDiffPixels' must be a count of pixels from 0")
    }
    if let maxDiffRatio, !(0...1).contains(maxDiffRatio) {
      throw problem("'maxDiffRatio' must be a share of the pixels from 0 to 1")
    }
    if maxDiffPixels != nil, maxDiffRatio != nil {
      throw problem("give 'maxDiffPixels' or 'maxDiffRatio', not both")
    }
    let givesAllowance = maxDiffPixels != nil || maxDiffRatio != nil
    return ImageComparison(
      threshold: threshold ?? base.threshold,
      maximumDifferingPixels: maxDiffPixels ?? (givesAllowance ? 0 : base.maximumDifferingPixels),
      maximumDifferingRatio: givesAllowance ? maxDiffRatio : base.maximumDifferingRatio,
      ignoresAntiAliasing: includeAntiAliasing.map { !$0 } ?? base.ignoresAntiAliasing)
  }
}

/// The fields a case or the suite's defaults may give; a case's own win.
struct SuiteFields: Decodable {
  var name: String?
  var scene: String?
  var at: Double?
  var times: [Double]?
  var size: String?
  var scale: Double?
  var reduceMotion: Bool?
  var appearance: String?
  var increaseContrast: Bool?
  var seed: UInt64?
  var text: String?
  var question: String?
  var trace: String?
  var chrome: Bool?
  var font: String?
  var lang: String?
  var tolerances = Tolerances()

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, scene, at, times, size, scale, reduceMotion, appearance, increaseContrast, seed
    case text, question, trace, chrome, font, lang
  }

  static let keys =
    CodingKeys.allCases.map(\.stringValue) + Tolerances.CodingKeys.allCases.map(\.stringValue)

  init() {}

  init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    name = try values.decodeIfPresent(String.self, forKey: .name)
    scene = try values.decodeIfPresent(String.self, forKey: .scene)
    at = try values.decodeIfPresent(Double.self, forKey: .at)
    times = try values.decodeIfPresent([Double].self, forKey: .times)
    size = try values.decodeIfPresent(String.self, forKey: .size)
    scale = try values.decodeIfPresent(Double.self, forKey: .scale)
    reduceMotion = try values.decodeIfPresent(Bool.self, forKey: .reduceMotion)
    appearance = try values.decodeIfPresent(String.self, forKey: .appearance)
    increaseContrast = try values.decodeIfPresent(Bool.self, forKey: .increaseContrast)
    seed = try values.decodeIfPresent(UInt64.self, forKey: .seed)
    text = try values.decodeIfPresent(String.self, forKey: .text)
    question = try values.decodeIfPresent(String.self, forKey: .question)
    trace = try values.decodeIfPresent(String.self, forKey: .trace)
    chrome = try values.decodeIfPresent(Bool.self, forKey: .chrome)
    font = try values.decodeIfPresent(String.self, forKey: .font)
    lang = try values.decodeIfPresent(String.self, forKey: .lang)
    tolerances = try Tolerances(from: decoder)
  }

  /// These fields over the suite's defaults: `at` and `times` go together as one choice.
  func over(_ defaults: SuiteFields?) -> SuiteFields {
    guard let defaults else { return self }
    var merged = self
    merged.scene = scene ?? defaults.scene
    if at == nil, times == nil { (merged.at, merged.times) = (defaults.at, defaults.times) }
    merged.size = size ?? defaults.size
    merged.scale = scale ?? defaults.scale
    merged.reduceMotion = reduceMotion ?? defaults.reduceMotion
    merged.appearance = appearance ?? defaults.appearance
    merged.increaseContrast = increaseContrast ?? defaults.increaseContrast
    merged.seed = seed ?? defaults.seed
    merged.text = text ?? defaults.text
    merged.question = question ?? defaults.question
    merged.trace = trace ?? defaults.trace
    merged.chrome = chrome ?? defaults.chrome
    merged.font = font ?? defaults.font
    merged.lang = lang ?? defaults.lang
    merged.tolerances = tolerances.over(defaults.tolerances)
    return merged
  }
}

/// One case as written: its fields and any effect keys (`speed`, `lines`, ...).
struct RawCase: Decodable {
  var fields: SuiteFields
  var effectValues: [(name: String, value: KioskValue)]

  init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(known: SuiteFields.keys + RawItem.effectKeys.map(\.name))
    fields = try SuiteFields(from: decoder)
    effectValues = try RawItem.effectValues(in: decoder)
  }
}
