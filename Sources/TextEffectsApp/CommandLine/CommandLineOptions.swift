import FoundationEssentials
import TextEffects

/// A bad argument: which one and why, in one line.
package struct UsageError: Error, Equatable, CustomStringConvertible {
  package let description: String
}

/// Reads the arguments (`--name value` or `--name=value`) into an `Invocation`.
///
/// Written by hand: swift-argument-parser is not part of the toolchain, and only Debian's
/// packages and PyPI can be reached to build this program.
package enum CommandLineOptions {
  package static let version = "0.1.0"
  package static let defaultSize = RenderLimits.defaultSize
  package static let largestSide = RenderLimits.largestSide
  package static let largestScale = RenderLimits.largestScale
  /// Times from `--at`, `--frames` and `--times` stay below this.
  package static let latestTime = RenderLimits.latestTime
  static let latestTimeName = RenderLimits.latestTimeName

  /// More frames than this in one sequence is surely a mistake in STEP.
  package static let largestFrameCount = 100_000

  /// Reads `arguments` in two steps: each option on its own, then what they ask for together;
  /// an option that would do nothing there is refused by the option rules. The text is in
  /// `locale`'s language (the environment's) unless `--lang` says another.
  package static func parse(_ arguments: [String], locale: LanguageTag? = nil) throws(UsageError)
    -> Invocation
  {
    var given = try GivenOptions(arguments)
    if given.settings.language == nil { given.settings.language = locale?.description }
    if let answer = given.answer { return answer }
    let invocation = try resolve(given)
    try OptionRules.check(given.names, in: invocation)
    return invocation
  }

  /// What the options ask for together: a comparison, the bench, the kiosk, images or the
  /// window, in that order of precedence.
  static func resolve(_ given: GivenOptions) throws(UsageError) -> Invocation {
    try checkPixels(size: given.size, scale: given.scale)
    if let words = given.sendWords { return try sendInvocation(words, socket: given.control) }
    if let problem = SuiteReporter.problem(with: given.reporters) {
      throw UsageError(description: "\(Option.reporter): \(problem)")
    }
    let reporters = given.reporters.isEmpty ? [SuiteReporter(.line)] : given.reporters
    if let folders = given.mergeFolders {
      if given.checkPath != nil {
        throw UsageError(
          description: "\(Option.mergeReports) and \(Option.check) do not mix: check each shard, "
            + "then merge their reports")
      }
      return .merge(
        MergeRequest(
          folders: folders, reportDirectory: given.reportDirectory, reporters: reporters))
    }
    if let checkPath = given.checkPath {
      if given.comparison != nil {
        throw UsageError(description: "\(Option.check) and \(Option.compare) do not mix; give one")
      }
      var request = try checkRequest(given, path: checkPath)
      request.reporters = reporters
      request.selection = given.selection
      return .check(request)
    }
    if let comparison = given.comparison {
      return .compare(
        expected: comparison.expected, actual: comparison.actual, diff: given.diff,
        try given.tolerances())
    }
    if given.isBench { return .bench(try benchRequest(given)) }
    var given = given
    if let framesText = given.framesText {
      try given.choose(times: .frames, try TimeList.frames(framesText))
    }
    let renderer = given.renderer ?? .auto
    if given.isKiosk || given.readsStandardInput || given.cycle != nil || given.contentPath != nil
      || given.traceRecording != nil || given.playLog != nil || given.stdinFormat != nil
    {
      var request = try kioskRequest(
        isKiosk: given.isKiosk, readsStandardInput: given.readsStandardInput,
        stdinFormat: given.stdinFormat,
        traceRecording: given.traceRecording, playLog: given.playLog, cycle: given.cycle,
        contentPath: given.contentPath, output: given.output?.option,
        scale: given.scaleGiven ? given.scale : nil, size: given.size,
        settings: given.settings)
      request.renderer = renderer
      request.following = given.following
      request.followsDesktop = given.followsDesktop ?? true
      request.control = given.control
      return .kiosk(request)
    }
    guard let output = given.output else {
      if let times = given.times {
        throw UsageError(
          description:
            "\(times.option) needs \(Option.out), \(Option.animation) or \(Option.contactSheet)")
      }
      return .window(
        WindowRequest(
          scene: given.scene, settings: given.settings, size: given.size, scale: given.scale,
          showsChrome: given.chrome ?? true, frozenTime: given.time, renderer: renderer,
          following: given.following, followsDesktop: given.followsDesktop ?? true,
          control: given.control))
    }
    return try imageRequest(given, output: output)
  }

  /// `--send`: the command its words say, a screenshot's path made absolute from here.
  private static func sendInvocation(_ words: [String], socket: String?) throws(UsageError)
    -> Invocation
  {
    var words = words
    if words.first == "screenshot", words.count == 2, !words[1].hasPrefix("/") {
      words[1] = URL(fileURLWithPath: words[1]).path
    }
    if socket == "none" {
      throw UsageError(
        description: "\(Option.send) needs a socket; \(Option.control) none gives none")
    }
    do {
      return .send(try ControlCommand(words: words), socket: socket)
    } catch {
      throw UsageError(description: "\(Option.send): \(error.description)")
    }
  }

  /// A canvas of at least one pixel and at most `largestSide` a side, once scaled.
  private static func checkPixels(size: Size, scale: Double) throws(UsageError) {
    let named = "\(Option.size) \(Int(size.width))x\(Int(size.height)) at \(Option.scale) \(scale)"
    if size.width * scale > largestSide || size.height * scale > largestSide {
      throw UsageError(description: "\(named) is larger than \(Int(largestSide)) pixels a side")
    }
    if size.width * scale < 1 || size.height * scale < 1 {
      throw UsageError(description: "\(named) is smaller than 1 pixel a side")
    }
  }

  /// `--bench`: its frames' times (600 frames, 60 a second, unless `--frames` says), a large
  /// default canvas, and a renderer it can time.
  private static func benchRequest(_ given: GivenOptions) throws(UsageError) -> BenchRequest {
    let times =
      try given.framesText.map(TimeList.frames) ?? TimeList.frames(BenchRequest.defaultFrames)
    let size = given.sizeGiven ? given.size : given.scene.effect.benchSize
    var renderer = BenchRequest.Renderer.software
    if let chosen = given.renderer {
      guard let taken = BenchRequest.Renderer(rawValue: chosen.rawValue) else {
        throw UsageError(
          description: "\(Option.renderer) \(chosen) is for the window and the kiosk; "
            + "the bench takes software or opengl")
      }
      renderer = taken
    }
    return BenchRequest(
      scene: given.scene, settings: given.settings, times: times, size: size,
      scale: given.scale, renderer: renderer, runsBaseline: given.runsBaseline)
  }

  /// `--screenshot`, `--out` or `--contact-sheet`, with the times the last two need.
  private static func imageRequest(
    _ given: GivenOptions, output: (option: Option, path: String)
  ) throws(UsageError) -> Invocation {
    let render = RenderRequest(
      scene: given.scene, settings: given.settings, size: given.size, scale: given.scale,
      showsChrome: given.chrome ?? false)
    if output.option == .screenshot {
      return .screenshot(path: output.path, time: given.time ?? 0, render)
    }
    guard let times = given.times?.list else {
      throw UsageError(
        description: "\(output.option) needs \(Option.frames) A:B:STEP or \(Option.times) T1,T2,..."
      )
    }
    if output.option == .animation {
      guard FrameDelays.delays(of: times) != nil else {
        throw UsageError(
          description:
            "\(Option.animation) plays the times in order; give \(Option.times) that increase")
      }
      return .animation(path: output.path, times: times, render)
    }
    guard output.option == .contactSheet else {
      return .frames(directory: output.path, times: times, render)
    }
    let sheet = ContactSheetLayout(
      count: times.count, columns: given.columns,
      frameWidth: Int((given.size.width * given.scale).rounded()),
      frameHeight: Int((given.size.height * given.scale).rounded()), scale: given.scale)
    guard sheet.width <= 16384, sheet.height <= 16384 else {
      throw UsageError(
        description: "\(Option.contactSheet): \(times.count) frames make a sheet of "
          + "\(sheet.width)x\(sheet.height) pixels, over 16384 a side; use fewer "
          + "frames, \(Option.columns), or a smaller \(Option.size) or \(Option.scale)")
    }
    return .contactSheet(path: output.path, times: times, columns: sheet.columns, render)
  }

  static func seconds(_ text: String) throws(UsageError) -> Double {
    guard let value = Double(text), value >= 0, value < latestTime else {
      throw UsageError(
        description: "\(Option.at): '\(text)' is not a time; give seconds from 0 to below "
          + "\(latestTimeName), like 1.25")
    }
    return value
  }

  static func parseSize(_ text: String) throws(UsageError) -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (1...Int(largestSide)).contains(width), (1...Int(largestSide)).contains(height)
    else {
      throw UsageError(
        description: "\(Option.size): '\(text)' is not a size; give WIDTHxHEIGHT in points, "
          + "each from 1 to \(Int(largestSide)), like 900x600")
    }
    return Size(width: Double(width), height: Double(height))
  }

  static func parseScale(_ text: String) throws(UsageError) -> Double {
    guard let value = Double(text), value.isFinite, value > 0, value <= largestScale else {
      throw UsageError(
        description: "\(Option.scale): '\(text)' is not a scale; give a number above 0 and up to "
          + "\(Int(largestScale)), like 2")
    }
    return value
  }

}
