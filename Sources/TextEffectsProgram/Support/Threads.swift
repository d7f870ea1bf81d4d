import CThreads
import FoundationEssentials
import Glibc
import TextEffectsApp

/// The program's own threads: each started by the C library, named for `top` and the
/// debugger, and never joined (they serve until the process ends, or end on their own).
enum Threads {
  /// Starts `body` on a new thread called `name` (at most 15 bytes are kept), and returns it.
  @discardableResult
  static func start(_ name: String, _ body: @escaping @Sendable () -> Void) -> pthread_t {
    let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { box in
        let body = Unmanaged<Body>.fromOpaque(box!).takeRetainedValue()
        pthread_setname_np(
          pthread_self(), String(decoding: body.name.utf8.prefix(15), as: UTF8.self))
        body.run()
        return nil
      }, box)
    guard started == 0 else {
      // Only when the system is out of memory or of threads: nothing goes on without it.
      StandardStreams.error(
        "text-effects: the system would not start the \(name) thread "
          + "(\(String(cString: strerror(started)))); free some memory, or raise the limit on "
          + "processes (ulimit -u), and start it again\n")
      exit(1)
    }
    pthread_detach(thread)
    return thread
  }

  private final class Body: Sendable {
    let name: String
    let run: @Sendable () -> Void
    init(name: String, run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }
}

/// A lock with a condition that threads wait on until another signals it, over the C
/// library's, as Foundation's `NSCondition` is.
final class Condition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func lock() {
    pthread_mutex_lock(mutex)
  }

  func unlock() {
    pthread_mutex_unlock(mutex)
  }

  /// Waits, the lock held, until signalled or `deadline` (wall clock): false once it passed.
  func wait(until deadline: Date) -> Bool {
    let seconds = deadline.timeIntervalSince1970
    var time = timespec(
      tv_sec: Int(seconds.rounded(.down)),
      tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
  }

  /// Wakes every thread waiting.
  func broadcast() {
    pthread_cond_broadcast(condition)
  }
}
