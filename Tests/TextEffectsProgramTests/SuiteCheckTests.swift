import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// `--check` of a suite, as a user checks theirs: what it says, writes and exits with.
@Suite(.threadOfItsOwn(.waiting)) struct SuiteCheckTests {
  /// A copy of the goldens' suite in a folder of its own, to break and mend.
  static func goldenSuiteCopy(_ name: String) throws -> URL {
    let folder = URL(fileURLWithPath: scratchPath(name))
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for file in try FileManager.default.contentsOfDirectory(atPath: GoldenStore.directory.path)
    where file.hasSuffix(".png") || file.hasSuffix(".json") || file.hasSuffix(".jsonl")
      || file == "versions.txt"
    {
      try FileManager.default.copyItem(
        at: GoldenStore.directory.appendingPathComponent(file),
        to: folder.appendingPathComponent(file))
    }
    return folder
  }

  /// The lines a check writes but its notes, which say why this machine may draw otherwise
  /// (other libraries than the references', as on another Debian release, or other fonts).
  static func outcome(_ output: String) -> [Substring] {
    output.split(separator: "\n").filter { !$0.hasPrefix("note: ") }
  }

  /// The last case's reference replaced by another frame of its size: the check fails on it
  /// alone, says so in a line, and the counts say the rest match.
  @Test func aSuiteFailsOnlyOnTheBrokenCase() throws {
    let folder = try Self.goldenSuiteCopy("suite-broken")
    let suite = folder.appendingPathComponent("suite.json").path
    let matching = try Executable.run(["--check", suite])
    #expect(matching.status == 0, "\(matching.output)\(matching.error)")
    #expect(Self.outcome(matching.output) == ["check: 128 match (128 frames of 128 cases)"])
    try FileManager.default.removeItem(at: folder.appendingPathComponent("decode-emoji-2x.png"))
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("decode-settled-2x.png"),
      to: folder.appendingPathComponent("decode-emoji-2x.png"))
    let broken = try Executable.run(["--check", suite])
    #expect(broken.status == 1)
    let lines = Self.outcome(broken.output)
    #expect(
      lines.count == 2 && lines.first?.hasPrefix("differs: decode-emoji-2x at 3.0 s: ") == true)
    #expect(lines.last == "check: 1 differs, 127 match (128 frames of 128 cases)")
  }

  /// The README's suite, as people copy it, catches four more characters typed: its record
  /// of the libraries is this system's, so its first check prints no note and compares
  /// exactly (on a system with other libraries, its `whenLibrariesDiffer` still catches it).
  @Test func theExampleSuiteCatchesFourMoreCharactersTyped() throws {
    let folder = URL(fileURLWithPath: scratchPath("example-suite"))
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.copyItem(
      at: Repository.root.appendingPathComponent("examples/visual-regression"), to: folder)
    let suite = folder.appendingPathComponent("suite.json")
    let recorded = try String(
      contentsOf: folder.appendingPathComponent("versions.txt"), encoding: .utf8)
    let passing = try Executable.run(["--check", suite.path])
    #expect(passing.status == 0, "\(passing.output)\(passing.error)")
    #expect(passing.output.hasSuffix("check: 9 match (9 frames of 6 cases)\n"))
    if recorded.hasPrefix(LibraryVersions.summary + "\n") {
      #expect(!passing.output.contains("note:"), "\(passing.output)")
    }
    let text = try String(contentsOf: suite, encoding: .utf8)
    let moved = text.replacingOccurrences(
      of: #""scene": "typewriter", "at": 1.2}"#, with: #""scene": "typewriter", "at": 1.4}"#)
    #expect(moved != text)
    try moved.write(to: suite, atomically: true, encoding: .utf8)
    let failing = try Executable.run(["--check", suite.path])
    #expect(failing.status == 1, "\(failing.output)")
    #expect(
      Self.outcome(failing.output).first?.hasPrefix("differs: typewriter-typing at 1.4 s: ")
        == true, "\(failing.output)")
  }

  /// A missing reference is written and said so, with the libraries it was made with, and a
  /// check after it passes; in CI (`CI` set, as CI systems set it) it fails instead and says
  /// how to make it, as Playwright does. `--update` writes what changed.
  @Test func updateWritesMissingAndChangedReferences() throws {
    let folder = URL(fileURLWithPath: scratchPath("suite-update"))
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let trace = "{\"time\":0,\"text\":\"Sourdough needs\"}\n{\"time\":0.4,\"text\":\" time.\"}\n"
    try trace.write(
      to: folder.appendingPathComponent("answer.jsonl"), atomically: true, encoding: .utf8)
    try """
    {"defaults": {"size": "320x200"},
     "cases": [
       {"name": "replay", "scene": "streaming", "trace": "answer.jsonl", "question": "", "times": [0.2, 1]},
       {"name": "glitch", "scene": "glitch", "at": 0.42, "maxDiffRatio": 0.001}
     ]}
    """.write(to: folder.appendingPathComponent("suite.json"), atomically: true, encoding: .utf8)
    let suite = folder.appendingPathComponent("suite.json").path
    let inCI = try Executable.run(["--check", suite], environment: ["CI": "true"])
    #expect(inCI.status == 1)
    #expect(
      inCI.output.contains(
        "missing: glitch at 0.42 s: glitch.png is missing, and in CI (CI is set) none is "
          + "written: make it with --update where you can look at it, and commit it\n"),
      "\(inCI.output)")
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("glitch.png").path))
    let missing = try Executable.run(["--check", suite], environment: ["CI": ""])
    #expect(missing.status == 0, "\(missing.error)")
    #expect(
      missing.output.contains("written: glitch at 0.42 s: wrote glitch.png, which was missing\n"))
    #expect(missing.output.hasSuffix("check: 3 written (3 frames of 2 cases)\n"))
    for name in ["replay-0.2s.png", "replay-1s.png", "glitch.png", "versions.txt"] {
      #expect(
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
    }
    // A changed frame: `--update` writes it in place of the old one.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("glitch.png"))
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("replay-1s.png"),
      to: folder.appendingPathComponent("glitch.png"))
    let update = try Executable.run(["--check", suite, "--update"], environment: ["CI": "true"])
    #expect(update.status == 0, "\(update.error)")
    #expect(update.output.hasSuffix("check: 1 rewritten, 2 match (3 frames of 2 cases)\n"))
    // A record that is stale (older libraries) or missing is written by `--update` though every
    // frame matches, so that later checks compare exactly again.
    let versions = folder.appendingPathComponent("versions.txt")
    let record = try String(contentsOf: versions, encoding: .utf8)
    #expect(record.hasPrefix(LibraryVersions.summary + "\n") && record.contains("\nfont "))
    for stale in ["SDL2 2.0.0\nSDL2_ttf 2.0.15\n", nil] {
      if let stale {
        try stale.write(to: versions, atomically: true, encoding: .utf8)
        let noted = try Executable.run(["--check", suite], environment: ["CI": "true"])
        #expect(noted.output.contains("note: the references were made with SDL2 2.0.0"))
      } else {
        try FileManager.default.removeItem(at: versions)
      }
      let rewritten = try Executable.run(["--check", suite, "--update"])
      #expect(rewritten.output.hasSuffix("check: 3 match (3 frames of 2 cases)\n"))
      #expect(try String(contentsOf: versions, encoding: .utf8) == record)
    }
    // The suite's frame is the screenshot's, pixel for pixel.
    let shot = scratchPath("replay-shot.png")
    let screenshot = try Executable.run([
      "--screenshot", shot, "--scene", "streaming", "--trace",
      folder.appendingPathComponent("answer.jsonl").path,
      "--question", "", "--size", "320x200", "--at", "0.2",
    ])
    #expect(screenshot.status == 0)
    #expect(
      try PNGFile.read(shot) == PNGFile.read(folder.appendingPathComponent("replay-0.2s.png").path))
    #expect(try Executable.run(["--check", suite]).status == 0)
  }

  /// The workers in this process, where the thread sanitizer sees them: two threads share the
  /// cases, each with its own fonts, and every frame comes back in the suite's order.
  @Test func workersShareTheCasesAndKeepTheirOrder() throws {
    var suite = try #require(GoldenStore.suite)
    suite.cases = Array(suite.cases.prefix(12))
    let run = SuiteRun(
      suite: suite, folder: GoldenStore.directory, updates: false,
      fontDirectory: try FontLibrary.bundled().directory, workers: 2)
    var seen: [Int] = []
    let outcomes = try run.run { seen.append($0) }
    #expect(seen == Array(1...12))
    #expect(outcomes.map(\.caseName) == suite.cases.map(\.name))
    #expect(outcomes.allSatisfy { $0.verdict == .matches })
  }

  /// A bad suite is exit 2 and one line naming the case and the field; nothing is drawn.
  @Test func aBadSuiteIsExitTwoAndOneLine() throws {
    let path = scratchPath("bad-suite.json")
    try #"{"cases": [{"name": "tiny", "scene": "glitch", "scale": 0}]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    let outcome = try Executable.run(["--check", path])
    #expect(outcome.status == 2)
    #expect(
      outcome.error
        == "text-effects: --check: \(path): cases[0] (tiny): 'scale' must be above 0 and up to 8\n")
    #expect(try Executable.run(["--check", path, "--update", "--size", "10x10"]).status == 2)
    // A trace the suite names that is not there: its name and why, in people's words.
    try #"{"cases": [{"name": "a", "scene": "streaming", "trace": "gone.jsonl"}]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    let missing = try Executable.run(["--check", path])
    #expect(missing.status == 2)
    #expect(
      missing.error
        == "text-effects: --check: \(path): cases[0] (a): 'trace': gone.jsonl cannot be read "
        + "(No such file or directory)\n")
  }

  /// How many of the goldens' cases `aSuiteIsFasterThanSeparateRuns` times: 10, spread over
  /// the suite, or as many as `TEXT_EFFECTS_SEPARATE_RUNS` says (`scripts/soak` times all 128,
  /// 256 processes, which took 272 to 362 s on a two-core machine beside the other tests).
  static let separatelyRun =
    ProcessInfo.processInfo.environment["TEXT_EFFECTS_SEPARATE_RUNS"].flatMap { Int($0) } ?? 10

  /// Cases of the goldens' suite in one `--check` against the same cases as a `--screenshot`
  /// and a `--compare` each, as a script would run them: the suite draws them on all cores with
  /// the fonts opened once per worker. Both are timed in this run; the suite must be the
  /// faster. Each separate comparison takes the tolerances the suite's took: its exact
  /// defaults, or its `whenLibrariesDiffer` when the check said the libraries differ from the
  /// references'. The limit only keeps a hang from stalling the run.
  @Test(.timeLimit(.minutes(10))) func aSuiteIsFasterThanSeparateRuns() throws {
    let copy = try Self.goldenSuiteCopy("suite-separate")
    let suite = copy.appendingPathComponent("suite.json").path
    let folder = URL(fileURLWithPath: scratchPath("separate"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let all = try #require(GoldenStore.suite).cases
    let cases = stride(from: 0, to: all.count, by: max(1, all.count / Self.separatelyRun))
      .prefix(Self.separatelyRun).map { all[$0] }
    let names = cases.map { NSRegularExpression.escapedPattern(for: $0.name) }
    let start = Date()
    let checked = try Executable.run(
      ["--check", suite, "--grep", "^(\(names.joined(separator: "|")))$"])
    let together = Date().timeIntervalSince(start)
    #expect(checked.status == 0, "\(checked.output)\(checked.error)")
    #expect(checked.output.contains("of \(cases.count) cases"), "\(checked.output)")
    // The suite's whenLibrariesDiffer is GoldenStore.tolerant: its threshold, no pixel
    // allowed, anti-aliasing not counted (--compare's defaults but the threshold).
    #expect(GoldenStore.librariesMatch != checked.output.contains("whenLibrariesDiffer"))
    let tolerances =
      GoldenStore.librariesMatch
      ? ["--threshold", "0", "--include-anti-aliasing"]
      : ["--threshold", "\(GoldenStore.tolerant.threshold)"]
    let separateStart = Date()
    for item in cases {
      let shot = folder.appendingPathComponent("\(item.name).png").path
      var arguments = [
        "--screenshot", shot, "--scene", item.scene.rawValue, "--at", "\(item.times[0])",
        "--size", "\(Int(item.size.width))x\(Int(item.size.height))", "--scale", "\(item.scale)",
      ]
      if item.settings.reduceMotion { arguments.append("--reduce-motion") }
      if item.settings.increaseContrast { arguments.append("--increase-contrast") }
      if item.settings[StreamingSettings.self].isMarkdown { arguments.append("--markdown") }
      arguments += ["--appearance", item.settings.appearance.rawValue]
      if let text = item.settings.customText { arguments += ["--text", text] }
      if let language = item.settings.language { arguments += ["--lang", language] }
      if let trace = item.settings[StreamingSettings.self].trace {
        let file = folder.appendingPathComponent("\(item.name).jsonl")
        try trace.arrivals.map { StreamingTrace.line(time: $0.time, text: $0.text) + "\n" }
          .joined().write(to: file, atomically: true, encoding: .utf8)
        arguments += ["--trace", file.path]
      }
      #expect(try Executable.run(arguments).status == 0)
      let golden = GoldenStore.directory.appendingPathComponent("\(item.name).png").path
      let compared = try Executable.run(["--compare", golden, shot] + tolerances)
      #expect(compared.status == 0, "\(item.name): \(compared.output)")
    }
    let separate = Date().timeIntervalSince(separateStart)
    print("suite: \(cases.count) cases in \(together) s as one --check, \(separate) s separately")
    #expect(together < separate)
  }
}
