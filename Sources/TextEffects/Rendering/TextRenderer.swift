/// Draws a laid-out text, as SwiftUI's `TextRenderer`: an effect decides, slice by slice, what
/// each cluster looks like, while the layout stays where it is.
public protocol TextRenderer {
  func draw(layout: TextLayout, in context: inout GraphicsContext)
}
