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

  package init(visible: Double, fade: Double = StreamingMath.defaultFade, isInstant: Bool = false) {
    self.visible = visible
    self.fade = fade
    self.isInstant = isInstant
  }

  package func draw(layout: TextLayout, in context: inout GraphicsContext) {
    for index in context.visibleSlices(of: layout) where !layout.slices[index].isBlank {
      let slice = layout.slices[index]
      let opacity =
        isInstant
        ? 1 : StreamingMath.opacity(of: Double(slice.characterIndex), visible: visible, fade: fade)
      guard opacity > 0 else { continue }
      var copy = context
      copy.opacity *= opacity
      copy.draw(slice)
    }
  }
}
