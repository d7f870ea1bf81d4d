import Glibc
import TextEffectsApp

/// The local day and time, for the content's show windows.
package enum LocalClock {
  /// From the C library's `localtime_r`, which follows TZ and /etc/localtime as Foundation's
  /// calendar does, without loading the ICU tables that cost a kiosk megabytes of memory.
  package static func now() -> LocalTime {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    var seconds = time.tv_sec
    var parts = tm()
    localtime_r(&seconds, &parts)
    // The C library counts Sunday as 0; the content counts Monday as 1.
    let weekday = (Int(parts.tm_wday) + 6) % 7 + 1
    return LocalTime(
      weekday: weekday, minute: Int(parts.tm_hour) * 60 + Int(parts.tm_min),
      second: Double(min(parts.tm_sec, 59)) + Double(time.tv_nsec) / 1e9)
  }
}
