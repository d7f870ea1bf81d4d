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

  /// The most a text's work may take, given what the text's first tenth (`firstTenth(of:)`)
  /// took in the same run. Work that grows with the length takes about 10 times the tenth's,
  /// and with its square about 100 times: 30 is between them, and a second on top, stretched as
  /// the other bounds, covers what any text costs once (the first glyphs at a scale). Held to a
  /// piece of itself, a text's time measures the code rather than the machine or the suites
  /// running beside it: a fixed number of seconds failed on a slow machine while it would let a
  /// square through on a fast one.
  package static func growingWithTheText(whatItsFirstTenthTook tenth: Duration) -> Duration {
    tenth * 30 + seconds(1)
  }

  /// The first tenth of `text`'s scalars, to time against the whole.
  package static func firstTenth(of text: String) -> String {
    let scalars = text.unicodeScalars
    return String(String.UnicodeScalarView(scalars.prefix(scalars.count / 10)))
  }
}
