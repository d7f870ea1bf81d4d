import Foundation
import Testing

@testable import TextEffectsApp

/// The times the play log, `status` and JUnit reports write, against Foundation's
/// `ISO8601DateFormatter` (through ICU), which wrote them before.
@Suite struct UTCTimeTests {
  @Test func timesAreWrittenAsICUWritesThem() {
    let milliseconds = ISO8601DateFormatter()
    milliseconds.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let seconds = ISO8601DateFormatter()
    var random = SystemRandomNumberGenerator()
    // Whole seconds, thousandths, and times between them; from 1970 past 2100, leap days in.
    var dates = [0, 951_782_400, 1_764_930_600.5, 1_764_930_600.001, 4_102_444_799.999]
      .map { Date(timeIntervalSince1970: $0) }
    for _ in 0..<2_000 {
      let millisecond = Double.random(in: 0..<4_200_000_000_000, using: &random).rounded()
      dates.append(Date(timeIntervalSince1970: millisecond / 1_000))
    }
    for date in dates {
      #expect(UTCTime.milliseconds(date) == milliseconds.string(from: date), "\(date)")
      #expect(UTCTime.seconds(date) == seconds.string(from: date), "\(date)")
    }
    #expect(UTCTime.milliseconds(Date(timeIntervalSince1970: 1.25)) == "1970-01-01T00:00:01.250Z")
    #expect(UTCTime.milliseconds(Date(timeIntervalSince1970: 1.9996)) == "1970-01-01T00:00:02.000Z")
  }
}
