import Foundation

/// How a program ended and what it printed.
package struct Ran: Sendable {
  package var status: Int32
  package var output: String
  package var error: String
}

/// Runs `executable` with `arguments` to its end, in `directory`, with `environment` in place of
/// the tests' own when given. Its standard output and error are read at once, each to its end
/// on a thread of its own: a program that fills one pipe while the test reads the other would
/// otherwise wait for ever, and the test with it.
package func run(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil,
  environment: [String: String]? = nil
) throws -> Ran {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  if let environment { process.environment = environment }
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let errors = WholeRead(error.fileHandleForReading)
  let printed = output.fileHandleForReading.readDataToEndOfFile()
  let said = errors.wait()
  process.waitUntilExit()
  return Ran(
    status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
    error: String(decoding: said, as: UTF8.self))
}

/// What `tool`, found on the PATH, prints, trimmed; a tool that fails, or runs past `seconds`
/// (`timeout` ends it), fails the caller with what it said.
@discardableResult
package func output(
  of tool: String, _ arguments: [String], environment: [String: String] = [:],
  within seconds: Int = 60
) throws -> String {
  let ran = try run(
    URL(fileURLWithPath: "/usr/bin/timeout"), ["\(seconds)", tool] + arguments,
    environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
  guard ran.status == 0 else {
    throw ToolFailure(
      "\(([tool] + arguments).joined(separator: " ")) failed (\(ran.status)): \(ran.error)")
  }
  return ran.output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Why a tool a test ran failed, in its words.
package struct ToolFailure: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}

/// A pipe read to its end on a thread of its own.
private final class WholeRead: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Written by the reading thread before `done` is signalled, read after it.
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}

/// How a program ended, what it printed, and what it cost.
package struct Measured: Sendable {
  package var ran: Ran
  /// The processor seconds it used, its own and the kernel's for it (`wait4`'s rusage): what
  /// the program costs, whatever else ran beside it, as tests running side by side do.
  package var processorSeconds: Double
  /// Seconds from its start to its end, by the clock.
  package var seconds: Double
}

/// Runs `executable` as ``run(_:_:in:environment:)`` does, with `environment` as its whole
/// environment, and measures it. It is started with `posix_spawn` and waited for with `wait4`,
/// which gives what the child used; Foundation's `Process` waits for its children itself and
/// keeps that from its caller.
package func runMeasured(
  _ executable: URL, _ arguments: [String], environment: [String: String]
) throws -> Measured {
  var output: [Int32] = [0, 0]
  var error: [Int32] = [0, 0]
  guard pipe(&output) == 0, pipe(&error) == 0 else { throw POSIXError(.EMFILE) }
  // Closed on exec: a program another test starts meanwhile must not hold the pipes open
  // (the child's own ends are duplicated onto its standard output and error, which stay).
  for end in output + error { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_adddup2(&actions, output[1], 1)
  posix_spawn_file_actions_adddup2(&actions, error[1], 2)
  // The tests' process waits for its quit signals with them blocked: the child starts with
  // every signal as a program started from a shell has it.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigmask(&attributes, &none)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  let start = ContinuousClock.now
  var pid = pid_t()
  let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
  close(output[1])
  close(error[1])
  guard spawned == 0 else {
    close(output[0])
    close(error[0])
    throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
  }
  let errors = WholeRead(FileHandle(fileDescriptor: error[0], closeOnDealloc: true))
  let printed = FileHandle(fileDescriptor: output[0], closeOnDealloc: true)
    .readDataToEndOfFile()
  let said = errors.wait()
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
  let elapsed = ContinuousClock.now - start
  // As `Process` reports it: the exit status, or the signal that ended it.
  let ended = status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return Measured(
    ran: Ran(
      status: ended, output: String(decoding: printed, as: UTF8.self),
      error: String(decoding: said, as: UTF8.self)),
    processorSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
    seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

/// The calling thread's processor time, as a clock: a bound on work done on one thread that
/// the tests running beside it on the same two cores do not move, as they move the wall clock
/// (8 times the work, seen under the whole suite).
package enum ThreadTime {
  package static var now: Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  /// The processor time `work` took on this thread.
  package static func measure(_ work: () throws -> Void) rethrows -> Duration {
    let start = now
    try work()
    return now - start
  }
}
