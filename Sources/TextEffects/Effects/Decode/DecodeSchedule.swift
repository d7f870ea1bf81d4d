/// The decode effect's timing, as terminal "decrypt" effects and scrambling headlines play it:
/// every character shows a random glyph that changes `cyclesPerSecond` times a second, and
/// from `leadTime` on they settle on their own, left to right, `charactersPerSecond` a second.
package enum DecodeSchedule {
  /// How often an unsettled character changes its glyph: 20 a second, each glyph held 50 ms,
  /// quick enough to read as noise, slow enough to be seen at all.
  package static let cyclesPerSecond = 20.0
  /// All characters cycle this long before the first settles, so the scramble is seen whole.
  package static let leadTime = 0.5
  /// The settled text holds this long before the demo scrambles it again.
  package static let holdTime = 3.0
  package static let defaultCharactersPerSecond = 24.0
  /// The glyphs an unsettled character shows: letters, digits and the symbols terminal
  /// effects use, all in the bundled fonts, so none draws as a box.
  package static let glyphs = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&*+<=>?@^~/\\|")

  /// How many characters have settled `elapsed` seconds in, from 0 to `total`; a speed of zero
  /// or less settles everything at once, as the typewriter types everything at once.
  package static func settledCount(elapsed: Double, charactersPerSecond: Double, total: Int) -> Int
  {
    guard total > 0 else { return 0 }
    guard charactersPerSecond > 0 else { return total }
    // Nudged by a billionth so that a character's own settle time counts it settled despite
    // binary rounding ((0.5 + 1/24 - 0.5) × 24 = 0.99999…), or the wake-up would never pass it.
    let settled = ((elapsed - leadTime) * charactersPerSecond + 1e-9).rounded(.down) + 1
    guard settled > 0 else { return 0 }  // also catches NaN
    return settled >= Double(total) ? total : Int(settled)
  }

  /// When the character at `index` settles, in seconds from the start.
  package static func settleTime(of index: Int, charactersPerSecond: Double) -> Double {
    guard charactersPerSecond > 0 else { return 0 }
    return leadTime + Double(index) / charactersPerSecond
  }

  /// How long a text of `total` characters takes to play: the scramble, the settling, the hold.
  package static func period(total: Int, charactersPerSecond: Double) -> Double {
    settleTime(of: max(total - 1, 0), charactersPerSecond: charactersPerSecond) + holdTime
  }

  /// Which glyph change `elapsed` seconds falls in.
  package static func tick(at elapsed: Double) -> Int {
    let tick = (elapsed * cyclesPerSecond + 1e-9).rounded(.down)
    guard tick.isFinite else { return 0 }
    return Int(max(min(tick, 1e15), 0))
  }

  /// The glyph the character at `index` shows during `tick`: a function of the seed, the
  /// character and the tick alone, so a frame is the same on every run.
  package static func glyph(index: Int, tick: Int, seed: UInt64) -> Character {
    var random = SeededRandom(
      seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
        ^ (UInt64(truncatingIfNeeded: tick) &* 0xC2B2_AE3D_27D4_EB4F))
    return glyphs[Int(random.next() % UInt64(glyphs.count))]
  }

  /// The first time after `elapsed` at which a frame differs: the next glyph change or the next
  /// character to settle while some still cycle; nil once all have settled.
  package static func nextChange(after elapsed: Double, charactersPerSecond: Double, total: Int)
    -> Double?
  {
    let settled = settledCount(
      elapsed: elapsed, charactersPerSecond: charactersPerSecond, total: total)
    guard settled < total else { return nil }
    let nextTick = Double(tick(at: elapsed) + 1) / cyclesPerSecond
    let nextSettle = settleTime(of: settled, charactersPerSecond: charactersPerSecond)
    return nextSettle > elapsed ? min(nextTick, nextSettle) : nextTick
  }
}
