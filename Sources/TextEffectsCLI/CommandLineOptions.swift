import Foundation
import TextEffects

/// A bad argument: which one and why, in one line.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public let description: String
}

/// Reads the arguments (`--name value` or `--name=value`) into an `Invocation`.
///
/// Written by hand: swift-argument-parser is not part of the toolchain, and only Debian's
/// packages and PyPI can be reached to build this program.
public enum CommandLineOptions {
  public static let version = "0.1.0"
  public static let defaultSize = Size(width: 900, height: 600)
  public static let largestSide = 8192.0
  public static let largestScale = 8.0

  /// Times from `--at`, `--frames` and `--times` stay below this (31 years of scene time), so
  /// every clock and label built from them keeps its digits and fits its integers.
  public static let latestTime = 1e9

  /// The limit as people write it, for messages.
  static let latestTimeName = "1,000,000,000"

  /// More frames than this in one sequence is surely a mistake in STEP.
  public static let largestFrameCount = 100_000

  /// The help: the options, then the window's keys as the key map lists them.
  public static let usage =
    options + "\nkeys in the window (? or F1 shows them there too):\n" + keys

  /// One line a help row, keys padded to a column, so the list is the key map's own.
  static var keys: String {
    let width = (KeyMap.help.map(\.keys.count).max() ?? 0) + 2
    return KeyMap.help.map { row in
      "  " + row.keys + String(repeating: " ", count: width - row.keys.count) + row.action + "\n"
    }.joined()
  }

  static let options = """
    usage: text-effects [options]
      Plays the text effects in a window; with --screenshot, --out or --contact-sheet, writes
      PNG images headless instead.

    options:
      --scene NAME         typewriter, glitch, streaming, or stress (default: typewriter)
      --screenshot FILE    write the frame at --at to FILE as a PNG and exit; needs no display
      --at SECONDS         the time since the scene started, for --screenshot (default: 0);
                           in the window, the clock holds there, in every scene
      --frames A:B:STEP    the times A, A+STEP, ... up to B, for --out or --contact-sheet
      --times T1,T2,...    chosen times instead, for --out or --contact-sheet
      --out DIR            write the frames as DIR/frame-00000.png, ...; DIR is made if the
                           folder it is in exists
      --contact-sheet FILE tile the frames in one PNG, each labelled with its time
      --columns N          tiles a row in the contact sheet (default: the square root)
      --kiosk              fullscreen, no controls, scenes cycling; Ctrl+Alt+Q quits
      --cycle SECONDS      how long each kiosk item stays, 1 to 86400 (default: 15)
      --content FILE       the kiosk's items as JSON (see examples/kiosk.json), read again
                           whenever the file changes; a bad edit keeps what is on screen
      --stdin              stream standard input into the streaming scene as it arrives
      --bench              time N frames of the scene (60 a second of scene time), then the
                           same frames drawn the naive way; prints the figures
      --frames N           with --bench, how many frames (default: 600)
      --renderer NAME      how the window and the kiosk draw: auto (the default), software
                           (only what changes; no GPU needed) or opengl (whole frames);
                           with --bench: software (offscreen) or opengl (a window)
      --no-baseline        with --bench, skip the naive way
      --characters N       how many characters the stress scene streams (default: 10000)
      --compare A B        compare two PNGs as the test goldens are: exit 0 when they match,
                           1 when they differ, 2 when one cannot be read
      --diff FILE          with --compare, write an image marking the differing pixels
      --size WxH           the canvas in points, each side 1 to 8192 (default: 900x600)
      --scale K            pixels per point, above 0 and up to 8 (default: 1)
      --reduce-motion      each effect keeps its still look, as with Reduce Motion on
      --appearance MODE    dark or light (default: dark): the streaming scene's colours and the
                           controls'; the other scenes' system colours take its shade
      --seed N             picks the streaming demo's chunk timing, 0 to 2^64-1 (default: 0)
      --text STRING        the scene's text instead of the demo's: the typewriter's lines, one
                           per line; the glitch's large line, then the line below; the streamed answer
      --text-file FILE     the same, read from FILE as UTF-8 (its final line break is dropped)
      --question STRING    the streaming scene's question, in its bubble; "" hides the bubble
      --no-chrome          the window shows the scene alone, as a screenshot does
      --chrome             a screenshot shows the window's tabs and status line too
      --help, -h           show this help and exit
      --version            show the version and exit

    An option that would do nothing where it is given (--columns without --contact-sheet,
    --question with another scene than streaming) is refused, as is a value out of range.

    """

  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var given: [String] = []
    let invocation = try interpret(arguments, given: &given)
    try OptionRules.check(given, in: invocation)
    return invocation
  }

  /// What `arguments` ask for, with the options given, in order, in `given`.
  private static func interpret(
    _ arguments: [String], given: inout [String]
  ) throws(UsageError) -> Invocation {
    var scene = SceneKind.typewriter
    var settings = SceneSettings()
    var size = defaultSize
    var scale = 1.0
    var time: Double?
    var chrome: Bool?
    var textSource: String?
    var output: (option: String, path: String)?
    var times: (option: String, list: [Double])?
    var columns: Int?
    var comparison: (expected: String, actual: String)?
    var isKiosk = false
    var isBench = false
    var framesText: String?
    var renderer: String?
    var runsBaseline = true
    var sizeGiven = false
    var readsStandardInput = false
    var cycle: Double?
    var contentPath: String?
    var scaleGiven = false
    var diff: String?

    func choose(output option: String, _ path: String) throws(UsageError) {
      if let output {
        throw UsageError(description: "\(option): \(output.option) already chose the output")
      }
      output = (option, path)
    }
    func choose(times option: String, _ list: [Double]) throws(UsageError) {
      if let times {
        throw UsageError(description: "\(option): \(times.option) already gave times")
      }
      times = (option, list)
    }

    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (name, attached) = split(argument)
      given.append(name)
      func value() throws(UsageError) -> String {
        if let attached { return attached }
        guard let next = remaining.popFirst() else {
          throw UsageError(description: "\(name) needs a value")
        }
        return next
      }
      switch name {
      case "--help", "-h": return .help
      case "--version": return .version
      case "--scene":
        let text = try value()
        guard let kind = SceneKind(rawValue: text) else {
          throw UsageError(
            description:
              "--scene: '\(text)' is not a scene; use typewriter, glitch, streaming or stress")
        }
        scene = kind
      case "--screenshot", "--contact-sheet":
        try choose(output: name, try checkedOutputPath(try value(), option: name))
      case "--out": try choose(output: name, try checkedFolder(try value()))
      case "--frames": framesText = try value()
      case "--bench":
        try flag(name, attached)
        isBench = true
      case "--no-baseline":
        try flag(name, attached)
        runsBaseline = false
      case "--renderer":
        let text = try value()
        guard WindowRenderer(rawValue: text) != nil else {
          throw UsageError(
            description: "--renderer: '\(text)' is not a renderer; use auto, software or opengl")
        }
        renderer = text
      case "--characters":
        let text = try value()
        guard let count = Int(text), (1...1_000_000).contains(count) else {
          throw UsageError(description: "--characters: '\(text)' is not a number from 1 to 1000000")
        }
        settings.stressCharacters = count
      case "--times": try choose(times: name, try TimeList.list(try value()))
      case "--compare":
        let expected = try value()
        guard let actual = remaining.popFirst() else {
          throw UsageError(description: "--compare needs two PNG files: EXPECTED ACTUAL")
        }
        comparison = (
          try checkedInputPath(expected, option: name), try checkedInputPath(actual, option: name)
        )
      case "--diff": diff = try checkedOutputPath(try value(), option: name)
      case "--columns":
        let text = try value()
        guard let count = Int(text), (1...100).contains(count) else {
          throw UsageError(description: "--columns: '\(text)' is not a number from 1 to 100")
        }
        columns = count
      case "--at": time = try seconds(try value())
      case "--size":
        size = try parseSize(try value())
        sizeGiven = true
      case "--scale":
        scale = try parseScale(try value())
        scaleGiven = true
      case "--kiosk":
        try flag(name, attached)
        isKiosk = true
      case "--stdin":
        try flag(name, attached)
        readsStandardInput = true
      case "--cycle":
        let text = try value()
        guard let seconds = Double(text), seconds.isFinite, (1...86_400).contains(seconds) else {
          throw UsageError(
            description: "--cycle: '\(text)' is not a time; give seconds from 1 to 86400")
        }
        cycle = seconds
      case "--content": contentPath = try value()
      case "--seed":
        let text = try value()
        guard let seed = UInt64(text) else {
          throw UsageError(description: "--seed: '\(text)' is not a whole number from 0 to 2^64-1")
        }
        settings.seed = seed
      case "--reduce-motion":
        try flag(name, attached)
        settings.reduceMotion = true
      case "--chrome", "--no-chrome":
        try flag(name, attached)
        if let chrome, chrome != (name == "--chrome") {
          throw UsageError(description: "--chrome and --no-chrome contradict each other")
        }
        chrome = name == "--chrome"
      case "--question":
        let question = try value()
        guard question.utf8.count <= DisplayText.inputByteLimit else {
          throw UsageError(
            description: "--question is longer than \(InputFile.limitName), the most "
              + "text-effects reads; give a shorter question")
        }
        settings.question = DisplayText.bounded(question).text
      case "--appearance":
        let text = try value()
        guard let appearance = Appearance(rawValue: text) else {
          throw UsageError(
            description: "--appearance: '\(text)' is not an appearance; use dark or light")
        }
        settings.appearance = appearance
      case "--text", "--text-file":
        if let textSource {
          throw UsageError(description: "\(name): the text was already given by \(textSource)")
        }
        textSource = name
        let given = try value()
        if name == "--text", given.utf8.count > DisplayText.inputByteLimit {
          throw UsageError(
            description: "--text is longer than \(InputFile.limitName), the most text-effects "
              + "reads; give a shorter text")
        }
        let text = name == "--text" ? given : try readText(given)
        guard !text.isEmpty else { throw UsageError(description: "\(name): the text is empty") }
        // Cut here, once, to what a scene shows: a scene's own cut is then nearly free.
        settings.customText = DisplayText.bounded(text).text
      default:
        throw UsageError(
          description: "'\(argument)' is not an option of text-effects; "
            + "text-effects --help lists them")
      }
    }

    if size.width * scale > largestSide || size.height * scale > largestSide {
      throw UsageError(
        description: "--size \(Int(size.width))x\(Int(size.height)) at --scale \(scale) is "
          + "larger than \(Int(largestSide)) pixels a side")
    }
    if size.width * scale < 1 || size.height * scale < 1 {
      throw UsageError(
        description: "--size \(Int(size.width))x\(Int(size.height)) at --scale \(scale) is "
          + "smaller than 1 pixel a side")
    }
    if let comparison {
      return .compare(expected: comparison.expected, actual: comparison.actual, diff: diff)
    }
    if isBench {
      var frames = 600
      if let framesText {
        guard let count = Int(framesText), (1...100_000).contains(count) else {
          throw UsageError(
            description: "--frames: '\(framesText)' is not a frame count from 1 to 100000")
        }
        frames = count
      }
      let benchSize =
        sizeGiven
        ? size
        : scene == .stress ? Size(width: 1920, height: 1080) : Size(width: 1280, height: 800)
      if renderer == WindowRenderer.auto.rawValue {
        throw UsageError(
          description: "--renderer auto is for the window and the kiosk; "
            + "the bench takes software or opengl")
      }
      return .bench(
        BenchRequest(
          scene: scene, settings: settings, frames: frames, size: benchSize, scale: scale,
          renderer: renderer ?? "software", runsBaseline: runsBaseline))
    }
    if let framesText { try choose(times: "--frames", try TimeList.range(framesText)) }
    let windowRenderer = renderer.flatMap(WindowRenderer.init(rawValue:)) ?? .auto
    if isKiosk || readsStandardInput || cycle != nil || contentPath != nil {
      var request = try kioskRequest(
        isKiosk: isKiosk, readsStandardInput: readsStandardInput, cycle: cycle,
        contentPath: contentPath, output: output?.option, scale: scaleGiven ? scale : nil,
        size: size, scene: scene, settings: settings)
      request.renderer = windowRenderer
      return .kiosk(request)
    }
    let render = RenderRequest(
      scene: scene, settings: settings, size: size, scale: scale, showsChrome: chrome ?? false)
    switch output?.option {
    case nil:
      if let times {
        throw UsageError(description: "\(times.option) needs --out or --contact-sheet")
      }
      return .window(
        WindowRequest(
          scene: scene, settings: settings, size: size, scale: scale,
          showsChrome: chrome ?? true, frozenTime: time, renderer: windowRenderer))
    case "--screenshot":
      return .screenshot(path: output!.path, time: time ?? 0, render)
    default:
      guard let times else {
        throw UsageError(
          description: "\(output!.option) needs --frames A:B:STEP or --times T1,T2,...")
      }
      guard output!.option == "--contact-sheet" else {
        return .frames(directory: output!.path, times: times.list, render)
      }
      let sheet = ContactSheetLayout(
        count: times.list.count, columns: columns, frameWidth: Int((size.width * scale).rounded()),
        frameHeight: Int((size.height * scale).rounded()), scale: scale)
      guard sheet.width <= 16384, sheet.height <= 16384 else {
        throw UsageError(
          description: "--contact-sheet: \(times.list.count) frames make a sheet of "
            + "\(sheet.width)x\(sheet.height) pixels, over 16384 a side; use fewer "
            + "frames, --columns, or a smaller --size or --scale")
      }
      return .contactSheet(path: output!.path, times: times.list, columns: sheet.columns, render)
    }
  }

  private static func flag(_ name: String, _ attached: String?) throws(UsageError) {
    guard attached == nil else { throw UsageError(description: "\(name) takes no value") }
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func seconds(_ text: String) throws(UsageError) -> Double {
    guard let value = Double(text), value >= 0, value < latestTime else {
      throw UsageError(
        description: "--at: '\(text)' is not a time; give seconds from 0 to below "
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
        description: "--size: '\(text)' is not a size; give WIDTHxHEIGHT in points, "
          + "each from 1 to \(Int(largestSide)), like 900x600")
    }
    return Size(width: Double(width), height: Double(height))
  }

  private static func parseScale(_ text: String) throws(UsageError) -> Double {
    guard let value = Double(text), value.isFinite, value > 0, value <= largestScale else {
      throw UsageError(
        description: "--scale: '\(text)' is not a scale; give a number above 0 and up to "
          + "\(Int(largestScale)), like 2")
    }
    return value
  }

}
