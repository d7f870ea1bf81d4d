/// Fades each character in as the front passes it: clear ahead, whole `fade` characters behind.
///
/// The seed spreads SwiftUI's glyph slices over the characters because the two need not match;
/// here every character has its own slice, so each one's opacity uses its exact index.
package struct StreamingRenderer: TextRenderer {
  /// Where the front is, in characters (it runs `fade` past the last one to finish it).
  package var visible: Double
  package var fade: Double
  /// Reduce Motion: everything at once.
  package var isInstant: Bool
  /// The part of the layout a scrolled view shows, when it shows part: the lines from `top` to
  /// `bottom` (layout points), each fading out over `edge` points as it leaves at either side.
  package var view: (top: Double, bottom: Double, edge: Double)?

  package init(
    visible: Double, fade: Double = StreamingMath.defaultFade, isInstant: Bool = false,
    view: (top: Double, bottom: Double, edge: Double)? = nil
  ) {
    self.visible = visible
    self.fade = fade
    self.isInstant = isInstant
    self.view = view
  }

  package func draw(layout: TextLayout, in context: inout GraphicsContext) {
    guard let view else {
      draw(context.visibleSlices(of: layout), of: layout, in: context)
      return
    }
    let edge = max(view.edge, 1)
    let first = layout.lines.partitioningIndex { $0.top + $0.height > view.top - edge }
    let end = layout.lines.partitioningIndex { $0.top >= view.bottom + edge }
    let visible = context.visibleSlices(of: layout)
    for line in layout.lines[first..<max(first, end)] {
      let shown = min(
        (line.top - (view.top - edge)) / edge, (view.bottom + edge - line.top - line.height) / edge)
      guard shown > 0 else { continue }
      var faded = context
      faded.opacity *= min(shown, 1)
      draw(line.slices.clamped(to: visible), of: layout, in: faded)
    }
  }

  private func draw(_ slices: Range<Int>, of layout: TextLayout, in context: GraphicsContext) {
    for index in slices where !layout.slices[index].isBlank {
      let slice = layout.slices[index]
      let opacity =
        isInstant
        ? 1 : StreamingMath.opacity(of: Double(slice.characterIndex), visible: visible, fade: fade)
      guard opacity > 0 else { continue }
      // Most of a long answer has arrived whole: drawn as it is, without a context of its own.
      guard opacity < 1 else {
        context.draw(slice)
        continue
      }
      var copy = context
      copy.opacity *= opacity
      copy.draw(slice)
    }
  }
}
