/// A scrolled view as the damage sees it: its rectangle in pixels, and how far down its content
/// it shows, in pixels.
package struct PixelScroll: Equatable, Sendable {
  package var area: PixelRect
  package var offset: Double
  /// How many pixels make a point: what a shape is placed by, to tell whether it moved.
  package var pixelsPerPoint: Double

  package init(area: PixelRect, offset: Double, pixelsPerPoint: Double = 1) {
    self.area = area
    self.offset = offset
    self.pixelsPerPoint = pixelsPerPoint
  }

  /// `view` at `scale` pixels a point: its rectangle rounded out to whole pixels.
  package init(_ view: DrawList.ScrolledView, pixelsPerPoint scale: Double) {
    self.init(
      area: PixelRect(
        coveringMinX: view.rect.minX * scale, minY: view.rect.minY * scale,
        maxX: view.rect.maxX * scale, maxY: view.rect.maxY * scale),
      offset: view.offset * scale, pixelsPerPoint: scale)
  }
}

/// Pixels that keep their content from one frame to the next, moved: what a scroll by whole
/// pixels keeps in view. Copying them (rows of memory) costs far less than drawing the text in
/// them again.
package struct PixelMove: Equatable, Sendable {
  /// Where the moved pixels land.
  package var area: PixelRect
  /// How far they move down; up when negative.
  package var down: Int
  /// How many pixels make a point in the frames moved between.
  package var pixelsPerPoint: Double
  /// The rows of `area` that are copied, in runs from top to bottom: all of them, unless
  /// ``FrameDamage`` found that a row is the background both where it is and where its new
  /// pixels come from (between lines of text, below the last), so that copying would change
  /// nothing.
  package var rows: [Range<Int>]

  package init(area: PixelRect, down: Int, pixelsPerPoint: Double = 1) {
    self.area = area
    self.down = down
    self.pixelsPerPoint = pixelsPerPoint
    rows = area.isEmpty ? [] : [area.y..<area.maxY]
  }

  /// Where the moved pixels come from.
  package var source: PixelRect { area.offsetBy(y: -down) }

  /// The rows copied, as rectangles across `area`: what changed on the screen.
  package var copiedRects: [PixelRect] {
    rows.map { PixelRect(x: area.x, y: $0.lowerBound, width: area.width, height: $0.count) }
  }

  /// The move from a view scrolled as `last` to the same view scrolled as `next`, inside
  /// `frame`: nil unless the view stayed where it was and scrolled by a whole number of pixels
  /// less than its height, so some of it stays in view.
  package init?(from last: PixelScroll?, to next: PixelScroll?, in frame: PixelRect) {
    guard let last, let next, last.area == next.area, last.pixelsPerPoint == next.pixelsPerPoint
    else { return nil }
    let down = last.offset - next.offset
    let whole = down.rounded()
    let view = next.area.intersection(frame)
    guard abs(down - whole) < 1e-6, whole != 0, abs(whole) < Double(view.height) else {
      return nil
    }
    self.init(
      area: view.intersection(view.offsetBy(y: Int(whole))), down: Int(whole),
      pixelsPerPoint: next.pixelsPerPoint)
  }
}

extension FrameDamage {
  /// The rows of `move`'s area that the move changes, given the rectangles of every command of
  /// the frame it moves: those where a command touched the area's columns, or `move.down` rows
  /// above, where the row's new pixels come from. Any other row is the background before the
  /// move and after it, so it is left alone. Runs closer than a rectangle's cost in pixels are
  /// taken as one, as the rows between cost less to copy than one more rectangle to show.
  static func inkedRows(of move: PixelMove, drawnIn bounds: [PixelRect]) -> [Range<Int>] {
    let area = move.area
    guard !area.isEmpty else { return [] }
    // How many inked runs start (+1) or end (-1) at each of the area's rows.
    var edges = [Int](repeating: 0, count: area.height + 1)
    func mark(from top: Int, to bottom: Int) {
      let top = max(top, area.y) - area.y
      let bottom = min(bottom, area.maxY) - area.y
      guard top < bottom else { return }
      edges[top] += 1
      edges[bottom] -= 1
    }
    for rect in bounds where !rect.isEmpty && rect.x < area.maxX && rect.maxX > area.x {
      mark(from: rect.y, to: rect.maxY)
      mark(from: rect.y + move.down, to: rect.maxY + move.down)
    }
    let joinedGap = rectOverhead / area.width
    var rows: [Range<Int>] = []
    var depth = 0
    for offset in 0..<area.height {
      depth += edges[offset]
      guard depth > 0 else { continue }
      let row = area.y + offset
      if let last = rows.last, row - last.upperBound <= joinedGap {
        rows[rows.count - 1] = last.lowerBound..<(row + 1)
      } else {
        rows.append(row..<(row + 1))
      }
    }
    return rows
  }
}

extension PixelRect {
  /// The same rectangle `y` pixels lower.
  package func offsetBy(y: Int) -> PixelRect {
    PixelRect(x: x, y: self.y + y, width: width, height: height)
  }

  /// Whether every pixel of `other` is in this one; an empty one is in any.
  package func contains(_ other: PixelRect) -> Bool {
    other.isEmpty
      || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
  }
}

extension DrawList.Command {
  /// Whether `other` draws the pixels this one drew, moved `down` pixels, at `scale` pixels a
  /// point: equal glyphs, wherever they are, or equal shapes whose meshes are the same `down`
  /// pixels apart (``Shape/meshPlacement(pixelsPerPoint:)``). Of a shape placed otherwise, the
  /// anti-aliased edge need not move by whole pixels with it.
  func drawsLike(_ other: DrawList.Command, movedDown down: Int, pixelsPerPoint scale: Double)
    -> Bool
  {
    switch (self, other) {
    case (.glyph(let glyph), .glyph(let otherGlyph)):
      return glyph.glyph == otherGlyph.glyph && glyph.font == otherGlyph.font
        && glyph.color == otherGlyph.color
    case (.shape(let shape), .shape(let otherShape)):
      guard shape.color == otherShape.color else { return false }
      let placed = shape.shape.meshPlacement(pixelsPerPoint: scale)
      let otherPlaced = otherShape.shape.meshPlacement(pixelsPerPoint: scale)
      return placed.isExact && otherPlaced.isExact && placed.rest == otherPlaced.rest
        && placed.radius == otherPlaced.radius
        && placed.whole.x == otherPlaced.whole.x
        && otherPlaced.whole.y - placed.whole.y == Double(down)
    default:
      return false
    }
  }
}

extension FrameDamage {
  /// The rectangles to draw again after `move` copied the last frame's pixels inside its area,
  /// so that the screen equals the frame `new` drawn whole.
  ///
  /// Each new command is matched, keeping order, with the first old one after the last match
  /// that draws the same pixels moved as the pixels were (it scrolled, and lands inside the
  /// moved area), or else where it was (it stayed). What a pixel shows is then right unless
  /// a command that covers it came, went, or stayed while the pixels under it moved: those are
  /// drawn again. A frame that only scrolled redraws the lines its edges let in or out, and
  /// the front's.
  static func changedBounds(
    old: (commands: [DrawList.Command], bounds: [PixelRect]),
    new: (commands: [DrawList.Command], bounds: [PixelRect]), moving move: PixelMove
  ) -> [PixelRect] {
    // A command the move takes inside the moved area is found by where it lands, anything
    // else by where it is: one that stays still under moving pixels is drawn again anyway.
    func lands(_ index: Int) -> PixelRect? {
      let landing = old.bounds[index].offsetBy(y: move.down)
      return move.area.contains(landing) ? landing : nil
    }
    // Each old command is under one rectangle: where it lands if the move takes it, where it
    // is if not; `landings` tells which.
    let landings = old.commands.indices.map(lands)
    let found = CommandsByBounds(old.commands.indices) { landings[$0] ?? old.bounds[$0] }
    var matched = [Bool](repeating: false, count: old.commands.count)
    var lastMatch = -1
    var changed: [PixelRect] = []
    /// Whatever of `rect` lies in the moved area.
    func inArea(_ rect: PixelRect) {
      let part = rect.intersection(move.area)
      if !part.isEmpty { changed.append(part) }
    }
    for index in new.commands.indices {
      let bounds = new.bounds[index]
      let command = new.commands[index]
      var moves: Int?
      if move.area.contains(bounds) {
        moves = found.first(under: bounds, after: lastMatch) {
          landings[$0] != nil
            && old.commands[$0].drawsLike(
              command, movedDown: move.down, pixelsPerPoint: move.pixelsPerPoint)
        }
      }
      let stays =
        moves != nil
        ? nil
        : found.first(under: bounds, after: lastMatch) {
          landings[$0] == nil && old.commands[$0] == command
        }
      if let moved = moves {
        matched[moved] = true
        lastMatch = moved
        // Where it was, outside the moved area, it is left behind.
        if !move.area.contains(old.bounds[moved]) { changed.append(old.bounds[moved]) }
      } else if let stayed = stays {
        matched[stayed] = true
        lastMatch = stayed
        // Moved pixels cover it, and its own were moved away from under it.
        inArea(bounds)
        inArea(bounds.offsetBy(y: move.down))
      } else {
        changed.append(bounds)
      }
    }
    for index in old.commands.indices where !matched[index] {
      changed.append(old.bounds[index])
      inArea(old.bounds[index].offsetBy(y: move.down))
    }
    return changed
  }
}
