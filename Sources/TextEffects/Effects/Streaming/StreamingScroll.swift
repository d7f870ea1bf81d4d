/// Where the view of a streamed answer stands, so that its newest text stays in view: a pure
/// function of the layout, the front and the time, as every frame is.
///
/// While the answer fits, nothing moves. Once the line the front is writing passes the view's
/// bottom, the view scrolls down by a third of its height (whole steps, enough to show that
/// line), eased in and out over a quarter of a second, as a chat window moves its newest
/// message up: the lines a person reads hold still between the steps, and the window draws
/// them again only while it moves.
package struct StreamingScroll {
  /// How long one scroll takes, in seconds.
  package static let duration = 0.25
  /// The height of the view, in the layout's points.
  package var viewHeight: Double
  /// How far one step scrolls: a third of the view, at least one line.
  package var step: Double

  /// A view `viewHeight` tall over text whose lines are `lineAdvance` apart.
  package init(viewHeight: Double, lineAdvance: Double) {
    self.viewHeight = max(viewHeight, 0)
    step = max(viewHeight / 3, lineAdvance, 1)
  }

  /// How far the text must be scrolled to show the line where the front (`visible`
  /// characters in) writes, in whole steps; 0 while the text fits.
  package func needed(for layout: TextLayout, front visible: Double) -> Double {
    guard layout.characterCount > 0, visible.isFinite else { return 0 }
    let index = min(max(Int(visible.rounded(.down)), 0), layout.characterCount - 1)
    let line = layout.lines.partitioningIndex { $0.slices.upperBound > index }
    guard line < layout.lines.count else { return 0 }
    let over = layout.lines[line].top + layout.lines[line].height - viewHeight
    return over > 0 ? (over / step).rounded(.up) * step : 0
  }

  /// The offset at `time`, where `needed` gives the offset needed at any time up to
  /// ``duration`` earlier: each change of it in that while is eased in, smoothstep-shaped,
  /// from the moment it happened. The moments are found by bisection to a millisecond.
  package static func offset(at time: Double, needed: (Double) -> Double) -> Double {
    let start = time - duration
    var offset = needed(start)
    var changes: [(time: Double, by: Double)] = []
    func find(_ from: Double, _ to: Double, _ atFrom: Double, _ atTo: Double) {
      guard atFrom != atTo else { return }
      guard to - from > 0.001 else {
        changes.append((to, atTo - atFrom))
        return
      }
      let middle = (from + to) / 2
      let atMiddle = needed(middle)
      find(from, middle, atFrom, atMiddle)
      find(middle, to, atMiddle, atTo)
    }
    find(start, time, offset, needed(time))
    for change in changes {
      let progress = min(max((time - change.time) / duration, 0), 1)
      offset += change.by * progress * progress * (3 - 2 * progress)
    }
    return offset
  }

  /// Whether the view moves at `time`: the offset needed changed within the last
  /// ``duration``, so a frame must follow.
  package static func isMoving(at time: Double, needed: (Double) -> Double) -> Bool {
    needed(time - duration) != needed(time)
  }
}
