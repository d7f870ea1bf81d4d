import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// Why the command line refuses `arguments`, in its one line; nil when it takes them.
func usageError(_ arguments: [String]) -> String? {
  do {
    _ = try CommandLineOptions.parse(arguments)
    return nil
  } catch {
    return error.description
  }
}

@Suite struct CommandLineOptionsTests {
  @Test func noArgumentsOpensTheShowcase() throws {
    let invocation = try CommandLineOptions.parse([])
    #expect(
      invocation
        == .window(
          WindowRequest(
            scene: .typewriter, settings: SceneSettings(), size: Size(width: 900, height: 600),
            scale: 1, showsChrome: true, frozenTime: nil)))
  }

  @Test func screenshotWithEveryOption() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("shot.png").path
    let invocation = try CommandLineOptions.parse([
      "--screenshot", path, "--at", "1.25", "--scene=streaming", "--size", "640x480",
      "--scale", "2", "--reduce-motion", "--seed", "42",
    ])
    #expect(
      invocation
        == .screenshot(
          path: path, time: 1.25,
          RenderRequest(
            scene: .streaming, settings: SceneSettings(reduceMotion: true, seed: 42),
            size: Size(width: 640, height: 480), scale: 2, showsChrome: false)))
  }

  /// The window and the kiosk follow the desktop unless told not to; what the command line
  /// gives is marked as given, so the desktop does not change it.
  @Test func followingTheDesktop() throws {
    guard case .window(let plain) = try CommandLineOptions.parse([]),
      case .window(let off) = try CommandLineOptions.parse(["--follow-desktop", "no"]),
      case .window(let given) = try CommandLineOptions.parse([
        "--appearance", "light", "--increase-contrast", "--follow-desktop=yes",
      ]),
      case .kiosk(let kiosk) = try CommandLineOptions.parse([
        "--kiosk", "--reduce-motion", "--follow-desktop", "no",
      ]),
      // The conventional switches, and the older spelling above.
      case .window(let switchedOff) = try CommandLineOptions.parse(["--no-follow-desktop"]),
      case .kiosk(let switchedOn) = try CommandLineOptions.parse([
        "--kiosk", "--follow-desktop", "--cycle", "5",
      ])
    else {
      Issue.record("expected windows and a kiosk")
      return
    }
    #expect(plain.followsDesktop && !off.followsDesktop && given.followsDesktop)
    #expect(!kiosk.followsDesktop && !switchedOff.followsDesktop && switchedOn.followsDesktop)
    #expect(FollowedSetting.allCases.allSatisfy { plain.following.source(of: $0) == .standard })
    #expect(given.following.source(of: .appearance) == .commandLine)
    #expect(given.following.source(of: .contrast) == .commandLine)
    #expect(given.following.source(of: .reduceMotion) == .standard)
    #expect(given.settings.increaseContrast && given.settings.appearance == .light)
    #expect(kiosk.following.source(of: .reduceMotion) == .commandLine)
  }

  @Test func chromeIsOnInTheWindowAndOffInScreenshots() throws {
    guard case .window(let window) = try CommandLineOptions.parse(["--no-chrome"]),
      case .screenshot(_, _, let plain) = try CommandLineOptions.parse([
        "--screenshot", "/tmp/a.png",
      ]),
      case .screenshot(_, _, let chrome) = try CommandLineOptions.parse([
        "--screenshot", "/tmp/a.png", "--chrome",
      ])
    else {
      Issue.record("expected a window and screenshots")
      return
    }
    #expect(!window.showsChrome && !plain.showsChrome && chrome.showsChrome)
  }

  @Test func atHoldsTheWindowsClock() throws {
    guard case .window(let request) = try CommandLineOptions.parse(["--at", "2.5"]) else {
      Issue.record("expected a window")
      return
    }
    #expect(request.frozenTime == 2.5)
  }

  @Test func textAndAppearance() throws {
    guard
      case .window(let request) = try CommandLineOptions.parse([
        "--text", " a\tb\n\nc ", "--appearance", "light",
      ])
    else {
      Issue.record("expected a window")
      return
    }
    #expect(request.settings.customText == " a\tb\n\nc ")
    #expect(request.settings.appearance == .light)
  }

  /// The streaming scene's question, which only the kiosk's content could change before.
  @Test func questionIsTheStreamingScenesAndEmptyHidesIt() throws {
    for (given, expected) in [("Why is the sky blue?", "Why is the sky blue?"), ("", "")] {
      guard
        case .screenshot(_, _, let request) = try CommandLineOptions.parse([
          "--screenshot", "/tmp/q.png", "--scene", "streaming", "--question", given,
        ])
      else {
        Issue.record("expected a screenshot")
        return
      }
      #expect(request.settings[StreamingSettings.self].question == expected)
      let scene = StreamingScene(
        settings: request.settings, layouts: Typesetter(fonts: FakeMonospaceMetrics()))
      #expect(scene.questionText == expected)
    }
  }

  @Test func textFileIsReadExactlyButForItsLastLineBreak() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "text-effects-\(ProcessInfo.processInfo.processIdentifier).txt")
    try Data([0x6C, 0x69, 0x6E, 0x65, 0x20, 0x31, 0x0A, 0xFF, 0x0A, 0x0A]).write(to: path)
    guard case .window(let request) = try CommandLineOptions.parse(["--text-file", path.path])
    else {
      Issue.record("expected a window")
      return
    }
    #expect(request.settings.customText == "line 1\n\u{FFFD}\n")
  }

  @Test func framesGiveEveryStepWithBothEnds() throws {
    guard
      case .frames(let directory, let times, let render) = try CommandLineOptions.parse([
        "--frames", "0:1:0.1", "--out", "/tmp/frames-new", "--scene", "streaming",
      ])
    else {
      Issue.record("expected frames")
      return
    }
    #expect(directory == "/tmp/frames-new" && render.scene == .streaming)
    #expect(times.count == 11 && times.first == 0 && abs(times.last! - 1) < 1e-12)
  }

  /// `--frames` means one thing everywhere: the frames' times, as a range or as a count of
  /// frames 60 a second from 0, for the images and for the bench alike.
  @Test func framesAreARangeOrACountEverywhere() throws {
    let sixty = [0, 1.0 / 60, 2.0 / 60]
    guard
      case .frames(_, let counted, _) = try CommandLineOptions.parse([
        "--frames", "3", "--out", "/tmp/frames-new",
      ]),
      case .bench(let bench) = try CommandLineOptions.parse(["--bench", "--frames", "0:1:0.5"]),
      case .bench(let counted2) = try CommandLineOptions.parse(["--bench", "--frames", "3"])
    else {
      Issue.record("expected frames and benches")
      return
    }
    #expect(counted == sixty && counted2.times == sixty)
    #expect(bench.times == [0, 0.5, 1])
  }

  @Test func contactSheetTakesChosenTimesAndColumns() throws {
    guard
      case .contactSheet(let path, let times, let columns, _) = try CommandLineOptions.parse([
        "--contact-sheet", "/tmp/sheet.png", "--times", "0, 0.5,1.25", "--columns", "2",
      ])
    else {
      Issue.record("expected a contact sheet")
      return
    }
    #expect(path == "/tmp/sheet.png" && times == [0, 0.5, 1.25] && columns == 2)
  }

  @Test func contactSheetColumnsDefaultToASquare() throws {
    guard
      case .contactSheet(_, _, let columns, _) = try CommandLineOptions.parse([
        "--contact-sheet", "/tmp/sheet.png", "--frames", "0:0.9:0.1", "--size", "100x100",
      ])
    else {
      Issue.record("expected a contact sheet")
      return
    }
    #expect(columns == 4)  // 10 frames: 4 by 3
  }

  /// Any two files that exist: whether they are PNGs is for the comparison to find.
  @Test func compareTakesTwoFilesAndAnOptionalDiff() throws {
    let (a, b) = ("/etc/hostname", "/etc/passwd")
    #expect(
      try CommandLineOptions.parse(["--compare", a, b, "--diff", "/tmp/d.png"])
        == .compare(expected: a, actual: b, diff: "/tmp/d.png", ImageComparison()))
    #expect(
      try CommandLineOptions.parse(["--compare", a, b])
        == .compare(expected: a, actual: b, diff: nil, ImageComparison()))
  }

  /// Playwright's tolerances, each as given; the defaults are the goldens' own.
  @Test func compareTakesTolerances() throws {
    let (a, b) = ("/etc/hostname", "/etc/passwd")
    #expect(
      try CommandLineOptions.parse([
        "--compare", a, b, "--threshold", "0.2", "--max-diff-pixels", "25",
        "--include-anti-aliasing",
      ])
        == .compare(
          expected: a, actual: b, diff: nil,
          ImageComparison(
            threshold: 0.2, maximumDifferingPixels: 25, ignoresAntiAliasing: false)))
    #expect(
      try CommandLineOptions.parse(["--compare", a, b, "--max-diff-ratio", "0.01"])
        == .compare(
          expected: a, actual: b, diff: nil, ImageComparison(maximumDifferingRatio: 0.01)))
  }

  @Test func kioskCyclesTheDemosFullscreenWithTextThatFollowsTheDisplay() throws {
    guard case .kiosk(let kiosk) = try CommandLineOptions.parse(["--kiosk", "--cycle", "20"])
    else {
      Issue.record("expected a kiosk")
      return
    }
    #expect(kiosk.isFullscreen && kiosk.scale == nil && kiosk.cycle == 20)
    #expect(kiosk.content.items.map(\.scene) == SceneKind.demos)
    #expect(kiosk.content.items.allSatisfy { !$0.settings[StreamingSettings.self].showsAskAgain })
  }

  @Test func kioskReadsItsContentFile() throws {
    guard
      case .kiosk(let kiosk) = try CommandLineOptions.parse([
        "--kiosk", "--content", exampleContent.path, "--scale", "3",
      ])
    else {
      Issue.record("expected a kiosk")
      return
    }
    #expect(kiosk.contentPath == exampleContent.path && kiosk.content.items.count == 4)
    #expect(kiosk.scale == 3)
  }

  @Test func standardInputStreamsInAWindowOrAKiosk() throws {
    guard case .kiosk(let windowed) = try CommandLineOptions.parse(["--stdin"]) else {
      Issue.record("expected a live window")
      return
    }
    #expect(!windowed.isFullscreen && windowed.readsStandardInput && windowed.scale == 1)
    #expect(windowed.content.items.map(\.scene) == [.streaming])
    #expect(windowed.content.items[0].duration == .infinity)
    #expect(windowed.content.items[0].settings[StreamingSettings.self].question == "")
  }

  @Test func benchDefaultsToSixHundredSoftwareFramesAt1280By800() throws {
    #expect(
      try CommandLineOptions.parse(["--bench", "--scene", "streaming"])
        == .bench(
          BenchRequest(
            scene: .streaming, settings: SceneSettings(),
            times: (0..<600).map { Double($0) / 60 },
            size: Size(width: 1280, height: 800), scale: 1, renderer: .software,
            runsBaseline: true)))
    guard
      case .bench(let stress) = try CommandLineOptions.parse([
        "--bench", "--scene", "stress", "--frames", "30", "--renderer", "opengl", "--no-baseline",
        "--characters", "100000",
      ])
    else {
      Issue.record("expected a bench")
      return
    }
    #expect(stress.size == Size(width: 1920, height: 1080) && stress.times.count == 30)
    #expect(stress.renderer == .opengl && !stress.runsBaseline)
    #expect(stress.settings[StressSettings.self].characters == 100_000)
  }

  @Test func theWindowAndTheKioskChooseTheirRenderer() throws {
    guard case .window(let plain) = try CommandLineOptions.parse([]),
      case .window(let gl) = try CommandLineOptions.parse(["--renderer", "opengl"]),
      case .kiosk(let kiosk) = try CommandLineOptions.parse(["--kiosk", "--renderer=software"])
    else {
      Issue.record("expected two windows and a kiosk")
      return
    }
    #expect(plain.renderer == .auto && gl.renderer == .opengl && kiosk.renderer == .software)
  }

  @Test func progressBarLine() {
    #expect(
      ProgressBar.line(done: 15, total: 30) == "[" + String(repeating: "#", count: 15)
        + String(repeating: ".", count: 15) + "] 15/30 frames")
  }

  @Test func helpAndVersion() throws {
    #expect(try CommandLineOptions.parse(["--help"]) == .help)
    #expect(try CommandLineOptions.parse(["--scene", "glitch", "--version"]) == .version)
  }

  @Test func helpListsEveryOptionWithItsDefault() {
    for option in [
      "--scene", "--screenshot", "--at", "--size", "--scale", "--reduce-motion",
      "--seed", "--help", "--version", "--follow-desktop", "--increase-contrast",
    ] {
      #expect(CommandLineOptions.usage.contains(option))
    }
    #expect(CommandLineOptions.usage.contains("default: 900x600"))
    // The keys are the key map's, every row of them.
    for row in KeyMap.help {
      #expect(CommandLineOptions.usage.contains("  \(row.keys)  "), "\(row.keys)")
    }
  }

  /// The help is read in a terminal: every line within 80 columns, and its first screen (24
  /// lines) shows every way of running the program, an example each.
  @Test func helpFitsATerminalAndOpensWithEveryMode() {
    let lines = CommandLineOptions.usage.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
    let firstScreen = lines.prefix(24).joined(separator: "\n")
    #expect(firstScreen.contains("\n  text-effects  "), "the window, with no option")
    let choosers: [Option] = [
      .screenshot, .out, .animation, .contactSheet, .kiosk, .stdin, .content, .send, .check,
      .mergeReports, .compare, .bench,
    ]
    for option in choosers {
      #expect(
        firstScreen.contains("  text-effects \(option)") || firstScreen.contains(" \(option) "),
        "\(option)")
    }
    // Then the options, a group a way of running.
    for group in HelpGroup.allCases {
      #expect(CommandLineOptions.usage.contains("\n\(group.heading)\n"), "\(group.heading)")
    }
  }

  /// Arguments the command line refuses, and a piece of what it says: typed, as a literal this
  /// long took the compiler seconds to infer in each build.
  static let badArguments: [([String], String)] = [
    (["--frobnicate"], "'--frobnicate' is not an option"),
    (["--scene", "matrix"], "--scene: 'matrix' is not a scene"),
    (["--scene"], "--scene needs a value: --scene NAME"),
    (["--size", "0x0"], "--size: '0x0' is not a size"),
    (["--size", "12"], "--size: '12' is not a size"),
    (["--size", "100x-5"], "--size: '100x-5' is not a size"),
    (["--size", "8192x8192", "--scale", "2"], "larger than 8192 pixels"),
    (["--screenshot", "/tmp/x.png", "--at", "-1"], "--at: '-1' is not a time"),
    (["--screenshot", "/tmp/x.png", "--at", "nan"], "--at: 'nan' is not a time"),
    (["--screenshot", "/tmp/x.png", "--at", "inf"], "--at: 'inf' is not a time"),
    (["--scale", "0"], "--scale: '0' is not a scale"),
    (["--scale", "nan"], "--scale: 'nan' is not a scale"),
    (["--seed", "-1"], "--seed: '-1' is not a whole number"),
    (["--screenshot", "/no/such/folder/x.png"], "the folder /no/such/folder does not exist"),
    (["--screenshot", "/tmp"], "/tmp is a folder"),
    (["--reduce-motion=yes"], "--reduce-motion takes no value"),
    (["--appearance", "sepia"], "--appearance: 'sepia' is not an appearance"),
    (
      ["--follow-desktop=maybe"],
      "--follow-desktop takes no value; to turn it off, give --no-follow-desktop"
    ),
    (["--follow-desktop", "--no-follow-desktop"], "contradict each other"),
    (["--scne", "glitch"], "'--scne' is not an option of text-effects; did you mean --scene?"),
    (["--hlep"], "did you mean --help?"),
    (["glitch"], "to show that scene, give --scene glitch"),
    (["--scene", "glich"], "--scene: 'glich' is not a scene; did you mean 'glitch'?"),
    (["--send"], "--send needs a command: status, next"),
    (["--play-log", "-", "--kiosk"], "--play-log: - (standard output) is not taken here"),
    (
      ["--screenshot", "/tmp/a.png", "--follow-desktop", "yes"],
      "--follow-desktop is for the window and the kiosk (--kiosk, --stdin), not --screenshot"
    ),
    (["--increase-contrast=yes"], "--increase-contrast takes no value"),
    (["--text", ""], "--text: the text is empty"),
    (["--text", "a", "--text-file", "/etc/hostname"], "the text was already given by --text"),
    (["--text-file", "/no/such/file.txt"], "--text-file: /no/such/file.txt does not exist"),
    (["--chrome", "--no-chrome"], "--chrome and --no-chrome contradict each other"),
    (["--frames", "0:1:0", "--out", "/tmp/f"], "--frames: '0:1:0' is not a range"),
    (["--frames", "2:1:0.1", "--out", "/tmp/f"], "--frames: '2:1:0.1' is not a range"),
    (["--frames", "0:1e6:0.001", "--out", "/tmp/f"], "more than 100000"),
    (["--times", "0,nan", "--out", "/tmp/f"], "--times: '0,nan' is not a list of times"),
    (["--times", "1,-1", "--out", "/tmp/f"], "--times: '1,-1' is not a list of times"),
    (["--frames", "0:1:0.5"], "--frames needs --out, --animation or --contact-sheet"),
    (["--out", "/tmp/f"], "--out needs --frames A:B:STEP or --times"),
    (
      ["--out", "/no/such/parent/f", "--times", "1"],
      "--out: the folder /no/such/parent does not exist"
    ),
    (["--out", "/etc/hostname", "--times", "1"], "--out: /etc/hostname is a file"),
    (
      ["--screenshot", "/tmp/a.png", "--out", "/tmp/f"],
      "--out: --screenshot already chose the output"
    ),
    (
      ["--screenshot", "/tmp/a.png", "--times", "1"],
      "--times is for --out, --animation and --contact-sheet, not --screenshot"
    ),
    (
      ["--out", "/tmp/f", "--times", "1", "--at", "2"],
      "--at is for the window and --screenshot, not --out"
    ),
    (["--columns", "0"], "--columns: '0' is not a number from 1 to 100"),
    (["--compare", "a.png"], "--compare needs two PNG files"),
    (
      ["--compare", "/etc/hostname", "/etc/hostname", "--threshold", "1.5"],
      "--threshold: '1.5' is not a number from 0 to 1"
    ),
    (
      ["--compare", "/etc/hostname", "/etc/hostname", "--max-diff-ratio", "nan"],
      "--max-diff-ratio: 'nan' is not a number from 0 to 1"
    ),
    (
      ["--compare", "/etc/hostname", "/etc/hostname", "--max-diff-pixels", "-1"],
      "--max-diff-pixels: '-1' is not a count of pixels"
    ),
    (
      [
        "--compare", "/etc/hostname", "/etc/hostname", "--max-diff-pixels", "1", "--max-diff-ratio",
        "0.1",
      ],
      "--max-diff-pixels and --max-diff-ratio both say how many pixels may differ; give one"
    ),
    (
      ["--screenshot", "/tmp/a.png", "--threshold", "0.2"],
      "--threshold is for --compare, not --screenshot"
    ),
    (["--kiosk", "--cycle", "0"], "--cycle: '0' is not a time"),
    (["--bench", "--frames", "0"], "--frames: '0' is not a frame count from 1 to 100000"),
    (["--bench", "--frames", "100001"], "--frames: '100001' is not a frame count from 1 to"),
    (["--bench", "--frames", "0:1"], "--frames: '0:1' is not a range"),
    (["--bench", "--renderer", "vulkan"], "--renderer: 'vulkan' is not a renderer; use auto"),
    (["--no-baseline"], "--no-baseline is for --bench"),
    (["--bench", "--renderer", "auto"], "--renderer auto is for the window and the kiosk"),
    (
      ["--screenshot", "x.png", "--renderer", "opengl"],
      "--renderer is for the window, the kiosk (--kiosk, --stdin) and --bench, not --screenshot"
    ),
    (["--characters", "0"], "--characters: '0' is not a number"),
    (["--cycle", "5"], "--cycle needs --kiosk"),
    (["--content", "/tmp/c.json"], "--content needs --kiosk"),
    (["--kiosk", "--content", "/no/such.json"], "--content: /no/such.json does not exist"),
    (
      ["--kiosk", "--stdin", "--content", "/etc/hostname"],
      "--stdin and --content both give the text"
    ),
    (["--kiosk", "--screenshot", "/tmp/a.png"], "--screenshot and the kiosk options do not mix"),
    (["--diff", "/tmp/d.png"], "--diff is for --compare"),
    // The option rules: an option that would do nothing where it is given.
    (["--screenshot", "/tmp/a.png", "--columns", "3"], "--columns is for --contact-sheet"),
    (
      ["--screenshot", "/tmp/a.png", "--scene", "glitch", "--characters", "50"],
      "--characters is for the stress scene, not the glitch one; add --scene stress"
    ),
    (
      ["--screenshot", "/tmp/a.png", "--question", "Why?"],
      "--question is for the streaming scene, not the typewriter one"
    ),
    (
      ["--screenshot", "/tmp/a.png", "--scene", "glitch", "--seed", "4"],
      "--seed is for the streaming"
    ),
    (
      ["--kiosk", "--scene", "glitch"],
      "--scene is for the window, --screenshot, --out, --animation, --contact-sheet and --bench, not the kiosk (--kiosk, --stdin)"
    ),
    (["--kiosk", "--at", "3"], "--at is for the window and --screenshot, not the kiosk"),
    (["--kiosk", "--chrome"], "--chrome is for the window, --screenshot"),
    (
      ["--bench", "--times", "1,2"],
      "--times is for --out, --animation and --contact-sheet, not --bench"
    ),
    (["--compare", "/etc/hostname", "/etc/hostname", "--scale", "2"], "--scale is for"),
    (["--bench", "--diff", "/tmp/d.png"], "--diff is for --compare, not --bench"),
    (["--scale", "1e-300"], "--size 900x600 at --scale 1e-300 is smaller than 1 pixel a side"),
    (["--size", "1x1", "--scale", "0.4"], "smaller than 1 pixel a side"),
    (["--text-file", "/tmp"], "--text-file: /tmp is a folder, not a file"),
    (["--kiosk", "--content", "/tmp"], "--content: /tmp is a folder, not a file"),
    (["--compare", "/tmp", "/etc/hostname"], "--compare: /tmp is a folder, not a file"),
    (["--compare", "/no/a.png", "/etc/hostname"], "--compare: /no/a.png does not exist"),
    (["--screenshot", "/tmp/a.png", "--size", "1e3x5"], "--size: '1e3x5' is not a size"),
    (["--seed", "0x10"], "--seed: '0x10' is not a whole number"),
    (["--kiosk", "--cycle", "inf"], "--cycle: 'inf' is not a time"),
    (
      [
        "--contact-sheet", "/tmp/s.png", "--frames", "0:99:1", "--size", "8000x100", "--columns",
        "3",
      ],
      "over 16384 a side"
    ),
  ]

  @Test(arguments: badArguments)
  func badArgumentsSayWhichAndWhy(arguments: [String], message: String) {
    let error = usageError(arguments)
    #expect(error?.contains(message) == true, "\(arguments): \(error ?? "accepted")")
    #expect(error?.contains("\n") == false)
  }
}
