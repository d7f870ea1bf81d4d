import Foundation
import Testing

@testable import TextEffects

/// Text trimmed by code points, as Foundation's `trimmingCharacters(in:)` trims it.
@Suite struct ScalarTrimmingTests {
  @Test func trimmingMatchesFoundation() {
    var random = SeededRandom(seed: 46)
    let pieces = [" ", "\t", "\n", "a", "-", "\u{301}", "\u{A0}", "\u{3000}", "\r\n", "é", "👍🏽"]
    for _ in 0..<3_000 {
      let text = (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % 11)] }
        .joined()
      #expect(
        text.trimmingScalars { $0 == " " || $0 == "\t" }
          == text.trimmingCharacters(in: [" ", "\t"]), "\(Array(text.unicodeScalars))")
      #expect(
        text.trimmingScalars(where: \.properties.isWhitespace)
          == text.trimmingCharacters(in: .whitespacesAndNewlines),
        "\(Array(text.unicodeScalars))")
    }
  }
}
