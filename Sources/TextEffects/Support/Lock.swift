import Glibc

/// A lock over the C library's mutex, which every layer guards its shared state with.
///
/// Foundation's `NSLock` is the same mutex; it comes with the whole of Foundation, which cost a
/// program about 4 MB of memory where `FoundationEssentials` has what the rest needs.
/// (`Synchronization.Mutex` owns the state it guards, while these guard a class's properties.)
package final class Lock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init() {
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func lock() {
    pthread_mutex_lock(mutex)
  }

  package func unlock() {
    pthread_mutex_unlock(mutex)
  }

  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
