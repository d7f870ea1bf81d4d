/// A frame's commands found by the pixels they cover, for matching the next frame's with them.
///
/// Glyphs rarely share their exact rectangle, so hashing four integers finds a command's few
/// candidates, which are then compared whole: far cheaper than hashing every command's font,
/// colour and glyph, which a frame of a long answer did thousands of times.
struct CommandsByBounds {
  /// The first command with each rectangle, and after each command the next with its
  /// rectangle (or -1): each rectangle's commands in the order they were drawn.
  private var first: [PixelRect: Int] = [:]
  /// By index less `start`: a frame's few changed commands need no array as long as it.
  private var next: [Int]
  private let start: Int

  /// Indexes the commands in `indices` (ascending) under the rectangle `rect(index)` gives,
  /// leaving out those it gives nil for.
  init(_ indices: Range<Int>, by rect: (Int) -> PixelRect?) {
    start = indices.lowerBound
    first.reserveCapacity(indices.count)
    next = [Int](repeating: -1, count: indices.count)
    for index in indices.reversed() {
      guard let rect = rect(index) else { continue }
      if let following = first.updateValue(index, forKey: rect) {
        next[index - start] = following
      }
    }
  }

  /// The first command under `rect` after `bound` that `matches`.
  func first(under rect: PixelRect, after bound: Int, where matches: (Int) -> Bool) -> Int? {
    var index = first[rect] ?? -1
    while index >= 0 {
      if index > bound, matches(index) { return index }
      index = next[index - start]
    }
    return nil
  }
}
