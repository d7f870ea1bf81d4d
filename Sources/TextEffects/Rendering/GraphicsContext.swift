/// Where a `TextRenderer` draws, as SwiftUI's: a value that carries opacity, offset and colour.
///
/// Change a copy to draw some slices differently; every copy records into the same `DrawList`.
public struct GraphicsContext {
  /// Multiplies the alpha of everything drawn.
  public var opacity: Double = 1
  /// Added to every position, in points.
  public var offset: Point = .zero
  /// The colour text is drawn in.
  public var foregroundColor: RGBAColor
  package let list: DrawList
  /// The part of the window that shows, in absolute points; renderers leave out lines farther
  /// from it than its own height (a stack of combining marks or a glitch jump may reach that
  /// far). Nil draws everything.
  package var visibleBounds: Rect?
  /// How many of the screen's pixels make a point: what a scrolled view rounds its offset
  /// to, so that it moves by whole pixels.
  package var pixelsPerPoint = 1.0
  /// Only these slices of a layout are drawn, when set: a scene draws part of a text (one
  /// line, say) through an effect's renderer, which knows nothing of the part.
  package var sliceRange: Range<Int>?
  /// The view whose layers this context draws (``scoped(by:)``), if one is.
  private var layerScope: ObjectIdentifier?
  /// What lays out a string drawn with ``draw(_:font:at:)`` (a cursor, a stand-in letter) as
  /// it is recorded: the window's typesetter, or that of the renderer that records a text
  /// (`TextEffectsRenderer.record(_:at:in:into:)`), so the list holds glyphs only. Without
  /// one, a string draws nothing.
  package var typesetter: Typesetter?

  /// A context that records into `list`, drawing text in `foregroundColor` moved by `offset`.
  public init(list: DrawList, foregroundColor: RGBAColor = .white, offset: Point = .zero) {
    self.list = list
    self.foregroundColor = foregroundColor
    self.offset = offset
  }

  /// Moves everything drawn after by (`x`, `y`) points.
  public mutating func translateBy(x: Double, y: Double) {
    offset = Point(x: offset.x + x, y: offset.y + y)
  }

  /// Fills the decorations of `layout`'s lines that may show, or of `lines` (a Markdown
  /// text's code backgrounds, rules and quote bars), in the foreground colour at each one's
  /// share of it, times what `opacity` gives its character (1 for all, when nil): under the
  /// text, so call it before drawing the glyphs. A context that draws only some slices draws
  /// none.
  package func drawDecorations(
    of layout: TextLayout, lines: Range<Int>? = nil, opacity: ((Int) -> Double)? = nil
  ) {
    guard sliceRange == nil, !layout.decorations.isEmpty else { return }
    var shownLines = lines ?? 0..<layout.lines.count
    if lines == nil, let bounds = visibleBounds {
      shownLines = layout.lines(
        between: bounds.minY - bounds.height - offset.y, and: bounds.maxY + bounds.height - offset.y
      )
    }
    for decoration in layout.decorations(ofLines: shownLines) {
      let shown = opacity?(decoration.characterIndex) ?? 1
      guard shown > 0 else { continue }
      let color = foregroundColor.withOpacity(decoration.alpha * shown)
      fill(
        decoration.cornerRadius > 0
          ? .roundedRectangle(decoration.rect, cornerRadius: decoration.cornerRadius)
          : .rectangle(decoration.rect), with: color)
    }
  }

  /// The indices of `layout`'s slices that may show when it is drawn in this context.
  public func visibleSlices(of layout: TextLayout) -> Range<Int> {
    var slices = layout.slices.indices
    if let bounds = visibleBounds {
      slices = layout.slices(
        onLinesBetween: bounds.minY - bounds.height - offset.y,
        and: bounds.maxY + bounds.height - offset.y
      ).clamped(to: slices)
    }
    return sliceRange.map { slices.clamped(to: $0) } ?? slices
  }

  /// Draws one slice of a layout, its glyphs as its layout shaped them, in the foreground
  /// colour; blank slices draw nothing.
  public func draw(_ slice: TextLayout.Slice) {
    guard !slice.isBlank, !slice.glyphs.isEmpty else { return }
    let color = foregroundColor.withOpacity(opacity)
    guard color.alpha > 0 else { return }
    for glyph in slice.glyphs {
      list.append(
        .glyph(
          GlyphDraw(
            glyph: glyph.id, font: slice.font, origin: offset + slice.origin + glyph.offset,
            color: color)))
    }
  }

  /// Draws a whole layout in the foreground colour with its top-left corner at `origin`.
  public func draw(_ layout: TextLayout, at origin: Point) {
    var placed = self
    placed.offset = offset + origin
    for index in placed.visibleSlices(of: layout) { placed.draw(layout.slices[index]) }
  }

  /// Draws `text` in `font` with its top-left corner at `point` (the top of its first line): a
  /// label or a cursor, in a text renderer of your own. It is laid out as any text is, as it
  /// is recorded, by the typesetter of the renderer that records (in its own direction, a
  /// fallback font for what `font` lacks, lines only at its own line breaks); to wrap a
  /// paragraph or to show parts of it, lay it out and draw its slices.
  public func draw(_ text: String, font: Font, at point: Point) {
    draw(text, font: font, at: point, endsThere: false)
  }

  /// Draws `text` as ``draw(_:font:at:)`` does, but ending at `point`: a cursor after text
  /// that grows leftwards.
  package func draw(_ text: String, font: Font, endingAt point: Point) {
    draw(text, font: font, at: point, endsThere: true)
  }

  private func draw(_ text: String, font: Font, at point: Point, endsThere: Bool) {
    guard let typesetter else { return }
    let label = typesetter.label(text, font: font)
    let origin = offset + point
    var placed = self
    placed.offset = Point(x: endsThere ? origin.x - label.size.width : origin.x, y: origin.y)
    for slice in label.slices { placed.draw(slice) }
  }

  /// This context, drawing layers in `view`'s own scope: its ids never meet another view's,
  /// and its versions are its own to count from anywhere, as Dear ImGui's ID stack scopes a
  /// widget's. A view that draws in a place another drew (a kiosk's next item) repeats
  /// nothing of the other's, though the two count alike: the list holds each view a frame
  /// after it drew, so no new one takes its identity while its layers are compared.
  public func scoped(by view: AnyObject) -> GraphicsContext {
    list.keep(scope: view)
    var scoped = self
    scoped.layerScope = ObjectIdentifier(view)
    return scoped
  }

  /// Draws what `body` draws as layer `id` of the frame, in this context's scope
  /// (``scoped(by:)``): when the frame before, recorded into the same list, drew that layer
  /// at the same `version` in the same colour, opacity and visible part, and at the same
  /// offset, the layer repeats that frame's commands and `body` is not called. Otherwise
  /// `body` draws, and the renderer finds each glyph where the glyph at its place in that
  /// frame's layer landed, moved, when the two draw the same (a line a scroll moved, one whose
  /// front moved on). `version` is a number the view changes whenever `body` would draw
  /// anything else; nil draws every frame. A view's ids are unique in a frame; layers do not
  /// nest. `TextEffectsRenderer.drawChanges(_:)` then redraws only what the layers that
  /// changed cover.
  public func layer(id: Int, version: Int?, _ body: (GraphicsContext) -> Void) {
    let key = DrawList.Key(
      version: version, color: foregroundColor, opacity: opacity, visibleBounds: visibleBounds)
    list.layer(id: DrawList.LayerID(scope: layerScope, number: id), key: key, offset: offset) {
      body(self)
    }
  }

  /// Says that `rect` (in this context's coordinates) shows text scrolled `offset` points down
  /// from its start, so that a frame scrolled by whole pixels from the last one can move the
  /// pixels it keeps rather than draw them again.
  package func scrolls(_ rect: Rect, by offset: Double) {
    list.scrolledView = DrawList.ScrolledView(
      rect: Rect(origin: rect.origin + self.offset, size: rect.size), offset: offset)
  }

  /// Fills `shape`, placed in this context's coordinates.
  public func fill(_ shape: Shape, with color: RGBAColor) {
    let color = color.withOpacity(opacity)
    guard color.alpha > 0 else { return }
    list.append(.shape(ShapeDraw(shape: shape.offsetBy(offset), color: color)))
  }
}

extension Shape {
  func offsetBy(_ offset: Point) -> Shape {
    switch self {
    case .rectangle(let rect):
      return .rectangle(Rect(origin: rect.origin + offset, size: rect.size))
    case .roundedRectangle(let rect, let radius):
      return .roundedRectangle(
        Rect(origin: rect.origin + offset, size: rect.size), cornerRadius: radius)
    case .circle(let center, let radius):
      return .circle(center: center + offset, radius: radius)
    }
  }
}
