/// A count any thread may take the next number of: numbers that must differ across everything
/// made in the process (scenes are drawn, and lists recorded, on several threads at once in a
/// suite's workers).
package final class SharedCounter: @unchecked Sendable {
  private let lock = Lock()
  /// Guarded by `lock`.
  private var count = 0

  package init() {}

  /// A number never handed out before.
  package func next() -> Int {
    lock.withLock {
      count += 1
      return count
    }
  }
}
