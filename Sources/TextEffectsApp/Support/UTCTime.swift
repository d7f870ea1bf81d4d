import FoundationEssentials
import Glibc

/// Times as the play log, `status` and JUnit reports write them: ISO 8601, in UTC.
///
/// The C library's `gmtime_r` splits the time; Foundation's formatters would go to ICU for the
/// time zone (`ISO8601DateFormatter` through Core Foundation, `Date.ISO8601FormatStyle` to
/// canonicalise "GMT"), and a kiosk that wrote one time read 3 to 5 MB of ICU's data into its
/// memory for it.
package enum UTCTime {
  /// `date` to the nearest millisecond: `2026-12-05T10:30:00.123Z`.
  package static func milliseconds(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded())
    let (seconds, fraction) = floorDivision(milliseconds, 1_000)
    return stamp(seconds) + "." + padded(fraction, to: 3) + "Z"
  }

  /// `date` to the second it is in: `2026-12-05T10:30:00Z`.
  package static func seconds(_ date: Date) -> String {
    stamp(Int64(date.timeIntervalSince1970.rounded(.down))) + "Z"
  }

  /// The date and time of `seconds` since 1970 in UTC, without the zone.
  private static func stamp(_ seconds: Int64) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    return padded(Int64(parts.tm_year) + 1900, to: 4) + "-" + padded(Int64(parts.tm_mon) + 1)
      + "-" + padded(Int64(parts.tm_mday)) + "T" + padded(Int64(parts.tm_hour)) + ":"
      + padded(Int64(parts.tm_min)) + ":" + padded(Int64(parts.tm_sec))
  }

  private static func padded(_ number: Int64, to digits: Int = 2) -> String {
    let text = String(number)
    return String(repeating: "0", count: max(digits - text.count, 0)) + text
  }

  /// `a` divided by `b` rounded down, and what is left (never negative).
  private static func floorDivision(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    let remainder = ((a % b) + b) % b
    return ((a - remainder) / b, remainder)
  }
}
