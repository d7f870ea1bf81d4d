import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The README and the guides are a promise: each `text-effects` command in their shell
/// blocks is run here, as printed, in a scratch folder, and must do what the text around it
/// says.
@Suite(.threadOfItsOwn(.waiting)) struct ReadmeCommandTests {
  static let readme = Repository.root.appendingPathComponent("README.md")
  static let guides = Repository.root.appendingPathComponent("docs/effects")

  /// The README, every guide under docs/ and each effect's guide: a command moved from one
  /// to another is still run.
  static func documents() throws -> [URL] {
    let docs = Repository.root.appendingPathComponent("docs")
    return try [readme]
      + [docs, guides].flatMap { folder in
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
          .filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
      }
  }

  /// A command from the README or a guide: its words, and the line it came from, for
  /// messages.
  struct Command: CustomTestStringConvertible, Sendable {
    var words: [String]
    var line: String
    var testDescription: String { line }

    /// What it makes: the window or kiosk (which a test can only watch start), or files.
    var opensAWindow: Bool {
      let headless = [
        "--screenshot", "--out", "--contact-sheet", "--compare", "--help", "--check",
        "--animation", "--merge-reports",
      ]
      return !words.contains { headless.contains($0) }
    }
  }

  /// The `text-effects` lines of the documents' `sh` blocks, a trailing `# comment` dropped;
  /// a line fed by a pipe keeps only the program's part (its input is given by the test).
  static func commands() throws -> [Command] {
    var commands: [Command] = []
    for document in try documents() {
      commands += try Self.commands(in: String(contentsOf: document, encoding: .utf8))
    }
    return commands
  }

  /// The words of a command line as a shell splits them: spaces separate, single quotes keep
  /// what they hold (a `--text` of several words) as one word.
  static func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word: String?
    var isQuoted = false
    for character in line {
      if character == "'" {
        isQuoted.toggle()
        word = word ?? ""
      } else if character == " ", !isQuoted {
        if let finished = word { words.append(finished) }
        word = nil
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if let word { words.append(word) }
    return words
  }

  static func commands(in text: String) -> [Command] {
    var commands: [Command] = []
    var inShell = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inShell = line == "```sh"
        continue
      }
      guard inShell else { continue }
      var command = String(line)
      if let comment = command.range(of: " #") {
        command = String(command[..<comment.lowerBound])
      }
      if let pipe = command.range(of: "| ") { command = String(command[pipe.upperBound...]) }
      // A line the shell runs in the background is the same command.
      command = command.trimmingCharacters(in: .whitespaces)
      if command.hasSuffix(" &") { command.removeLast(2) }
      let words = shellWords(command)
      guard words.first == "text-effects" else { continue }
      commands.append(Command(words: Array(words.dropFirst()), line: String(line)))
    }
    return commands
  }

  @Test func theReadmeHasCommandsToRun() throws {
    // The screenshot, frames, contact sheets, comparison and kiosk examples, and a contact
    // sheet in each guide.
    #expect(try Self.commands().count >= 8 + SceneKind.demos.count)
  }

  /// Each effect that shows text (all but the bench's stress scene) has its guide, with the
  /// contact sheet its command makes, and the README points to them.
  @Test func eachEffectHasAGuide() throws {
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    for kind in SceneKind.showingText {
      let guide = Self.guides.appendingPathComponent("\(kind.rawValue).md")
      let text = try String(contentsOf: guide, encoding: .utf8)
      #expect(text.contains("(images/\(kind.rawValue).png)"), "\(guide.lastPathComponent)")
      let image = Self.guides.appendingPathComponent("images/\(kind.rawValue).png")
      #expect(try PNGFile.read(image.path).width > 0)
      #expect(readme.contains("(docs/effects/\(kind.rawValue).md)"), "\(kind)")
    }
  }

  /// A scratch folder holding what the commands name: two screenshots to compare, the
  /// example kiosk content and the example suite.
  func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "text-effects-readme-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("examples"), withIntermediateDirectories: true)
    let golden = GoldenStore.directory.appendingPathComponent("typewriter-typing-1x.png")
    for name in ["expected.png", "actual.png"] {
      try FileManager.default.copyItem(at: golden, to: folder.appendingPathComponent(name))
    }
    for example in [
      "answer.md", "kiosk.json", "kiosk-asks.json", "thinking.jsonl", "visual-regression",
      "world.txt",
    ] {
      try FileManager.default.copyItem(
        at: Repository.root.appendingPathComponent("examples/\(example)"),
        to: folder.appendingPathComponent("examples/\(example)"))
    }
    return folder
  }

  /// Every headless command exits 0, writes the files it names, and prints nothing on
  /// standard error.
  @Test(arguments: try commands().filter { !$0.opensAWindow })
  func eachImageCommandDoesWhatTheReadmeSays(_ command: Command) throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let suite = "examples/visual-regression/suite.json"
    // What a line works on is made first, as the guide's lines before it make it: the last
    // run's record, each shard's part (part-I from --shard I/4).
    if command.words.contains("--last-failed") {
      #expect(try Executable.run(["--check", suite], in: folder).status == 0)
    }
    if let merge = command.words.firstIndex(of: "--merge-reports") {
      for part in command.words[(merge + 1)...].prefix(while: { !$0.hasPrefix("--") }) {
        let shard = try #require(part.split(separator: "-").last)
        let made = try Executable.run(
          ["--check", suite, "--shard", "\(shard)/4", "--report", part], in: folder)
        #expect(made.status == 0, "\(part): \(made.output)")
      }
    }
    let outcome = try Executable.run(command.words, in: folder)
    #expect(outcome.status == 0, "\(command.line): \(outcome.error)")
    #expect(outcome.error.isEmpty, "\(command.line): \(outcome.error)")
    for (index, word) in command.words.enumerated()
    where ["--screenshot", "--contact-sheet", "--diff"].contains(word) {
      let name = command.words[index + 1]
      let written = try PNGFile.read(folder.appendingPathComponent(name).path)
      // A guide's picture is what its command makes, as the goldens are compared: each
      // effect's contact sheet in docs/effects/images, the emoji one in docs/images.
      for pictures in ["docs/effects/images", "docs/images"] {
        let shipped = Repository.root.appendingPathComponent("\(pictures)/\(name)").path
        guard FileManager.default.fileExists(atPath: shipped) else { continue }
        let comparison = GoldenStore.comparison.compare(written, to: try PNGFile.read(shipped))
        #expect(comparison.matches, "\(command.line): differs from \(pictures)/\(name)")
      }
    }
    if let out = command.words.firstIndex(of: "--out") {
      let first = folder.appendingPathComponent("\(command.words[out + 1])/frame-00000.png")
      #expect(FileManager.default.fileExists(atPath: first.path), "\(command.line)")
    }
    if command.words.contains("--compare") {
      #expect(outcome.output.hasPrefix("match: 0 pixels differ"), "\(command.line)")
    }
    if let animation = command.words.firstIndex(of: "--animation") {
      let file = folder.appendingPathComponent(command.words[animation + 1]).path
      #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count > 1000, "\(command.line)")
    }
    let last = outcome.output.split(separator: "\n").last.map(String.init) ?? ""
    if command.words.contains("--check") {
      // The example suite's references are the frames drawn now: nothing to write. Some of
      // its cases are drawn with --shard, --grep and --last-failed.
      let chosen = ["--shard", "--grep", "--grep-invert", "--last-failed"].contains {
        command.words.contains($0)
      }
      if command.words.contains("--last-failed") {
        #expect(last == "check: no case failed last time; nothing to draw", "\(command.line)")
      } else if chosen {
        #expect(
          last.hasPrefix("check: ") && last.contains(" match (") && last.hasSuffix(" of 6)")
            || last.contains(" of 6, shard "),
          "\(command.line): \(outcome.output)")
      } else {
        #expect(
          last == "check: 9 match (9 frames of 6 cases)", "\(command.line): \(outcome.output)")
      }
    }
    if command.words.contains("--merge-reports") {
      #expect(
        last == "merge: 9 match (9 frames of 6 of 6 cases, 4 parts)",
        "\(command.line): \(outcome.output)")
    }
    for word in command.words where word.hasPrefix("junit=") {
      let file = folder.appendingPathComponent(String(word.dropFirst(6))).path
      #expect(try output(of: "xmllint", ["--noout", file]).isEmpty, "\(command.line)")
    }
    if let report = command.words.firstIndex(of: "--report") {
      let page = folder.appendingPathComponent("\(command.words[report + 1])/index.html").path
      #expect(FileManager.default.fileExists(atPath: page), "\(command.line)")
    }
  }
}

/// The window and kiosk commands of the README and the guides, on the display the window
/// tests share.
@Suite(.threadOfItsOwn(.waiting)) struct ReadmeWindowCommandTests {
  /// The window and kiosk commands start and keep running on a display (where the window
  /// tests run); without one they exit 1 in one line that points to --screenshot.
  @Test(
    arguments: try ReadmeCommandTests.commands().filter {
      $0.opensAWindow && !$0.words.contains("--send")
    })
  func eachWindowCommandStarts(_ command: ReadmeCommandTests.Command) throws {
    let folder = try ReadmeCommandTests().scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    guard WindowDriver.isAvailable else {
      let outcome = try Executable.run(command.words, in: folder)
      #expect(outcome.status == 1, "\(command.line)")
      #expect(outcome.error.hasPrefix("text-effects: No display found"), "\(outcome.error)")
      #expect(outcome.error.contains("use --screenshot"), "\(outcome.error)")
      #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
      return
    }
    let driver = try WindowDriver(command.words, directory: folder)
    let before = driver.lastReport
    driver.input.fileHandleForWriting.write(Data("Sourdough needs time.".utf8))
    // A window that reads standard input was still until it came; it shows it.
    if command.words.contains("--stdin") { try driver.waitForFrame(after: before) }
    // Still running and taking input: a key it ignores comes back in its frame report.
    try driver.key("shift")
    #expect(driver.process.isRunning, "\(command.line) ended by itself")
    #expect(driver.close().status == 0, "\(command.line)")
    if let record = command.words.firstIndex(of: "--record-trace") {
      let trace = folder.appendingPathComponent(command.words[record + 1])
      let recorded = try StreamingTrace.parse(try Data(contentsOf: trace))
      #expect(recorded.text == "Sourdough needs time.", "\(command.line)")
    }
  }

  /// Each `--send` command, to the example kiosk listening at the default place (the
  /// scratch folder as its runtime folder), or to a showcase window listening at the
  /// command's `--control PATH`: done, its answer one line of JSON, a screenshot written
  /// where it says. Without a kiosk it exits 2 in one line that says how to start one.
  @Test(
    arguments: try ReadmeCommandTests.commands().filter { $0.words.contains("--send") })
  func eachSendCommandIsAnswered(_ command: ReadmeCommandTests.Command) throws {
    let folder = try ReadmeCommandTests().scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let runtime = ["XDG_RUNTIME_DIR": folder.path]
    guard WindowDriver.isAvailable else {
      let outcome = try Executable.run(
        command.words, in: folder, environment: runtime)
      #expect(outcome.status == 2, "\(command.line)")
      #expect(outcome.error.contains("no kiosk listens"), "\(outcome.error)")
      return
    }
    let socket = command.words.firstIndex(of: "--control").map { command.words[$0 + 1] }
    let kiosk = try WindowDriver(
      socket.map { ["--control", $0] } ?? ["--kiosk", "--content", "examples/kiosk.json"],
      directory: folder, environment: WindowDriver.noDesktop.merging(runtime) { $1 })
    let outcome = try Executable.run(
      command.words, in: folder, environment: runtime)
    #expect(outcome.status == 0, "\(command.line): \(outcome.error)")
    #expect(outcome.output.hasPrefix("{") && outcome.output.contains(#""ok":true"#))
    #expect(outcome.output.split(separator: "\n").count == 1, "\(outcome.output)")
    if let shot = command.words.firstIndex(of: "screenshot") {
      let file = folder.appendingPathComponent(command.words[shot + 1]).path
      // The kiosk is fullscreen on the 1280-pixel display; the showcase a window of its own.
      let width = try PNGFile.read(file).width
      #expect(socket == nil ? width == 1280 : width >= 400 && width < 1280, "\(command.line)")
    }
    #expect(kiosk.close().status == 0, "\(command.line)")
  }
}
