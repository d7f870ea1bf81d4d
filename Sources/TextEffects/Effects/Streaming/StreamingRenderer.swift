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

  /// Whether it moves the text up to its view's top itself (on whole pixels, so a view that
  /// stands still draws the same pixels), rather than being drawn where a scene put it.
  package var scrollsView = false

  /// A column's lines, each drawn as a layer of its own in `scope` at its version, so that a
  /// frame repeats a line that stayed as it was (a line the front still fades in is drawn
  /// every frame); and whether the column's pixels may move as it scrolls, as those of one
  /// that follows the newest line may.
  package var layers: Layers?
  package struct Layers: Sendable {
    var scope: any AnyObject & Sendable
    var versions: [Int]
    var movesPixels: Bool
  }

  package func draw(layout: TextLayout, in context: inout GraphicsContext) {
    if scrollsView, let view {
      let top = WholePixels.rounded(view.top, pixelsPerPoint: context.pixelsPerPoint)
      if layers?.movesPixels == true {
        // The column, with room for a glyph that reaches past its sides: what moves.
        let overhang = view.edge / 3
        context.scrolls(
          Rect(
            x: -overhang, y: 0, width: layout.size.width + 2 * overhang,
            height: view.bottom - view.top),
          by: top)
      }
      var moved = self
      moved.scrollsView = false
      moved.view = (top, top + view.bottom - view.top, view.edge)
      var scrolled = context
      scrolled.translateBy(x: 0, y: -top)
      moved.draw(layout: layout, in: &scrolled)
      return
    }
    guard view != nil else {
      context.drawDecorations(of: layout, opacity: characterOpacity)
      draw(context.visibleSlices(of: layout), of: layout, in: context)
      return
    }
    let shown = shownLines(of: layout)
    guard let layers else {
      for index in shown { draw(line: index, of: layout, in: context) }
      return
    }
    let scoped = context.scoped(by: layers.scope)
    let whole = shown.lowerBound + wholeLines(shown, of: layout)
    for index in shown {
      let version = index < whole && index < layers.versions.count ? layers.versions[index] : nil
      scoped.layer(id: index, version: version) { draw(line: index, of: layout, in: $0) }
    }
  }

  /// Draws line `index` of `layout`, faded as the view's edges fade it.
  private func draw(line index: Int, of layout: TextLayout, in context: GraphicsContext) {
    let opacity = self.opacity(ofLine: layout.lines[index])
    guard opacity > 0 else { return }
    var faded = context
    faded.opacity *= opacity
    faded.drawDecorations(of: layout, lines: index..<(index + 1), opacity: characterOpacity)
    draw(
      layout.lines[index].slices.clamped(to: faded.visibleSlices(of: layout)), of: layout,
      in: faded)
  }

  /// The lines of `layout` that the view shows, some perhaps only faintly: all of them when
  /// there is no view.
  private func shownLines(of layout: TextLayout) -> Range<Int> {
    guard let view else { return 0..<layout.lines.count }
    let edge = max(view.edge, 1)
    let first = layout.lines.partitioningIndex { $0.top + $0.height > view.top - edge }
    let end = layout.lines.partitioningIndex { $0.top >= view.bottom + edge }
    return first..<max(first, end)
  }

  /// How many of `lines` of `layout`, from the first, have every character fully in. Their
  /// commands stay the same from frame to frame while the view stands still (which alone
  /// fades them at its edges) and the layout keeps those lines.
  ///
  /// Lines hold the characters in reading order, each line's after the line before's, and a
  /// later character is never further in: the lines fully in come first, and are found by
  /// bisection, a few lines looked at rather than every line on screen.
  private func wholeLines(_ lines: Range<Int>, of layout: TextLayout) -> Int {
    guard !isInstant else { return lines.count }
    let end = layout.lines[lines].partitioningIndex { line in
      // The line's last character in reading order, wherever bidi put it.
      // (A line whose slices a column let go of has none here, and counts as in.)
      let last = line.slices.clamped(to: layout.slices.indices).reduce(0) {
        max($0, layout.slices[$1].characterIndex)
      }
      return StreamingMath.opacity(of: Double(last), visible: visible, fade: fade) < 1
    }
    return end - lines.lowerBound
  }

  /// How much of `line` shows as the view's edges fade it: 1 inside the view, down to 0 an
  /// edge's depth past either side.
  private func opacity(ofLine line: TextLayout.Line) -> Double {
    guard let view else { return 1 }
    let edge = max(view.edge, 1)
    let shown = min(
      (line.top - (view.top - edge)) / edge, (view.bottom + edge - line.top - line.height) / edge)
    return min(max(shown, 0), 1)
  }

  /// How opaque the character at `index` is: whole with Reduce Motion, else as the front
  /// has made it.
  private func characterOpacity(_ index: Int) -> Double {
    isInstant ? 1 : StreamingMath.opacity(of: Double(index), visible: visible, fade: fade)
  }

  private func draw(_ slices: Range<Int>, of layout: TextLayout, in context: GraphicsContext) {
    for index in slices where !layout.slices[index].isBlank {
      let slice = layout.slices[index]
      let opacity = characterOpacity(slice.characterIndex)
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
