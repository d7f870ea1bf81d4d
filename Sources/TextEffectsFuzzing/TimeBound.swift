import Foundation

/// Time bounds for the tests that catch hangs and work growing with the square of a length.
///
/// Under AddressSanitizer or ThreadSanitizer every instruction costs several times more, so
/// `scripts/test` sets TEXT_EFFECTS_SLOWDOWN for those runs (4 and 8, the slowdowns their
/// documentation gives) and a bound stretches by that factor: it still catches a hang or a
/// square, and no longer a sanitizer's constant factor.
package enum TimeBound {
  package static let slowdown: Int = {
    let given = ProcessInfo.processInfo.environment["TEXT_EFFECTS_SLOWDOWN"].flatMap { Int($0) }
    return min(max(given ?? 1, 1), 20)
  }()

  package static func seconds(_ seconds: Int) -> Duration {
    .seconds(seconds * slowdown)
  }
}
