import Foundation
import Testing

/// A test that waits on other processes (a window, a program run to its end, a screen reader,
/// an X server), or computes for seconds, runs on a thread of its own, not on Swift's
/// cooperative pool. The pool has one thread per core, and Swift Testing's own bookkeeping runs
/// there too: two tests holding it would hold up every other test on a two-core machine, and
/// the end of each. At most `Kind.waiting.places` tests that wait run at once (the programs
/// they start draw), and `Kind.computing.places` that compute (one a core).
package struct ThreadOfItsOwn: SuiteTrait, TestTrait, TestScoping {
  package enum Kind: Sendable {
    /// It sleeps on other programs most of its time.
    case waiting
    /// It computes for a second or more.
    case computing

    /// Tests of the kind running at once. More than six windows and programs at once on two
    /// cores made the frugal-window bounds unreliable.
    package var places: Int {
      switch self {
      case .waiting: 6
      case .computing: ProcessInfo.processInfo.activeProcessorCount
      }
    }
  }

  package let kind: Kind

  package var isRecursive: Bool { true }

  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite holds its tests; each test case takes a thread and a place of its own.
    guard testCase != nil else { return try await function() }
    // Its thread is preferred from the start, so that taking a place, the test itself and
    // giving the place back all run there: on the pool they would wait behind tests that
    // compute, and hold a place all that while.
    let thread = ThreadExecutor(name: test.name)
    defer { thread.stop() }
    try await withTaskExecutorPreference(thread) {
      let places = kind == .waiting ? Self.waitingPlaces : Self.computingPlaces
      await places.take()
      defer { places.give() }
      let start = ContinuousClock.now
      let started = ThreadTime.now
      defer { Self.record(test, kind: kind, since: start, processorSince: started) }
      try await function()
    }
  }

  /// Where each test case's own seconds go, a JSON line each, when `TEXT_EFFECTS_TEST_TIMES`
  /// names a file: Swift Testing's own times count the wait for a place, which is not the
  /// test's. Its work is its thread's processor time when it computes (beside other tests its
  /// seconds stretch with theirs), and its seconds when it waits on other programs, whose work
  /// they are (`scripts/test` lists the slowest).
  private static let times: FileHandle? = {
    guard let path = ProcessInfo.processInfo.environment["TEXT_EFFECTS_TEST_TIMES"] else {
      return nil
    }
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    return FileHandle(forWritingAtPath: path)
  }()
  private static let timesLock = NSLock()

  private static func record(
    _ test: Test, kind: Kind, since start: ContinuousClock.Instant, processorSince started: Duration
  ) {
    guard let times else { return }
    func seconds(_ took: Duration) -> Double {
      Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
    }
    let work =
      kind == .computing ? seconds(ThreadTime.now - started) : seconds(ContinuousClock.now - start)
    let record: [String: Any] = [
      "test": "\(test.id)", "seconds": work,
      "kind": kind == .computing ? "computing" : "waiting",
    ]
    let line = (try? JSONSerialization.data(withJSONObject: record))
    timesLock.withLock {
      times.seekToEndOfFile()
      times.write((line ?? Data()) + Data("\n".utf8))
    }
  }

  private static let waitingPlaces = Places(count: Kind.waiting.places)
  private static let computingPlaces = Places(count: Kind.computing.places)
}

extension Trait where Self == ThreadOfItsOwn {
  /// The test, or each test of the suite, runs on a thread of its own: it waits on other
  /// processes (`.waiting`) or computes for seconds (`.computing`).
  package static func threadOfItsOwn(_ kind: ThreadOfItsOwn.Kind) -> Self {
    ThreadOfItsOwn(kind: kind)
  }
}

/// `count` places, taken and given back by tests; one that finds none waits its turn.
private final class Places: @unchecked Sendable {
  private let lock = NSLock()
  /// Guarded by `lock`.
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) { free = count }

  func take() async {
    await withCheckedContinuation { continuation in
      lock.withLock {
        if free > 0 {
          free -= 1
          continuation.resume()
        } else {
          waiting.append(continuation)
        }
      }
    }
  }

  func give() {
    lock.withLock {
      if waiting.isEmpty {
        free += 1
      } else {
        waiting.removeFirst().resume()
      }
    }
  }
}

/// A task executor with one thread: every job of a task that prefers it runs there, so
/// synchronous waits block this thread alone.
private final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  /// Guarded by `condition`.
  private var jobs: [UnownedJob] = []
  private var isStopped = false

  init(name: String) {
    let thread = Thread { [self] in work() }
    thread.name = name
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.withLock {
      jobs.append(job)
      condition.signal()
    }
  }

  /// The thread ends once the jobs enqueued so far have run.
  func stop() {
    condition.withLock {
      isStopped = true
      condition.signal()
    }
  }

  private func work() {
    while true {
      let job: UnownedJob? = condition.withLock {
        while jobs.isEmpty, !isStopped { condition.wait() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
      }
      guard let job else { return }
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
