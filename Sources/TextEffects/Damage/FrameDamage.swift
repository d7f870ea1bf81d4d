/// What changed on screen between the frame drawn last and the next one, found by comparing
/// their draw lists: a frame is a pure function of time, so the pixels that change are known
/// before any is drawn.
///
/// Each command comes with the pixels it may touch. A command kept, in the same order relative
/// to the other kept ones, leaves its pixels as they were unless a command that came or went
/// covers them too; so the damage is the pixels of every command that came or went. Redrawing
/// those (cleared, then every command that meets them, in order) gives exactly the pixels of a
/// whole redraw.
package struct FrameDamage {
  /// The part of the screen to redraw.
  package enum Region: Equatable, Sendable {
    /// Nothing changed: nothing is drawn or sent to the screen.
    case none
    /// These rectangles, inside the frame.
    case rects([PixelRect])
    /// All of it: the first frame, a new size or background, or changes over most of it.
    case full
    /// The pixels of a scrolled view moved, then these rectangles (perhaps none).
    case moved(PixelMove, then: [PixelRect])
  }

  /// At most this many rectangles: each costs a pass over the draw list and a copy to the
  /// screen, so more of them are merged into their nearest.
  package static let maximumRects = 8
  /// Damage over this share of the frame redraws it whole, which costs about the same.
  package static let wholeFrameShare = 0.5
  /// What one more rectangle costs, in pixels redrawn: a pass over the draw list and the
  /// shapes under it cut again (on SDL's software renderer about as long as redrawing a
  /// 64×64 square). Two rectangles merge when that adds fewer pixels: a typewriter line
  /// swapped in a card was 8 rectangles in 1.9 ms, merged it is 1.
  package static let rectOverhead = 4096

  private var lastCommands: [DrawList.Command] = []
  private var lastBounds: [PixelRect] = []
  private var lastBackground: RGBAColor?
  private var lastSize = PixelRect.empty
  private var lastScroll: PixelScroll?
  private var isValid = false

  package init() {}

  /// The screen no longer shows the last frame (it was resized, exposed, or its pixels were
  /// lost): the next one is drawn whole.
  package mutating func invalidate() {
    isValid = false
  }

  /// The damage from the last frame to this one, whose `commands` may touch the pixels in
  /// `bounds` (one rectangle each) on a frame of `width` × `height` pixels cleared to
  /// `background`. This frame becomes the last one. The first `sameStart` commands and their
  /// rectangles are known to be the last frame's (its layers repeated them). A frame
  /// with a `scroll`, when the last had one of the same view, may move that view's pixels:
  /// pass one only for a screen whose pixels can be moved.
  package mutating func update(
    commands: [DrawList.Command], bounds: [PixelRect], background: RGBAColor, width: Int,
    height: Int, sameStart: Int = 0, scroll: PixelScroll? = nil
  ) -> Region {
    precondition(commands.count == bounds.count, "one rectangle per command")
    let frame = PixelRect(x: 0, y: 0, width: width, height: height)
    defer {
      // Kept by reference, not copied: the next frame's list is written into new storage.
      lastCommands = commands
      lastBounds = bounds
      lastBackground = background
      lastSize = frame
      lastScroll = scroll
      isValid = true
    }
    guard isValid, background == lastBackground, frame == lastSize else { return .full }
    if var move = PixelMove(from: lastScroll, to: scroll, in: frame) {
      move.rows = Self.inkedRows(of: move, drawnIn: lastBounds)
      let changed = Self.changedBounds(
        old: (lastCommands, lastBounds), new: (commands, bounds), moving: move)
      switch Self.region(covering: changed, in: frame) {
      case .none: return .moved(move, then: [])
      case .rects(let rects): return .moved(move, then: rects)
      case .full, .moved: return .full
      }
    }
    let changed = Self.changedBounds(
      old: (lastCommands, lastBounds), new: (commands, bounds), sameStart: sameStart)
    return Self.region(covering: changed, in: frame)
  }

  /// The rectangles of the commands that came or went between `old` and `new`. The two lists'
  /// common start and end are skipped; in between, each new command is matched with the first
  /// equal old one after the last match, so the matched ones keep their order.
  static func changedBounds(
    old: (commands: [DrawList.Command], bounds: [PixelRect]),
    new: (commands: [DrawList.Command], bounds: [PixelRect]), sameStart: Int = 0
  ) -> [PixelRect] {
    func same(_ oldIndex: Int, _ newIndex: Int) -> Bool {
      old.bounds[oldIndex] == new.bounds[newIndex]
        && old.commands[oldIndex] == new.commands[newIndex]
    }
    let shorter = min(old.commands.count, new.commands.count)
    var start = min(sameStart, shorter)
    while start < shorter, same(start, start) { start += 1 }
    var end = 0
    while end < shorter - start,
      same(old.commands.count - 1 - end, new.commands.count - 1 - end)
    {
      end += 1
    }
    let oldMiddle = start..<(old.commands.count - end)
    let newMiddle = start..<(new.commands.count - end)
    if oldMiddle.isEmpty { return newMiddle.map { new.bounds[$0] } }
    if newMiddle.isEmpty { return oldMiddle.map { old.bounds[$0] } }

    let places = CommandsByBounds(oldMiddle) { old.bounds[$0] }
    var matched = [Bool](repeating: false, count: old.commands.count)
    var lastMatch = start - 1
    var changed: [PixelRect] = []
    for index in newMiddle {
      let command = new.commands[index]
      if let match = places.first(
        under: new.bounds[index], after: lastMatch, where: { old.commands[$0] == command })
      {
        matched[match] = true
        lastMatch = match
      } else {
        changed.append(new.bounds[index])
      }
    }
    for index in oldMiddle where !matched[index] { changed.append(old.bounds[index]) }
    return changed
  }

  /// A few rectangles inside `frame` that cover every pixel of `rects`: neighbours merged while
  /// that adds fewer pixels than a rectangle costs, then the pair that adds least until at most
  /// `maximumRects` are left; the whole frame when they cover most of it.
  static func region(covering rects: [PixelRect], in frame: PixelRect) -> Region {
    var merged: [PixelRect] = []
    for rect in rects {
      let clipped = rect.intersection(frame)
      guard !clipped.isEmpty else { continue }
      // Commands come in reading order, so a change usually lies beside the one before it.
      if let last = merged.last, Self.growth(merging: last, clipped) <= rectOverhead {
        merged[merged.count - 1] = last.union(clipped)
      } else {
        merged.append(clipped)
      }
    }
    guard !merged.isEmpty else { return .none }
    if merged.count > 8 * maximumRects {
      merged = [merged.reduce(PixelRect.empty) { $0.union($1) }]
    }
    while merged.count > 1 {
      var best = (first: 0, second: 1, growth: Int.max)
      for first in merged.indices {
        for second in (first + 1)..<merged.count {
          let growth = Self.growth(merging: merged[first], merged[second])
          if growth < best.growth { best = (first, second, growth) }
        }
      }
      guard best.growth <= rectOverhead || merged.count > maximumRects else { break }
      merged[best.first] = merged[best.first].union(merged[best.second])
      merged.remove(at: best.second)
    }
    let area = merged.reduce(0) { $0 + $1.area }
    if Double(area) >= wholeFrameShare * Double(frame.area) { return .full }
    return .rects(merged)
  }

  /// How many pixels merging `a` and `b` into one rectangle redraws beyond the two (negative
  /// when they overlap).
  static func growth(merging a: PixelRect, _ b: PixelRect) -> Int {
    a.union(b).area - a.area - b.area
  }
}
