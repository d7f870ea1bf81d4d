import CGio
import CProcesses
import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp

// Sections: The render loop's side, Running, Ending

/// The commands kiosk items ask (`ask`): each is run when its item comes on screen, read on the
/// program's I/O loop as standard input is (in the item's `askFormat`), into the same answer
/// inbox, and stopped when its time limit passes or its item leaves the screen. What it writes
/// reaches the item it was run for, and that showing only.
///
/// A command that cannot start, fails, hangs or writes no answer costs one line on standard
/// error (the journal, under systemd) and nothing else: the item shows what came and ends on
/// time, and the kiosk goes on.
package final class ItemCommands: @unchecked Sendable {
  // MARK: The render loop's side

  private let loop: IOLoop
  private let log: @Sendable (String) -> Void
  private let inbox: WindowInbox
  /// The showing whose command was last started; the render loop's only.
  private var startedFor: Int?
  /// The process groups of the commands not yet ended (one stopped may still be in its
  /// grace), under `lock`, for `stopAll` when the program ends.
  private let lock = Lock()
  private var groups: Set<pid_t> = []
  /// The command running now, on the loop's thread only.
  private var running: Run?

  /// Seconds a command has to end after SIGTERM before SIGKILL ends it.
  static let graceSeconds = 1.0

  /// Runs commands on `loop`, what they write going into `inbox` for their showing.
  package init(
    on loop: IOLoop, into inbox: WindowInbox, log: @escaping @Sendable (String) -> Void
  ) {
    self.loop = loop
    self.inbox = inbox
    self.log = log
  }

  /// Starts the item on screen's command when its showing began since the last look, and stops
  /// the one before. Before each frame.
  package func follow(_ kiosk: Kiosk) {
    let asked = kiosk.asked
    if asked?.showing != startedFor {
      startedFor = asked?.showing
      loop.perform { [self] in
        running?.stop(because: "was still running when its item left the screen")
        running = asked.map { Run(owner: self, asked: $0) }
        running?.start()
      }
    }
  }

  /// Ends the running command's process group at once: the program is ending.
  package func stopAll() {
    for group in lock.withLock({ groups }) { killpg(group, SIGKILL) }
  }

  private func deliver(_ piece: AnswerPiece, for showing: Int) {
    inbox.add(piece, for: showing)
  }

  private func started(group: pid_t) {
    lock.withLock { _ = groups.insert(group) }
  }

  private func ended(_ run: Run, group: pid_t?) {
    if let group { lock.withLock { _ = groups.remove(group) } }
    if running === run { running = nil }
  }

  // MARK: Running

  /// One run of one command, on the loop's thread only: its process, the pipes it writes to,
  /// the stream its output is read as, and how it ended.
  private final class Run {
    /// Kept while the process runs, whoever else lets the commands go (a test's end): its end
    /// is heard, reaped and said through it.
    private let owner: ItemCommands
    private let showing: Int
    private let item: Int
    private let command: AskedCommand
    private var process: pid_t = 0
    private var output: Int32 = -1
    private var errors: Int32 = -1
    /// The process's own descriptor, readable once it has ended.
    private var ending: Int32 = -1
    private var sources: [IOLoop.Source] = []
    private var stream: ModelStream
    /// The end of what the command wrote on standard error: its last line tells why it failed.
    private var errorTail: [UInt8] = []
    /// Whether a piece that ends the answer was handed on: a line said after it would not show.
    private var answerEnded = false
    private var outputEnded = false
    /// Whether it was stopped (and its one line said).
    private var stopped = false
    private var hasEnded = false

    init(owner: ItemCommands, asked: (showing: Int, item: Int, command: AskedCommand)) {
      self.owner = owner
      (showing, item, command) = asked
      stream = ModelStream(format: asked.command.format)
    }

    /// "item 2's command (curl)", as each journal line begins.
    private var named: String { "text-effects: \(described)" }
    private var described: String { "item \(item)'s command (\(command.name))" }

    /// Ends the item's answer, with `line` (how the run failed) said on standard error and on
    /// screen, after what came: never a silent screen.
    private func endAnswer(saying line: String?) {
      var last = AnswerPiece(ends: true)
      if let line {
        owner.log("\(named) \(line)")
        if !answerEnded {
          last.answer.added =
            (stream.hasShownAnything ? "\n\n" : "") + "Item \(item)'s command (\(command.name)) "
            + line
        }
      }
      answerEnded = true
      owner.deliver(last, for: showing)
    }

    func start() {
      guard spawn() else { return }
      owner.started(group: process)
      let loop = owner.loop
      ending = pidfd_open(process, 0)
      guard ending >= 0 else {
        // A kernel before Linux 5.3: nothing would hear it end, so it ends now.
        let reason = String(cString: strerror(errno))
        killpg(process, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(process, &status, 0)
        close(output)
        close(errors)
        endAnswer(saying: "cannot be watched: \(reason)")
        owner.ended(self, group: process)
        return
      }
      sources.append(loop.watch(ending) { [self] _ in end() })
      sources.append(
        loop.watch(output) { [self] _ in
          readOutput()
        })
      sources.append(
        loop.watch(errors) { [self] _ in
          readErrors()
        })
      if let limit = command.timeLimit {
        sources.append(
          loop.every(limit) { [self] in
            stop(because: "did not end within \(Printed.number(limit)) s")
            return false
          })
      }
    }

    /// Starts the process with GLib, from the argument vector itself (no shell), standard input
    /// from /dev/null, its output and errors into pipes, and every other descriptor closed.
    private func spawn() -> Bool {
      let arguments = command.arguments.map { strdup($0) } + [nil]
      defer { for argument in arguments { free(argument) } }
      let flags = GSpawnFlags(
        rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_DO_NOT_REAP_CHILD.rawValue
          | G_SPAWN_STDIN_FROM_DEV_NULL.rawValue)
      var problem: UnsafeMutablePointer<GError>?
      let started = arguments.map { UnsafePointer($0) }.withUnsafeBufferPointer { vector in
        g_spawn_async_with_pipes_and_fds(
          nil, vector.baseAddress, nil, flags, Self.childSetup, nil, -1, -1, -1, nil, nil, 0,
          &process, nil, &output, &errors, &problem)
      }
      guard started != 0 else {
        let reason = problem.map { String(cString: $0.pointee.message) } ?? "unknown"
        g_clear_error(&problem)
        endAnswer(saying: "cannot start: \(reason)")
        owner.ended(self, group: nil)
        return false
      }
      for descriptor in [output, errors] {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      }
      return true
    }

    /// In the new process, before it runs the command: what this program set for itself is
    /// not the command's. The quit signals are blocked in every thread here (`QuitSignals`),
    /// and a blocked signal stays blocked across exec, so a stopped command would not hear
    /// SIGTERM; a process group of its own lets a stop reach what it started (a shell's
    /// children). Only async-signal-safe calls: the process was forked from a threaded one.
    private static let childSetup: GSpawnChildSetupFunc = { _ in
      var none = sigset_t()
      sigemptyset(&none)
      pthread_sigmask(SIG_SETMASK, &none, nil)
      signal(SIGPIPE, nil)  // nil: the default, not ignored
      setpgid(0, 0)
    }

    private func readOutput() -> Bool {
      let isOpen = Self.drain(output) { take(stream.read(bytes: $0)) }
      if !isOpen { finishOutput() }
      return isOpen
    }

    /// The output ended (or its process did): what the stream held back is read, once.
    private func finishOutput() {
      guard !outputEnded else { return }
      outputEnded = true
      var last = stream.finish()
      // The answer ends with the process (`end()`), which may have a line to add.
      last.piece.ends = false
      take(last)
    }

    private func take(_ reading: ModelStream.Reading) {
      for problem in reading.problems { owner.log("\(named): \(problem)") }
      // A stopped command's answer has ended: what it writes as it goes is not shown.
      guard !stopped else { return }
      answerEnded = answerEnded || reading.ends
      owner.deliver(reading.piece, for: showing)
    }

    private func readErrors() -> Bool {
      Self.drain(errors) { errorTail = Array((errorTail + $0).suffix(1024)) }
    }

    /// Hands what `descriptor` holds now to `body`, a piece at a time: true while it stays
    /// open (nothing more for now), false once it has ended.
    private static func drain(_ descriptor: Int32, into body: (ArraySlice<UInt8>) -> Void) -> Bool {
      var bytes = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(descriptor, &bytes, bytes.count)
        if count < 0, errno == EINTR { continue }
        if count < 0, errno == EAGAIN { return true }
        guard count > 0 else { return false }
        body(bytes[..<count])
      }
    }

    // MARK: Ending

    /// Stops the command: SIGTERM to its process group, SIGKILL after `graceSeconds`; one line
    /// says why, on screen after what came too (a server that never answers would otherwise
    /// leave the item empty). The item keeps what came and its answer ends there.
    func stop(because reason: String) {
      guard !stopped, !hasEnded else { return }
      endAnswer(saying: "\(reason); stopped it")
      stopped = true
      guard process > 0 else { return }
      killpg(process, SIGTERM)
      sources.append(
        owner.loop.every(ItemCommands.graceSeconds) { [self] in
          if !hasEnded { killpg(process, SIGKILL) }
          return false
        })
    }

    /// The process ended (its descriptor is readable): what is left in the pipes is read, its
    /// group ended, it is reaped, and its end said when it failed or wrote no answer.
    private func end() -> Bool {
      // The process has ended but is not reaped yet, so its group's number is still its own:
      // what it started and left behind (holding the pipe open) goes with it.
      killpg(process, SIGKILL)
      var status: Int32 = 0
      guard waitpid(process, &status, WNOHANG) == process else { return true }
      hasEnded = true
      _ = readErrors()
      _ = readOutput()
      finishOutput()
      let lastLine = String(decoding: errorTail, as: UTF8.self)
        .split(whereSeparator: \.isNewline).last.map(String.init)
      // wait(2)'s status: the low seven bits are the signal that ended it, or 0 for an exit,
      // whose code is the next byte (the macros that read it are not in Swift's Glibc).
      if !stopped {
        endAnswer(
          saying: command.ending(
            signal: status & 0x7f, code: (status >> 8) & 0xff,
            showedAnything: stream.hasShownAnything, lastLine: lastLine))
      }
      for source in sources { source.cancel() }
      sources.removeAll()
      for descriptor in [output, errors, ending] { close(descriptor) }
      owner.ended(self, group: process)
      return false
    }
  }
}
