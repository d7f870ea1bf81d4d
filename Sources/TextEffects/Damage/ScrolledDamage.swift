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

  package init(area: PixelRect, down: Int, pixelsPerPoint: Double = 1) {
    self.area = area
    self.down = down
    self.pixelsPerPoint = pixelsPerPoint
  }

  /// Where the moved pixels come from.
  package var source: PixelRect { area.offsetBy(y: -down) }

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
      return glyph.content == otherGlyph.content && glyph.font == otherGlyph.font
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
