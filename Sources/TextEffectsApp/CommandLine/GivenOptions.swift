import FoundationEssentials
import TextEffects

// Sections: What was given, Images and comparisons, Kiosk and bench, The look, Choices

/// The options as given, each value checked on its own: the first of the command line's two
/// steps. What they ask for together is `CommandLineOptions.resolve`'s to say.
struct GivenOptions {
  // MARK: What was given

  /// Each option, in order, for the option rules.
  var names: [Option] = []
  /// `--help` or `--version`, which end the reading.
  var answer: Invocation?
  var scene = SceneKind.typewriter
  var settings = SceneSettings()
  var size = CommandLineOptions.defaultSize
  var sizeGiven = false
  var scale = 1.0
  var scaleGiven = false
  var time: Double?
  var chrome: Bool?
  var textSource: Option?
  var output: (option: Option, path: String)?
  var times: (option: Option, list: [Double])?
  var framesText: String?
  var columns: Int?
  var comparison: (expected: String, actual: String)?
  var diff: String?
  var threshold: Double?
  var maximumDifferingPixels: Int?
  var maximumDifferingRatio: Double?
  var includesAntiAliasing = false
  var checkPath: String?
  var updates = false
  var reportDirectory: String?
  var reporters: [SuiteReporter] = []
  var selection = SuiteSelection()
  var mergeFolders: [String]?
  var isKiosk = false
  var readsStandardInput = false
  var cycle: Double?
  var contentPath: String?
  var isBench = false
  var runsBaseline = true
  var renderer: WindowRenderer?
  var followsDesktop: Bool?
  var traceRecording: String?
  var stdinFormat: StreamFormat?
  var playLog: String?
  /// `--control`: a socket's path, or "none".
  var control: String?
  /// `--send`: the command's words.
  var sendWords: [String]?

  init(_ arguments: [String]) throws(UsageError) {
    var reader = ArgumentReader(remaining: arguments[...])
    while answer == nil, let (word, attached) = reader.next() {
      guard let name = Option(word: word) else { throw Self.refusal(of: word) }
      names.append(name)
      let option = OptionWord(name: name, attached: attached)
      var taken = try takeOutput(option, &reader)
      if !taken { taken = try takeRun(option, &reader) }
      if !taken { taken = try takeLook(option, &reader) }
      precondition(taken, "\(name) is in the option table but not read")
    }
  }

  /// Why `word` is not an option, with what was likely meant: the nearest option to a slip of
  /// the keys, `--scene NAME` for a scene's bare name, or else where the options are listed.
  private static func refusal(of word: String) -> UsageError {
    let shown = "'\(word.prefix(60))' is not an option of text-effects"
    if let scene = SceneKind(rawValue: word) {
      return UsageError(description: "\(shown); to show that scene, give \(Option.scene) \(scene)")
    }
    let dashed = word.hasPrefix("-") ? word : "--" + word
    let names = Option.allCases.map(\.rawValue)
    if let nearest = NearestWord.to(dashed, among: names) {
      return UsageError(description: "\(shown); did you mean \(nearest)?")
    }
    return UsageError(description: "\(shown); text-effects \(Option.help) lists them")
  }

  // MARK: Images and comparisons

  /// What to write and when: the options that pick images or a comparison, and their times.
  private mutating func takeOutput(
    _ option: OptionWord, _ reader: inout ArgumentReader
  ) throws(UsageError) -> Bool {
    let name = option.name
    switch name {
    case .help: answer = .help
    case .version: answer = .version
    case .screenshot, .contactSheet:
      try choose(
        output: name,
        try CommandLineOptions.checkedOutputPath(try reader.value(for: option), option: name))
    case .animation:
      let path = try CommandLineOptions.checkedOutputPath(
        try reader.value(for: option), option: name)
      guard ["apng", "png", "gif"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
      else {
        throw UsageError(
          description:
            "\(Option.animation): \(path) names no kind of animation; end it in .apng (or .png) "
            + "or .gif")
      }
      try choose(output: name, path)
    case .out:
      try choose(output: name, try CommandLineOptions.checkedFolder(try reader.value(for: option)))
    case .frames: framesText = try reader.value(for: option)
    case .times: try choose(times: name, try TimeList.list(try reader.value(for: option)))
    case .at: time = try CommandLineOptions.seconds(try reader.value(for: option))
    case .columns:
      let text = try reader.value(for: option)
      guard let count = Int(text), (1...100).contains(count) else {
        throw UsageError(description: "\(Option.columns): '\(text)' is not a number from 1 to 100")
      }
      columns = count
    case .compare:
      let expected = try reader.value(for: option)
      guard let actual = reader.remaining.popFirst() else {
        throw UsageError(description: "\(Option.compare) needs two PNG files: EXPECTED ACTUAL")
      }
      comparison = (
        try CommandLineOptions.checkedInputPath(expected, option: name),
        try CommandLineOptions.checkedInputPath(actual, option: name)
      )
    case .diff:
      diff = try CommandLineOptions.checkedOutputPath(try reader.value(for: option), option: name)
    case .threshold, .maxDiffRatio:
      let text = try reader.value(for: option)
      guard let value = Double(text), (0...1).contains(value) else {
        throw UsageError(description: "\(name): '\(text)' is not a number from 0 to 1, like 0.1")
      }
      if name == .threshold { threshold = value } else { maximumDifferingRatio = value }
    case .maxDiffPixels:
      let text = try reader.value(for: option)
      guard let count = Int(text), count >= 0 else {
        throw UsageError(
          description: "\(Option.maxDiffPixels): '\(text)' is not a count of pixels from 0, like 25"
        )
      }
      maximumDifferingPixels = count
    case .includeAntiAliasing: includesAntiAliasing = try option.flag()
    case .check:
      checkPath = try CommandLineOptions.checkedInputPath(
        try reader.value(for: option), option: name)
    case .update: updates = try option.flag()
    case .reporter:
      let text = try reader.value(for: option)
      guard let reporter = SuiteReporter(text) else {
        throw UsageError(
          description: "\(name): '\(text)' is not a reporter; give \(SuiteReporter.names), "
            + "with =FILE to write to a file")
      }
      if let file = reporter.file {
        _ = try CommandLineOptions.checkedOutputPath(file, option: name)
      }
      reporters.append(reporter)
    case .shard:
      let text = try reader.value(for: option)
      guard let shard = SuiteSelection.Shard(text) else {
        throw UsageError(
          description: "\(name): '\(text)' is not a shard; give I/N, 1 ≤ I ≤ N ≤ 1000, like 2/4")
      }
      selection.shard = shard
    case .grep, .grepInvert:
      let pattern = try reader.value(for: option)
      if let problem = SuiteSelection.patternProblem(pattern) {
        throw UsageError(description: "\(name): \(problem)")
      }
      if name == .grep { selection.grep = pattern } else { selection.grepInvert = pattern }
    case .lastFailed: selection.lastFailed = try option.flag()
    case .mergeReports:
      // The folders: up to the next option.
      var folders = [try reader.value(for: option)]
      while let word = reader.remaining.first, !word.hasPrefix("--") {
        folders.append(word)
        reader.remaining.removeFirst()
      }
      mergeFolders = try folders.map { folder throws(UsageError) in
        guard CommandLineOptions.isFolder(folder) else {
          throw UsageError(description: "\(name): \(folder) is not a folder")
        }
        return folder
      }
    case .report:
      reportDirectory = try CommandLineOptions.checkedFolder(
        try reader.value(for: option), option: name)
    default: return false
    }
    return true
  }

  // MARK: Kiosk and bench

  /// How the program runs when it is not writing images: the kiosk and the bench.
  private mutating func takeRun(
    _ option: OptionWord, _ reader: inout ArgumentReader
  ) throws(UsageError) -> Bool {
    switch option.name {
    case .kiosk: isKiosk = try option.flag()
    case .stdin: readsStandardInput = try option.flag()
    case .bench: isBench = try option.flag()
    case .noBaseline: runsBaseline = !(try option.flag())
    case .cycle:
      let text = try reader.value(for: option)
      guard let seconds = Double(text), seconds.isFinite, (1...86_400).contains(seconds) else {
        throw UsageError(
          description: "\(Option.cycle): '\(text)' is not a time; give seconds from 1 to 86400")
      }
      cycle = seconds
    case .content: contentPath = try reader.value(for: option)
    case .control:
      let text = try reader.value(for: option)
      guard !text.isEmpty else {
        throw UsageError(description: "\(Option.control): give a socket's path, or none")
      }
      control = text
    case .send:
      // The command's words up to the next option, as one argument ('show 4', split at its
      // first space only, so a screenshot's path may hold spaces) or several.
      guard option.attached != nil || reader.remaining.first?.hasPrefix("--") == false else {
        throw UsageError(
          description: "\(Option.send) needs a command: \(ControlCommand.usage)")
      }
      let first = try reader.value(for: option)
      var words = first.split(maxSplits: 1, whereSeparator: \.isWhitespace).map {
        String($0.trimmingPrefix { $0.isWhitespace })
      }
      while let word = reader.remaining.first, !word.hasPrefix("--") {
        words.append(word)
        reader.remaining.removeFirst()
      }
      sendWords = words
    case .stdinFormat:
      let text = try reader.value(for: option)
      guard let format = StreamFormat(rawValue: text) else {
        throw UsageError(
          description:
            "\(Option.stdinFormat): '\(text)' is not a format; use auto, text, sse or ndjson")
      }
      stdinFormat = format
    case .recordTrace:
      traceRecording = try CommandLineOptions.checkedOutputPath(
        try reader.value(for: option), option: option.name)
    case .playLog:
      playLog = try CommandLineOptions.checkedOutputPath(
        try reader.value(for: option), option: option.name)
    case .renderer:
      let text = try reader.value(for: option)
      guard let chosen = WindowRenderer(rawValue: text) else {
        throw UsageError(
          description:
            "\(Option.renderer): '\(text)' is not a renderer; use auto, software or opengl")
      }
      renderer = chosen
    case .characters:
      let text = try reader.value(for: option)
      guard let count = Int(text), (1...1_000_000).contains(count) else {
        throw UsageError(
          description: "\(Option.characters): '\(text)' is not a number from 1 to 1000000")
      }
      settings[StressSettings.self].characters = count
    default: return false
    }
    return true
  }

  // MARK: The look

  /// What is drawn and how it looks: the scene, its canvas, its settings and its text.
  private mutating func takeLook(
    _ option: OptionWord, _ reader: inout ArgumentReader
  ) throws(UsageError) -> Bool {
    let name = option.name
    switch name {
    case .scene:
      let text = try reader.value(for: option)
      guard let kind = SceneKind(rawValue: text) else {
        throw UsageError(description: "\(Option.scene): \(SceneKind.refusal(of: text))")
      }
      scene = kind
    case .size:
      size = try CommandLineOptions.parseSize(try reader.value(for: option))
      sizeGiven = true
    case .scale:
      scale = try CommandLineOptions.parseScale(try reader.value(for: option))
      scaleGiven = true
    case .seed:
      let text = try reader.value(for: option)
      guard let seed = UInt64(text) else {
        throw UsageError(
          description: "\(Option.seed): '\(text)' is not a whole number from 0 to 2^64-1")
      }
      settings.seed = seed
    case .reduceMotion: settings.reduceMotion = try option.flag()
    case .increaseContrast: settings.increaseContrast = try option.flag()
    case .followDesktop, .noFollowDesktop:
      // A switch each, as is the convention; the older `--follow-desktop yes|no` still reads.
      var wanted = name == .followDesktop
      let older =
        option.attached ?? reader.remaining.first.flatMap { ["yes", "no"].contains($0) ? $0 : nil }
      if name == .followDesktop, let older {
        if option.attached == nil { reader.remaining.removeFirst() }
        guard let follows = ["yes": true, "no": false][older] else {
          throw UsageError(
            description: "\(Option.followDesktop) takes no value; to turn it off, give "
              + "\(Option.noFollowDesktop)")
        }
        wanted = follows
      } else {
        _ = try option.flag()
      }
      if let followsDesktop, followsDesktop != wanted {
        throw UsageError(
          description: "\(Option.followDesktop) and \(Option.noFollowDesktop) contradict each other"
        )
      }
      followsDesktop = wanted
    case .chrome, .noChrome:
      _ = try option.flag()
      let wanted = name == .chrome
      if let chrome, chrome != wanted {
        throw UsageError(
          description: "\(Option.chrome) and \(Option.noChrome) contradict each other")
      }
      chrome = wanted
    case .appearance:
      let text = try reader.value(for: option)
      guard let appearance = Appearance(rawValue: text) else {
        throw UsageError(
          description: "\(Option.appearance): '\(text)' is not an appearance; use dark or light")
      }
      settings.appearance = appearance
    case .markdown: settings[StreamingSettings.self].isMarkdown = try option.flag()
    case .reasoning:
      let text = try reader.value(for: option)
      guard let display = ReasoningDisplay(rawValue: text) else {
        throw UsageError(
          description: "\(Option.reasoning): '\(text)' is not a way to show reasoning; use "
            + "show, fold or hide")
      }
      settings[StreamingSettings.self].reasoning = display
    case .question:
      let question = try reader.value(for: option)
      guard question.utf8.count <= DisplayText.inputByteLimit else {
        throw UsageError(
          description: "\(Option.question) is longer than \(InputFile.limitName), the most "
            + "text-effects reads; give a shorter question")
      }
      settings[StreamingSettings.self].question = DisplayText.bounded(question).text
    case .font:
      let font = try reader.value(for: option)
      guard !font.isEmpty else {
        throw UsageError(
          description: "\(Option.font): give a font file's path or a family name, not nothing")
      }
      settings.fontName = font
    case .lang:
      let text = try reader.value(for: option)
      guard let tag = LanguageTag(text) else {
        throw UsageError(
          description: "\(Option.lang): '\(text)' is not a language tag; give one as BCP 47 "
            + "writes it, such as ja, zh-Hant or pt-BR")
      }
      settings.language = tag.description
    case .text, .textFile: try takeText(option, try reader.value(for: option))
    case .trace: try takeTrace(try reader.value(for: option))
    default: return false
    }
    return true
  }

  // MARK: Choices

  /// What follows the desktop, with the settings the command line gave held as given.
  var following: DesktopFollowing {
    DesktopFollowing(
      givenOnCommandLine: Set(
        FollowedSetting.allCases.filter { $0.option.map(names.contains) ?? false }))
  }

  private mutating func choose(output option: Option, _ path: String) throws(UsageError) {
    if let output {
      throw UsageError(description: "\(option): \(output.option) already chose the output")
    }
    output = (option, path)
  }

  mutating func choose(times option: Option, _ list: [Double]) throws(UsageError) {
    if let times {
      throw UsageError(description: "\(option): \(times.option) already gave times")
    }
    times = (option, list)
  }
}
