/// Draws a laid-out text, as SwiftUI's `TextRenderer`: an effect decides, slice by slice, what
/// each cluster looks like, while the layout stays where it is.
public protocol TextRenderer: Sendable {
  /// Draws `layout` into `context`: each slice at its place (moved, faded or recoloured as
  /// the effect decides), or not at all.
  func draw(layout: TextLayout, in context: inout GraphicsContext)
}

/// Draws every slice that may show, as it is: SwiftUI's `Text` without a renderer.
public struct PlainTextRenderer: TextRenderer {
  /// The plain renderer.
  public init() {}

  /// Draws every slice that may show in the context's colour, over a Markdown text's
  /// decorations (its code backgrounds, rules and quote bars).
  public func draw(layout: TextLayout, in context: inout GraphicsContext) {
    context.drawDecorations(of: layout)
    for index in context.visibleSlices(of: layout) { context.draw(layout.slices[index]) }
  }
}
