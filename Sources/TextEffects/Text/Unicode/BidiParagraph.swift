import CICU

/// The bidirectional algorithm (UAX #9) over one paragraph, from ICU: each code unit's level,
/// and each line's runs in the order they show.
package final class BidiParagraph {
  /// The paragraph's direction when no strong character says it.
  package enum BaseDirection: Int32, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
    /// From the first strong character (rules P2 and P3), left to right when there is none.
    case firstStrong = 2
  }

  private let bidi: OpaquePointer
  /// Each code unit's embedding level: even reads left to right, odd right to left.
  let levels: [UInt8]
  /// The paragraph's own level (as rules P2 and P3, or the base given, set it) is odd: it
  /// starts at the right.
  let isRightToLeft: Bool

  /// The paragraph `units`, or nil when ICU cannot take it (out of memory, or more code units
  /// than its 32-bit counts hold: it is then laid out left to right).
  init?(_ units: [UInt16], base: BaseDirection = .firstStrong) {
    guard !units.isEmpty, units.count < Int(Int32.max),
      let bidi = units.withUnsafeBufferPointer({
        te_bidi_open($0.baseAddress, Int32($0.count), base.rawValue)
      }),
      let levels = te_bidi_levels(bidi)
    else { return nil }
    self.bidi = bidi
    self.levels = Array(UnsafeBufferPointer(start: levels, count: units.count))
    isRightToLeft = te_bidi_paragraph_level(bidi) & 1 == 1
  }

  deinit { te_bidi_close(bidi) }

  /// The runs of the line made of units `range`, left to right as they show, each with whether
  /// it reads right to left; trailing white space takes the paragraph's direction (rule L1).
  func visualRuns(of range: Range<Int>) -> [(units: Range<Int>, isRightToLeft: Bool)] {
    guard !range.isEmpty else { return [] }
    // A line has at most as many runs as code units.
    let capacity = range.count
    var starts = [Int32](repeating: 0, count: capacity)
    var lengths = [Int32](repeating: 0, count: capacity)
    var rightToLeft = [UInt8](repeating: 0, count: capacity)
    let count = te_bidi_line_runs(
      bidi, Int32(range.lowerBound), Int32(range.upperBound), &starts, &lengths, &rightToLeft,
      Int32(capacity))
    guard count >= 0 else { return [(range, isRightToLeft)] }
    return (0..<Int(min(count, Int32(capacity)))).map { run in
      let start = Int(starts[run])
      return (start..<(start + Int(lengths[run])), rightToLeft[run] != 0)
    }
  }
}
