import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram

/// The commands kiosk items ask, run on the I/O loop in this process (so ThreadSanitizer sees
/// the loop's side and the render loop's side meet): what each writes, how each ends, and the
/// one journal line for a command that fails, hangs or writes nothing.
@Suite(.threadOfItsOwn(.waiting)) struct ItemCommandsTests {
  /// What one showing of an item asking `arguments` gave: its text, whether its answer ended,
  /// how long that took, and the lines said.
  struct Outcome {
    var text = ""
    var ended = false
    var seconds = 0.0
    var said: [String] = []
  }

  static let fixtures = "Tests/Conformance/model-streams"

  /// A kiosk of one streaming item that asks `arguments`, followed until the answer ends (or
  /// 20 s pass).
  func ask(
    _ arguments: [String], extraKeys: String = "", afterwards: () throws -> Void = {}
  ) throws -> Outcome {
    let list = String(decoding: try JSONEncoder().encode(arguments), as: UTF8.self)
    return try following(#"{"items": [{"scene": "streaming", "ask": \#(list)\#(extraKeys)}]}"#) {
      kiosk, _, answers, said in
      let started = Date()
      var outcome = Outcome()
      while !outcome.ended, Date().timeIntervalSince(started) < 20 {
        for held in answers.takeAnswers() {
          #expect(held.showing == kiosk.showing)
          outcome.text = held.piece.answer.applied(to: outcome.text)
          outcome.ended = held.piece.ends
        }
        usleep(2000)
      }
      outcome.seconds = Date().timeIntervalSince(started)
      // The process has a moment to be reaped (and its line said) after its answer ended.
      Thread.sleep(forTimeInterval: 0.3)
      outcome.said = said.value
      try afterwards()
      return outcome
    }
  }

  /// A kiosk of `content` on its first item, its commands followed on an I/O loop of their
  /// own (the first started), handed to `body` with the inbox their answers come into and the
  /// lines said; the loop stops after.
  func following<Result>(
    _ content: String,
    _ body: (Kiosk, ItemCommands, WindowInbox, Locked<[String]>) throws -> Result
  ) throws -> Result {
    let kiosk = Kiosk(
      content: try KioskContent.parse(Data(content.utf8)), cycle: 3600,
      fonts: FakeMonospaceMetrics(), now: 0, localTime: LocalTime(weekday: 1, minute: 600))
    let loop = IOLoop()
    defer { loop.stop() }
    let said = Locked<[String]>([])
    let answers = WindowInbox {}
    let commands = ItemCommands(on: loop, into: answers, log: { line in said.value.append(line) })
    kiosk.advance(to: 0)
    commands.follow(kiosk)
    return try body(kiosk, commands, answers, said)
  }

  @Test(arguments: ["openai-chat.sse", "anthropic-messages.sse", "ollama-generate.ndjson"])
  func aServersStreamShowsAsItsAnswer(file: String) throws {
    let answer = try String(
      contentsOf: Repository.file("\(Self.fixtures)/answer.txt"), encoding: .utf8)
    let outcome = try ask(["cat", Repository.file("\(Self.fixtures)/\(file)").path])
    #expect(outcome.text == answer)
    #expect(outcome.ended)
    #expect(outcome.said.isEmpty, "\(outcome.said)")
  }

  /// `ollama run MODEL "question"` as an item's command, looked up as a program by its path:
  /// a stand-in writes what the real one writes to a terminal, spinner and line rewrites in
  /// it, and the answer shows without them.
  @Test func aTerminalProgramsAnswerShowsWithoutItsEscapes() throws {
    // Kept in the fixtures rather than written here: a program written by one thread and run
    // while another forks can fail with "Text file busy".
    let ollama = Repository.file("\(Self.fixtures)/ollama").path
    let answer = try String(
      contentsOf: Repository.file("\(Self.fixtures)/answer.txt"), encoding: .utf8)
    let outcome = try ask([ollama, "run", "llama3.2", "How do I bake sourdough?"])
    #expect(outcome.text == answer + "\n\n")  // the line ends it writes after the answer
    #expect(outcome.ended && outcome.said.isEmpty, "\(outcome.said)")
  }

  @Test func aFailingCommandSaysItsExitCodeAndLastErrorLine() throws {
    let outcome = try ask([
      "sh", "-c", "echo partial; echo first >&2; echo 'the reason' >&2; exit 7",
    ])
    // Said on standard error, and on screen after what came.
    #expect(
      outcome.text == "partial\n\n\nItem 1's command (sh) failed with exit code 7: the reason"
        && outcome.ended, "\(outcome.text)")
    #expect(
      outcome.said == ["text-effects: item 1's command (sh) failed with exit code 7: the reason"])
  }

  /// curl run silent against no server says nothing of why; the screen names what to check.
  @Test func curlThatCannotConnectSaysToCheckTheServer() throws {
    let outcome = try ask(["curl", "-sN", "http://127.0.0.1:9/api/chat"])
    let line = "failed with exit code 7 (could not connect: is the model's server running?)"
    #expect(outcome.text == "Item 1's command (curl) \(line)" && outcome.ended, "\(outcome.text)")
    #expect(outcome.said == ["text-effects: item 1's command (curl) \(line)"])
  }

  @Test func aCommandThatIsNotThereSaysSoInOneLine() throws {
    let outcome = try ask(["/nonexistent/ask-a-model"])
    #expect(
      outcome.text.hasPrefix("Item 1's command (ask-a-model) cannot start: ") && outcome.ended)
    #expect(outcome.said.count == 1)
    #expect(
      outcome.said.first?.hasPrefix("text-effects: item 1's command (ask-a-model) cannot start: ")
        == true, "\(outcome.said)")
    #expect(outcome.said.first?.contains("No such file") == true, "\(outcome.said)")
  }

  @Test func aCommandThatWritesNoAnswerSaysSo() throws {
    let outcome = try ask(["sh", "-c", "printf ' \\n'; echo 'connection refused' >&2"])
    #expect(outcome.ended)
    #expect(outcome.text == " \nItem 1's command (sh) wrote no answer: connection refused")
    #expect(
      outcome.said == ["text-effects: item 1's command (sh) wrote no answer: connection refused"])
  }

  @Test func aServersErrorShowsAndIsSaid() throws {
    let outcome = try ask(["cat", Repository.file("\(Self.fixtures)/anthropic-error.sse").path])
    #expect(outcome.text.contains("The model's server reported an error: "))
    #expect(outcome.said.count == 1)
    #expect(
      outcome.said.first?.hasPrefix("text-effects: item 1's command (cat): ") == true,
      "\(outcome.said)")
  }

  /// A command that hangs after some of its answer is stopped at its time limit: the answer
  /// ends with what came, one line says so, and the process and what it started are gone
  /// soon after, even ignoring SIGTERM (SIGKILL follows after a second's grace).
  @Test(arguments: [false, true])
  func aCommandThatHangsIsStoppedAtItsTimeLimit(ignoresTerm: Bool) throws {
    let pidFile = scratchPath("asked.pid")
    defer { try? FileManager.default.removeItem(atPath: pidFile) }
    let trap = ignoresTerm ? "trap '' TERM; " : ""
    var stillThere: [Int32] = []
    let outcome = try ask(
      ["sh", "-c", "\(trap)echo $$ > \(pidFile); echo partial; sleep 60; echo never"],
      extraKeys: #", "askSeconds": 1"#
    ) {
      // While the I/O loop still runs, as it does in a kiosk: it sends SIGKILL after the grace.
      let group = try #require(
        Int32(
          try String(contentsOfFile: pidFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
      let gone = Date().addingTimeInterval(ItemCommands.graceSeconds + 5)
      repeat {
        stillThere = Self.living(inGroup: group)
        usleep(10_000)
      } while !stillThere.isEmpty && Date() < gone
    }
    #expect(stillThere.isEmpty, "the command and what it started are still there")
    #expect(
      outcome.text == "partial\n\n\nItem 1's command (sh) did not end within 1 s; stopped it"
        && outcome.ended, "\(outcome.text)")
    // Stopped at its limit, give or take what the machine adds (stretched under a sanitizer).
    #expect(
      outcome.seconds >= 1 && outcome.seconds < 1 + 5 * Double(TimeBound.slowdown),
      "\(outcome.seconds) s")
    #expect(
      outcome.said == ["text-effects: item 1's command (sh) did not end within 1 s; stopped it"])
  }

  /// The processes of process group `group` that are alive: not ended, and not a zombie
  /// waiting for a parent that does not reap (as a container's first process may not).
  static func living(inGroup group: Int32) -> [Int32] {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.compactMap(Int32.init).filter { pid in
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.range(of: ") ", options: .backwards)
      else { return false }
      // After the name in parentheses: the state, the parent, the process group.
      let fields = stat[close.upperBound...].split(separator: " ")
      return fields.count > 2 && fields[0] != "Z" && Int32(fields[2]) == group
    }
  }

  /// The item leaves the screen (the control socket's `next`, or its time ending) while its
  /// command still runs: the command is stopped, and one line says so.
  @Test func aCommandStillRunningWhenItsItemGoesIsStopped() throws {
    try following(
      #"{"items": [{"scene": "streaming", "ask": ["sh", "-c", "echo partial; sleep 60"]}, "#
        + #"{"scene": "glitch"}]}"#
    ) { kiosk, commands, answers, said in
      let deadline = Date().addingTimeInterval(10)
      var text = ""
      while !text.contains("partial"), Date() < deadline {
        for held in answers.takeAnswers() { text = held.piece.answer.applied(to: text) }
        usleep(2000)
      }
      #expect(text == "partial\n")
      #expect(kiosk.step(1, at: 1) == nil)
      commands.follow(kiosk)
      while said.value.isEmpty, Date() < deadline { usleep(2000) }
      #expect(
        said.value == [
          "text-effects: item 1's command (sh) was still running when its item left the screen; "
            + "stopped it"
        ])
    }
  }
}
