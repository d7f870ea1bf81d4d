import TextEffects

/// When a kiosk item may show: on some days of the week, between two times of day (a top
/// request of signage users, "weekdays 08:00-18:00"). A window that ends before it starts runs
/// over midnight.
package struct ShowWindow: Equatable, Sendable {
  /// 1 is Monday, 7 is Sunday; empty means every day.
  package var days: Set<Int>
  /// Minutes after midnight; `from == to` means all day.
  package var from: Int
  package var to: Int

  package init(days: Set<Int> = [], from: Int = 0, to: Int = 0) {
    self.days = days
    self.from = from
    self.to = to
  }

  package func isOpen(at time: LocalTime) -> Bool {
    guard from != to else { return days.isEmpty || days.contains(time.weekday) }
    if from < to {
      return (days.isEmpty || days.contains(time.weekday)) && (from..<to).contains(time.minute)
    }
    // Over midnight: the part after midnight belongs to the day before.
    if time.minute >= from { return days.isEmpty || days.contains(time.weekday) }
    let dayBefore = time.weekday == 1 ? 7 : time.weekday - 1
    return time.minute < to && (days.isEmpty || days.contains(dayBefore))
  }

  static let dayNames = ["mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7]
  static let dayGroups: [String: Set<Int>] = [
    "weekdays": [1, 2, 3, 4, 5], "weekends": [6, 7], "daily": [],
  ]

  /// "08:00" as minutes after midnight; "24:00" is the end of the day.
  static func minutes(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
      let hours = Int(parts[0]), let minutes = Int(parts[1]),
      (0...24).contains(hours), (0..<60).contains(minutes), hours * 60 + minutes <= 24 * 60
    else { return nil }
    return hours * 60 + minutes
  }
}

/// The local day and time, read by the window layer: the core never reads a clock.
package struct LocalTime: Equatable, Sendable {
  /// 1 is Monday, 7 is Sunday.
  package var weekday: Int
  /// Minutes after midnight.
  package var minute: Int
  /// Seconds into the minute, so a kiosk wakes when a show window opens, not a minute late.
  package var second: Double

  package init(weekday: Int, minute: Int, second: Double = 0) {
    self.weekday = weekday
    self.minute = minute
    self.second = second
  }

  /// Seconds from this time to the next start of one of `minutes` (after midnight), or to
  /// midnight, whichever comes first.
  package func secondsUntil(nextOf minutes: [Int]) -> Double {
    let now: Double = Double(minute) * 60 + second
    let day: Double = 24 * 3600
    let starts: [Double] = minutes.map { (minute: Int) -> Double in Double(minute) * 60 }
    let next: Double = starts.filter { $0 > now }.min() ?? day
    return min(next, day) - now
  }
}
