/// A frame's commands found by the pixels they cover, for matching the next frame's with them.
///
/// Glyphs rarely share their exact rectangle, so a rectangle finds a command's few candidates,
/// which are then compared whole: far cheaper than hashing every command's font, colour and
/// glyph, which a frame of a long answer did thousands of times. The table is open-addressed
/// over arrays with a multiplicative hash of the four integers: a scrolling frame indexes every
/// command on screen, and Swift's `Dictionary`, which seeds SipHash for each key, spent most of
/// the time of that in hashing.
struct CommandsByBounds {
  /// Per slot, the first command with the slot's rectangle, plus one; 0 for an empty slot.
  private var firsts: [Int32]
  /// Per slot, the rectangle its commands cover.
  private var rects: [PixelRect]
  /// By index less `start`, the next command with the same rectangle, plus one (0 for none):
  /// each rectangle's commands in the order they were drawn.
  private var next: [Int32]
  private let start: Int
  private let mask: Int

  /// Indexes the commands in `indices` (ascending) under the rectangle `rect(index)` gives,
  /// leaving out those it gives nil for.
  init(_ indices: Range<Int>, by rect: (Int) -> PixelRect?) {
    start = indices.lowerBound
    // At most half full, so a probe finds its slot or an empty one within a few steps.
    var size = 8
    while size < 2 * indices.count { size *= 2 }
    mask = size - 1
    firsts = [Int32](repeating: 0, count: size)
    rects = [PixelRect](repeating: .empty, count: size)
    next = [Int32](repeating: 0, count: indices.count)
    for index in indices.reversed() {
      guard let rect = rect(index) else { continue }
      var slot = Self.hash(rect) & mask
      while firsts[slot] != 0, rects[slot] != rect { slot = (slot + 1) & mask }
      next[index - start] = firsts[slot]
      firsts[slot] = Int32(index + 1)
      rects[slot] = rect
    }
  }

  /// The first command under `rect` after `bound` that `matches`.
  func first(under rect: PixelRect, after bound: Int, where matches: (Int) -> Bool) -> Int? {
    var slot = Self.hash(rect) & mask
    while firsts[slot] != 0, rects[slot] != rect { slot = (slot + 1) & mask }
    var index = Int(firsts[slot]) - 1
    while index >= 0 {
      if index > bound, matches(index) { return index }
      index = Int(next[index - start]) - 1
    }
    return nil
  }

  /// Mixes the rectangle's integers with odd multipliers (those of xxHash's 32-bit primes), so
  /// that glyphs a few pixels apart land in slots far apart.
  private static func hash(_ rect: PixelRect) -> Int {
    var value = rect.x &* 0x9E37_79B1 ^ rect.y &* 0x85EB_CA77
    value ^= rect.width &* 0xC2B2_AE3D ^ rect.height &* 0x27D4_EB2F
    return value ^ (value >> 29)
  }
}
