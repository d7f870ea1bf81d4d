/// The typewriter seed's timing: how much of the text is typed, and whether the cursor shows.
package enum TypewriterProgress {
  /// How many characters are visible after `elapsed` seconds, from 0 to `total`.
  ///
  /// A speed of zero or less shows everything at once, as the seed does: a typewriter that
  /// never types would hide the text forever.
  package static func visibleCount(
    elapsed: Double, charactersPerSecond: Double, total: Int
  ) -> Int {
    guard total > 0 else { return 0 }
    guard charactersPerSecond > 0 else { return total }
    let typed = (elapsed * charactersPerSecond).rounded(.down)
    guard typed > 0 else { return 0 }  // also catches NaN
    return typed >= Double(total) ? total : Int(typed)
  }

  /// Whether the cursor is drawn: always while typing, then half a second on and half off.
  package static func isCursorVisible(elapsed: Double, visibleCount: Int, total: Int) -> Bool {
    guard visibleCount >= total else { return true }
    let halfSeconds = (elapsed * 2).rounded(.down)
    guard halfSeconds.isFinite, halfSeconds >= 0 else { return true }
    return halfSeconds.truncatingRemainder(dividingBy: 2) == 0
  }
}
