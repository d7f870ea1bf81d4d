import TextEffects

// Sections: The options, Where each does something, The help, The guide's rows

/// Every option of the command line, once: its name, the words of its value, the ways of
/// running it does something in, and its help. `--help`, the option rules and the guide's
/// table are made from this; the reader switches over it, and messages name an option by
/// interpolating it, so a name is written here and nowhere else.
package enum Option: String, CaseIterable, Sendable, CustomStringConvertible {
  // MARK: The options

  case scene = "--scene"
  case screenshot = "--screenshot"
  case at = "--at"
  case frames = "--frames"
  case times = "--times"
  case out = "--out"
  case animation = "--animation"
  case contactSheet = "--contact-sheet"
  case columns = "--columns"
  case kiosk = "--kiosk"
  case cycle = "--cycle"
  case content = "--content"
  case stdin = "--stdin"
  case recordTrace = "--record-trace"
  case stdinFormat = "--stdin-format"
  case playLog = "--play-log"
  case control = "--control"
  case send = "--send"
  case trace = "--trace"
  case bench = "--bench"
  case renderer = "--renderer"
  case noBaseline = "--no-baseline"
  case characters = "--characters"
  case compare = "--compare"
  case diff = "--diff"
  case threshold = "--threshold"
  case maxDiffPixels = "--max-diff-pixels"
  case maxDiffRatio = "--max-diff-ratio"
  case includeAntiAliasing = "--include-anti-aliasing"
  case check = "--check"
  case update = "--update"
  case report = "--report"
  case reporter = "--reporter"
  case shard = "--shard"
  case grep = "--grep"
  case grepInvert = "--grep-invert"
  case lastFailed = "--last-failed"
  case mergeReports = "--merge-reports"
  case size = "--size"
  case scale = "--scale"
  case reduceMotion = "--reduce-motion"
  case appearance = "--appearance"
  case increaseContrast = "--increase-contrast"
  case followDesktop = "--follow-desktop"
  case noFollowDesktop = "--no-follow-desktop"
  case seed = "--seed"
  case text = "--text"
  case textFile = "--text-file"
  case question = "--question"
  case markdown = "--markdown"
  case reasoning = "--reasoning"
  case font = "--font"
  case lang = "--lang"
  case noChrome = "--no-chrome"
  case chrome = "--chrome"
  case help = "--help"
  case version = "--version"

  // MARK: Where each does something

  /// The ways the program runs, as the options that choose them name them.
  package enum Mode: CaseIterable, Sendable {
    case window, screenshot, frames, animation, contactSheet, kiosk, bench, compare, check, send
    case merge

    /// What a refusal calls it: "--screenshot", "the window".
    var name: String {
      switch self {
      case .window: "the window"
      case .screenshot: Option.screenshot.rawValue
      case .frames: Option.out.rawValue
      case .animation: Option.animation.rawValue
      case .contactSheet: Option.contactSheet.rawValue
      case .kiosk: "the kiosk (\(Option.kiosk), \(Option.stdin))"
      case .bench: Option.bench.rawValue
      case .compare: Option.compare.rawValue
      case .check: Option.check.rawValue
      case .send: Option.send.rawValue
      case .merge: Option.mergeReports.rawValue
      }
    }

    static let images: Set<Mode> = [.screenshot, .frames, .animation, .contactSheet]
    /// Everything that draws a scene.
    static let drawing: Set<Mode> = images.union([.window, .kiosk, .bench])
  }

  package var description: String { rawValue }

  /// The option `word` names: its long name, or `-h` for help.
  package init?(word: String) {
    if word == "-h" {
      self = .help
    } else {
      self.init(rawValue: word)
    }
  }

  /// Where it does something; nil where it is taken everywhere.
  var modes: Set<Mode>? {
    switch self {
    case .scene, .characters: Mode.images.union([.window, .bench])
    case .at: [.window, .screenshot]
    case .times: [.frames, .animation, .contactSheet]
    case .frames: [.frames, .animation, .contactSheet, .bench]
    case .columns: [.contactSheet]
    case .cycle, .content, .recordTrace, .stdinFormat, .playLog: [.kiosk]
    case .control: [.window, .kiosk, .send]
    case .noBaseline: [.bench]
    case .renderer: [.window, .kiosk, .bench]
    case .diff, .threshold, .maxDiffPixels, .maxDiffRatio, .includeAntiAliasing: [.compare]
    case .update, .shard, .grep, .grepInvert, .lastFailed: [.check]
    case .report, .reporter: [.check, .merge]
    case .size, .scale, .reduceMotion, .appearance, .increaseContrast, .seed, .text, .textFile,
      .trace, .question, .markdown, .reasoning, .font, .lang:
      Mode.drawing
    case .followDesktop, .noFollowDesktop: [.window, .kiosk]
    case .chrome, .noChrome: Mode.images.union([.window])
    case .screenshot, .out, .animation, .contactSheet, .kiosk, .stdin, .bench, .compare, .check,
      .send, .mergeReports, .help, .version:
      nil
    }
  }

  // MARK: The help

  /// Its rows in the help: the option with its value's words, and what it does. Most have one.
  var usage: [(words: String, help: String)] {
    switch self {
    case .help: [("\(self), -h", help)]
    default: [(value.map { "\(self) \($0)" } ?? rawValue, help)]
    }
  }

  /// The words of its value, as the help shows them; nil for a switch.
  private var value: String? {
    switch self {
    case .scene, .renderer: "NAME"
    case .stdinFormat: "FORMAT"
    case .screenshot, .animation, .contactSheet, .content, .recordTrace, .playLog, .trace, .diff,
      .textFile:
      "FILE"
    case .at, .cycle: "SECONDS"
    case .times: "T1,T2,..."
    case .out, .report: "DIR"
    case .mergeReports: "DIR..."
    case .reporter: "NAME[=FILE]"
    case .shard: "I/N"
    case .grep, .grepInvert: "PATTERN"
    case .columns, .characters, .maxDiffPixels, .seed: "N"
    case .compare: "A B"
    case .threshold: "T"
    case .maxDiffRatio: "R"
    case .check: "SUITE"
    case .size: "WxH"
    case .scale: "K"
    case .appearance: "MODE"
    case .reasoning: "show|fold|hide"
    case .text, .question: "STRING"
    case .font: "FILE|FAMILY"
    case .lang: "TAG"
    case .frames: "A:B:STEP|N"
    case .control: "PATH|none"
    case .send: "COMMAND"
    case .kiosk, .stdin, .bench, .noBaseline, .includeAntiAliasing, .update, .lastFailed,
      .reduceMotion, .increaseContrast, .markdown, .noChrome, .chrome, .help, .version,
      .followDesktop, .noFollowDesktop:
      nil
    }
  }

  /// What it does, in the help's words.
  private var help: String {
    switch self {
    case .scene: "\(SceneKind.names()) (default: typewriter)"
    case .screenshot: "write the frame at \(Option.at) to FILE as a PNG and exit; needs no display"
    case .at:
      "the time since the scene started, for \(Option.screenshot) (default: 0); in the window, "
        + "the clock holds there, in every scene"
    case .frames:
      "the times A, A+STEP, ... up to B, or N frames 60 a second from 0, for \(Option.out), "
        + "\(Option.animation), \(Option.contactSheet) or \(Option.bench) (default: "
        + "\(BenchRequest.defaultFrames))"
    case .times: "chosen times instead"
    case .out:
      "write the frames as DIR/frame-00000.png, ...; DIR is made if the folder it is in exists"
    case .animation:
      "write the frames as one animated image: FILE.apng (or .png) or FILE.gif, each frame "
        + "shown until the next one's time"
    case .contactSheet: "tile the frames in one PNG, each labelled with its time"
    case .columns: "tiles a row in the contact sheet (default: the square root)"
    case .kiosk: "fullscreen, no controls, scenes cycling; Ctrl+Alt+Q quits"
    case .cycle: "how long each kiosk item stays, 1 to 86400 (default: 15)"
    case .content:
      "the kiosk's items as JSON (see examples/kiosk.json), read again whenever the file "
        + "changes; a bad edit keeps what is on screen"
    case .stdin: "stream standard input into the streaming scene as it arrives"
    case .playLog:
      "append a JSON line to FILE for each kiosk item shown (item, scene, its first words, "
        + "start and end in UTC, whether it ran its whole time), as each ends"
    case .control:
      "the kiosk's or the showcase window's control socket (default: "
        + "$XDG_RUNTIME_DIR/text-effects/control.sock with \(Option.kiosk), none for a window); "
        + "none for none"
    case .send:
      "send COMMAND to a running kiosk or showcase window and print its answer: \(ControlCommand.usage); exit 0 "
        + "done, 1 refused, 2 a bad command or no kiosk"
    case .stdinFormat:
      "with \(Option.stdin), how it is read: auto (the default: told from its first "
        + "characters), text (a terminal's escapes removed), sse (OpenAI's and Anthropic's "
        + "streams) or ndjson (Ollama's); the server's end ends the answer"
    case .recordTrace:
      "with \(Option.stdin), save each arrival and its time since the first in FILE (JSON "
        + "Lines), to play again with \(Option.trace)"
    case .trace:
      "play a saved trace into the streaming scene instead of the demo's chunks: the window, "
        + "the kiosk, images and suites"
    case .bench:
      "time the scene's frames (\(Option.frames); 600, 60 a second, by default), then the same "
        + "frames drawn the naive way; prints the figures"
    case .renderer:
      "how the window and the kiosk draw: auto (the default), software (only what changes; no "
        + "GPU needed) or opengl (whole frames); with \(Option.bench): software (offscreen) or "
        + "opengl (a window)"
    case .noBaseline: "with \(Option.bench), skip the naive way"
    case .characters: "how many characters the stress scene streams (default: 10000)"
    case .compare:
      "compare two PNGs as the test goldens are: exit 0 when they match, 1 when they differ, 2 "
        + "when one cannot be read"
    case .diff: "with \(Option.compare), write an image marking the differing pixels"
    case .threshold:
      "with \(Option.compare), 0 to 1: how far apart two colours may be and still be the "
        + "same, on pixelmatch's scale (default: 0.1)"
    case .maxDiffPixels:
      "with \(Option.compare), how many pixels may differ and still match (default: 0)"
    case .maxDiffRatio: "instead, the share of the pixels that may differ, 0 to 1"
    case .includeAntiAliasing: "with \(Option.compare), count pixels on anti-aliased edges too"
    case .check:
      "draw a suite's cases (JSON; see examples/visual-regression) on all cores and compare "
        + "each with its reference image beside it: exit 0 when all match, 1 when some differ, "
        + "2 when the suite is not right"
    case .update: "with \(Option.check), write the references that are missing or differ"
    case .report:
      "with \(Option.check) or \(Option.mergeReports), write DIR/index.html (every frame, "
        + "failures first) and DIR/results.json, the part \(Option.mergeReports) reads"
    case .reporter:
      "with \(Option.check) or \(Option.mergeReports): \(SuiteReporter.names) (default: line), "
        + "to standard output or FILE; give it again for more"
    case .shard: "with \(Option.check), only shard I of N, split by the cases' names"
    case .grep: "with \(Option.check), only the cases whose names match PATTERN (a regex)"
    case .grepInvert: "with \(Option.check), only the cases whose names do not match PATTERN"
    case .lastFailed:
      "with \(Option.check), only the cases that failed last time (as its record beside the "
        + "suite says)"
    case .mergeReports:
      "make one report of the folders shards' \(Option.report) wrote; exit 0 when all passed, "
        + "1 when some failed or a shard is missing"
    case .size: "canvas in points, 1 to 8192 a side (default: 900x600)"
    case .scale: "pixels per point, above 0 and up to 8 (default: 1)"
    case .reduceMotion: "each effect keeps its still look, as with Reduce Motion on"
    case .appearance:
      "dark or light (default: dark): the streaming scene's colours and the controls'; the "
        + "other scenes' system colours take its shade"
    case .increaseContrast:
      "the system colours take their accessible shades (the glitch's copies, the buttons), as "
        + "with Increase Contrast on"
    case .followDesktop:
      "the window and the kiosk follow the desktop's Reduce Motion, dark or light, text size "
        + "and contrast, live (the default); an option given above wins over the desktop"
    case .noFollowDesktop: "the window and the kiosk read none of the desktop's preferences"
    case .seed:
      "0 to 2^64-1 (default: 0): picks the random choices of the "
        + "\(SceneKind.names(SceneKind.allCases.filter { $0.effect.options.contains(.seed) }, joinedBy: "and")) "
        + "scenes, such as the streaming demo's chunk timing"
    case .text:
      "the scene's text instead of the demo's: "
        + SceneKind.allCases.compactMap { $0.effect.textUse }.joined(separator: "; ")
    case .textFile:
      "the same, read from FILE as UTF-8 (its final line break is dropped)"
    case .question:
      "the streaming scene's question, in its bubble; \"\" hides the bubble"
    case .markdown:
      "the streaming scene's answer is Markdown (GitHub's): headings, lists, emphasis, code "
        + "and tables stream in styled"
    case .reasoning:
      "how a model's reasoning shows above its answer: show (kept), fold (the default: live, "
        + "then one line, \"Thought for 12 s\", once the answer begins) or hide (only "
        + "\"Thinking...\" while it thinks)"
    case .font:
      "the scene's text in this font: a font file (.ttf, .otf, .ttc) or a family fontconfig "
        + "knows (`fc-list : family`); what it lacks comes from the bundled fonts"
    case .lang:
      "the text's language as a BCP 47 tag (ja, zh-Hant, ko, ar): Chinese characters take its "
        + "forms, lines break as it has them (default: the locale's, from LANG)"
    case .noChrome: "the window shows the scene alone, as a screenshot does"
    case .chrome: "a screenshot shows the window's tabs and status line too"
    case .help: "show this help and exit"
    case .version: "show the version and exit"
    }
  }

  // MARK: The guide's rows

  /// Its row in the command-line guide, at more length than the help: what it means, and its
  /// default when it has one. Nil where the help says it all.
  private var guide: (meaning: String, default: String)? {
    switch self {
    case .scene:
      ("`typewriter`, `glitch`, `streaming`, `stress` (the bench's) or `decode`", "`typewriter`")
    case .screenshot: ("write the frame at `--at` as a PNG and exit; needs no display", "")
    case .at:
      (
        "time since the scene started, from 0 to below 10⁹ (also for `--frames` and `--times`), for `--screenshot`; in the window the clock holds there, in every scene",
        "`0`"
      )
    case .size: ("canvas in points, each side 1 to 8192", "`900x600`")
    case .scale:
      (
        "pixels per point, above 0 and up to 8; glyphs are drawn from 1 to 1,024 pixels per em, so a scale of 0.001 draws 1-pixel text and never fails",
        "`1`"
      )
    case .reduceMotion: ("each effect keeps the seed's still look", "off")
    case .increaseContrast:
      (
        "the system colours take the accessible shades iOS shows with Increase Contrast on: the glitch's copies, the typewriter's green and lights, the streaming scene's blue",
        "off"
      )
    case .followDesktop:
      (
        "the window and the kiosk follow the desktop's Reduce Motion, dark or light, text size and contrast, live (see Follow the desktop); `--follow-desktop yes` and `no`, the older spelling, still work",
        "on"
      )
    case .noFollowDesktop: ("the window and the kiosk read none of the desktop's preferences", "")
    case .seed:
      ("picks a scene's random choices, such as the streaming demo's chunk timing and sizes", "`0`")
    case .appearance:
      (
        "`dark` or `light`: the streaming scene's background and text and the controls follow it; the typewriter's and glitch's stay on black, as in their seeds, but take the system colours' shade for the mode (SwiftUI's `.green` is darker in light mode)",
        "`dark`"
      )
    case .text: ("the scene's text instead of the demo's (see below)", "")
    case .textFile:
      ("the same, read from a UTF-8 file of up to 16 MB; its final line break is dropped", "")
    case .question:
      (
        "the streaming scene's question, in its blue bubble; `\"\"` hides the bubble",
        "`How do I bake sourdough?`"
      )
    case .markdown:
      (
        "the streamed answer is GitHub-flavoured Markdown, drawn styled as it arrives; half-written syntax shows as it will end (see [streaming Markdown](effects/streaming.md#markdown))",
        "off"
      )
    case .reasoning:
      (
        "how a model's reasoning (OpenAI's, Anthropic's, Ollama's, or `<think>` tags at the answer's start) shows above its answer: `show` keeps it, `fold` shows it live and then as one line, \"Thought for 12 s\", once the answer begins, `hide` shows only \"Thinking…\" while the model thinks (see [reasoning and tools](effects/streaming.md#reasoning-and-tool-calls))",
        "fold"
      )
    case .noChrome: ("the window shows the scene alone, exactly as a screenshot does", "")
    case .chrome: ("a screenshot shows the window's tabs and status line too", "")
    case .frames:
      (
        "times A, A+STEP, … up to B, or N frames 60 a second from 0, for `--out`, `--animation`, `--contact-sheet` or `--bench`",
        "600 frames with `--bench`"
      )
    case .times: ("chosen times instead", "")
    case .out: ("write `DIR/frame-00000.png`, …; DIR is made if its parent exists", "")
    case .animation:
      (
        "write the frames as one animated image, `FILE.apng` (or `.png`) or `FILE.gif`, each frame shown until the next one's time",
        ""
      )
    case .contactSheet: ("tile the frames in one PNG, each labelled with its time", "")
    case .columns: ("tiles a row in a contact sheet", "square root")
    case .compare: ("compare two PNGs as the goldens are; exit 0 match, 1 differ, 2 unreadable", "")
    case .diff:
      ("with `--compare`, write the diff image; one that cannot be written is exit 2, never 1", "")
    case .threshold:
      (
        "with `--compare`, 0 to 1: how far apart two colours may be and still be the same (pixelmatch's scale)",
        "`0.1`"
      )
    case .maxDiffPixels: ("with `--compare`, how many pixels may differ and still match", "`0`")
    case .maxDiffRatio: ("instead, the share of the pixels that may differ, 0 to 1", "")
    case .includeAntiAliasing: ("with `--compare`, count pixels on anti-aliased edges too", "off")
    case .check:
      (
        "draw a suite's cases on all cores and compare each with its reference; exit 0 all match, 1 some differ, 2 a bad suite",
        ""
      )
    case .update: ("with `--check`, write the references that are missing or differ", "")
    case .report:
      (
        "with `--check` or `--merge-reports`, write `DIR/index.html`, a self-contained report, and `DIR/results.json`, the part `--merge-reports` reads",
        ""
      )
    case .reporter:
      (
        "with `--check` or `--merge-reports`: `line`, `dot`, `junit`, `json` or `github`, to standard output or `FILE`; give it again for more (see [visual regression in CI](visual-regression.md#in-ci))",
        "`line`"
      )
    case .shard:
      ("with `--check`, only shard I of N; each case's shard follows from its name alone", "")
    case .grep: ("with `--check`, only the cases whose names match the regular expression", "")
    case .grepInvert: ("with `--check`, only the cases whose names do not match it", "")
    case .lastFailed:
      ("with `--check`, only the cases that failed last time (`.SUITE.last-run.json`)", "")
    case .mergeReports:
      (
        "one report of the shards' `--report` folders; exit 0 all passed, 1 some failed or a shard is missing",
        ""
      )
    case .trace:
      (
        "play a saved stream into the streaming scene instead of the demo's chunks (window, kiosk, images, suites)",
        ""
      )
    case .stdinFormat:
      (
        "with `--stdin`, how it is read: `text` (a terminal's escape sequences removed), `sse` (OpenAI's chat completions and Responses, Anthropic's Messages), `ndjson` (Ollama's `/api/chat` and `/api/generate`), or `auto`, told from the first characters; the server's own end finishes the answer, and its error shows as one line (see Model servers in [the kiosk guide](kiosk.md))",
        "`auto`"
      )
    case .recordTrace:
      ("with `--stdin`, save each arrival and its time since the first, as JSON Lines", "")
    case .playLog: ("a JSON line for each item shown, as it ends: proof of play", "")
    case .control:
      (
        "the Unix socket the kiosk, or the showcase window, takes commands on, its user's alone; `none` for none (see Control it in [the kiosk guide](kiosk.md))",
        "`$XDG_RUNTIME_DIR/text-effects/control.sock` with `--kiosk`; none for the showcase"
      )
    case .send:
      (
        "send a command (`status`, `next`, `previous`, `show N`, `pause`, `resume`, `reload`, `screenshot FILE`, `quit`) to a running kiosk (or a showcase window with `--control PATH`) and print its one-line JSON answer; exit 0 done, 1 refused, 2 bad command or no kiosk",
        ""
      )
    case .kiosk: ("fullscreen, no controls, scenes cycling; Ctrl+Alt+Q quits", "")
    case .cycle: ("how long each kiosk item stays, 1 to 86400", "`15`")
    case .content: ("the kiosk's items as JSON, read again when the file changes", "the demos")
    case .stdin: ("stream standard input into the streaming scene (kiosk or window)", "")
    case .renderer:
      (
        "how the window and the kiosk draw: `software` redraws only what changes, `opengl` draws whole frames, `auto` takes OpenGL only on a real GPU (see Frugal in [the kiosk guide](kiosk.md)); with `--bench`, `software` or `opengl`",
        "`auto`"
      )
    default: nil
    }
  }

  /// Its rows in the guide's table: the words, where it does something, what it means, its
  /// default.
  var guideRows: [String] {
    let modes = self.modes.map { modes in
      Mode.allCases.filter(modes.contains).map(\.name).sentence()
    }
    return usage.enumerated().map { index, row in
      let own = index == 0 ? guide : nil
      let words = row.words.replacingScalars(["|": "\\|"])
      return "| `\(words)` | \(modes ?? "") | \(own?.meaning ?? row.help) | \(own?.default ?? "") |"
    }
  }
}
