// Sections: Commands, The frame, Recording, Layers

/// One glyph to draw from the glyph atlas: which, in what font, its top-left pen position and
/// its colour.
package struct GlyphDraw: Hashable, Sendable {
  /// What is drawn: a glyph a layout's shaping chose, or a short string laid out where it is
  /// drawn, as any text is (a typewriter's cursor, a decoding letter's stand-in, a caller's
  /// label): a renderer knows the fonts at its scale, which a context does not.
  package enum Content: Hashable, Sendable {
    /// The glyph with this index in the font.
    case glyph(UInt32)
    /// The string, starting at the origin, or ending there when `endsAtOrigin` (a cursor after
    /// text that grows leftwards).
    case text(String, endsAtOrigin: Bool)
  }

  package var content: Content
  package var font: Font
  /// The pen position at the top of the line, in points; the atlas knows the bitmap's bearing.
  package var origin: Point
  /// The colour with the context's opacity already folded into its alpha.
  package var color: RGBAColor

  /// Calls `body` with each glyph this draws, as a glyph of its own font: itself, or a
  /// string's glyphs laid out by `layouts` (``Typesetter/label(_:font:)``), so a label
  /// is shaped as a paragraph is, never on a path of its own.
  package func forEachGlyph(laidOutBy layouts: Typesetter, _ body: (GlyphDraw) -> Void) {
    guard case .text(let text, let endsAtOrigin) = content else { return body(self) }
    let label = layouts.label(text, font: font)
    let start = Point(x: endsAtOrigin ? origin.x - label.size.width : origin.x, y: origin.y)
    for slice in label.slices where !slice.isBlank {
      for glyph in slice.glyphs {
        body(
          GlyphDraw(
            content: .glyph(glyph.id), font: slice.font,
            origin: start + slice.origin + glyph.offset,
            color: color))
      }
    }
  }
}

/// The filled shapes the demos use: their backgrounds, cards, bubbles and dots.
public enum Shape: Hashable, Sendable {
  /// A rectangle with square corners.
  case rectangle(Rect)
  /// A rectangle whose corners are quarter circles of `cornerRadius` points.
  case roundedRectangle(Rect, cornerRadius: Double)
  /// A disc.
  case circle(center: Point, radius: Double)
}

package struct ShapeDraw: Hashable, Sendable {
  package var shape: Shape
  package var color: RGBAColor
}

/// What a frame draws, in order, back to front, in points.
///
/// A renderer records into it through a `GraphicsContext`; the SDL layer turns it into as few
/// `SDL_RenderGeometry` calls as it can. It is a class so that copies of a context, which an
/// effect makes to change opacity or offset for a few slices, all record into the same list.
public final class DrawList {
  // MARK: Commands

  package enum Command: Hashable, Sendable {
    case glyph(Glyph)
    case shape(ShapeDraw)
  }

  /// A glyph as a frame keeps it: a ``GlyphDraw`` whose label, if it is one, is named by its
  /// place among the list's labels rather than held. A command is then plain bytes, copied
  /// and dropped without counting references: a frame of a long answer repeats thousands of
  /// them from the frame before, and copying and dropping them one by one was a twentieth of a
  /// streaming kiosk's processor time. ``drawn(_:)`` gives the label's string back.
  package struct Glyph: Hashable, Sendable {
    package enum Content: Hashable, Sendable {
      /// The glyph with this index in the font.
      case glyph(UInt32)
      /// A string laid out where it is drawn, as ``GlyphDraw/Content/text(_:endsAtOrigin:)``.
      case label(Label, endsAtOrigin: Bool)
    }

    package var content: Content
    package var font: Font
    package var origin: Point
    package var color: RGBAColor
  }

  /// A label's string: the table of labels it is kept in and its place there. A table keeps
  /// each string once and its number is the process's alone, so two labels are equal exactly
  /// when they name the same string in the same table (across tables or lists, never: a frame
  /// compared with another list's draws them again, as it should).
  package struct Label: Hashable, Sendable {
    fileprivate var table: UInt32
    fileprivate var index: UInt32
  }

  // MARK: The frame

  /// The colour the frame is cleared to.
  public var background: RGBAColor
  package private(set) var commands: [Command] = []
  /// The view whose text the frame shows scrolled, when it has one.
  package var scrolledView: ScrolledView?
  /// The layers this frame drew (``GraphicsContext/layer(id:version:_:)``), in order.
  package private(set) var layers: [Layer] = []
  /// The last frame's commands and its layers by id, kept after ``reset(background:)`` so that
  /// a layer drawn alike repeats its commands.
  private var lastFrame: [Command] = []
  private var lastLayers: [Layer] = []
  /// Where the next layer is likely found in `lastLayers` (layers mostly come in the same
  /// order frame after frame), and where each is by id, made when one is not found there.
  private var nextLastLayer = 0
  private var lastLayerIndex: [LayerID: Int]?
  /// The views that scoped this frame's layers and the last frame's, held for a frame after
  /// they drew (``GraphicsContext/scoped(by:)``): while the last frame's layers are compared
  /// with this one's, no new view can take the place in memory, and so the scope, of one
  /// that has gone.
  private var scopes: [AnyObject] = []
  private var lastScopes: [AnyObject] = []
  /// Counts the frames recorded into the list, so that a renderer knows whether the frame it
  /// drew last is the one this one's layers repeat.
  package private(set) var frameNumber = 0

  /// The strings the labels name, each once, where each is, and the table's number.
  private var labels: [String] = []
  private var labelPlaces: [ExactText: UInt32] = [:]
  private var labelTable = DrawList.newLabelTable()
  private static let labelTables = SharedCounter()
  private static func newLabelTable() -> UInt32 {
    UInt32(truncatingIfNeeded: labelTables.next())
  }
  /// The strings a table keeps at most: a program that draws ever new labels (a clock, a
  /// score) would otherwise have its list keep every one. Past it, the next frame starts a
  /// new table and draws its layers rather than repeating the last frame's.
  package static let labelLimit = 1_024

  /// A run of a frame's commands that its drawer named, and perhaps versioned, so that the next
  /// frame can say it draws the same: the one place a frame says what it repeats. The renderer
  /// keeps what it found for a layer's glyphs (where each landed, the pixels each touches)
  /// and the damage what it compared, rather than working either out again.
  /// A layer's id: the number its view gave it, in the scope of that view (nil: the frame's
  /// own, shared by every unscoped drawer).
  package struct LayerID: Hashable {
    package var scope: ObjectIdentifier?
    package var number: Int
  }

  package struct Layer {
    package var id: LayerID
    /// What the commands depend on besides where they are: the drawer's version number, if it
    /// gave one, and the context's colour, opacity and visible part.
    package var key: Key
    /// The context's offset when it was drawn.
    package var offset: Point
    package var commands: Range<Int>
    /// The last frame's commands of the layer with this id, if it drew one: the renderer finds
    /// each glyph where the one at its place there landed, moved, when the two draw the same.
    package var last: Range<Int>?
    /// Whether its commands are the last frame's, repeated rather than drawn: that frame drew
    /// it at an equal version, in the same context, at the same offset.
    package var repeats: Bool
  }

  package struct Key: Equatable {
    var version: Int?
    var color: RGBAColor
    var opacity: Double
    var visibleBounds: Rect?
  }

  /// A part of the frame whose content scrolls: its rectangle in points, and how far down its
  /// content it shows. From one frame to the next that scrolled by whole pixels, the pixels
  /// that stay in view move instead of being drawn again.
  package struct ScrolledView: Equatable, Sendable {
    package var rect: Rect
    package var offset: Double

    package init(rect: Rect, offset: Double) {
      self.rect = rect
      self.offset = offset
    }
  }

  /// An empty list for a frame cleared to `background`.
  public init(background: RGBAColor = .black) {
    self.background = background
  }

  // MARK: Recording

  package func append(_ command: Command) {
    commands.append(command)
  }

  /// Records `glyph`, its label's string kept in the list's table.
  package func append(_ glyph: GlyphDraw) {
    let content: Glyph.Content
    switch glyph.content {
    case .glyph(let id): content = .glyph(id)
    case .text(let text, let endsAtOrigin):
      content = .label(label(for: text), endsAtOrigin: endsAtOrigin)
    }
    commands.append(
      .glyph(Glyph(content: content, font: glyph.font, origin: glyph.origin, color: glyph.color)))
  }

  /// The label that names `text` in this list's table, kept there if it is new.
  private func label(for text: String) -> Label {
    let key = ExactText(text)
    if let index = labelPlaces[key] { return Label(table: labelTable, index: index) }
    let index = UInt32(labels.count)
    labels.append(text)
    labelPlaces[key] = index
    return Label(table: labelTable, index: index)
  }

  /// `glyph`, one of this frame's, as it was drawn: its label's string in place.
  package func drawn(_ glyph: Glyph) -> GlyphDraw {
    let content: GlyphDraw.Content
    switch glyph.content {
    case .glyph(let id): content = .glyph(id)
    case .label(let label, let endsAtOrigin):
      precondition(label.table == labelTable, "a label of another list or an earlier table")
      content = .text(labels[Int(label.index)], endsAtOrigin: endsAtOrigin)
    }
    return GlyphDraw(content: content, font: glyph.font, origin: glyph.origin, color: glyph.color)
  }

  /// The glyphs only, in order, as drawn: what tests most often look at.
  package var glyphs: [GlyphDraw] {
    commands.compactMap {
      if case .glyph(let glyph) = $0 { return drawn(glyph) }
      return nil
    }
  }

  /// Starts the next frame, cleared to `background`: empties the list, keeping its storage
  /// and the frame it held, whose layers the next frame may repeat
  /// (``GraphicsContext/layer(id:version:_:)``).
  public func reset(background: RGBAColor) {
    self.background = background
    swap(&lastFrame, &commands)
    commands.removeAll(keepingCapacity: true)
    swap(&lastLayers, &layers)
    layers.removeAll(keepingCapacity: true)
    swap(&lastScopes, &scopes)
    scopes.removeAll(keepingCapacity: true)
    nextLastLayer = 0
    lastLayerIndex = nil
    scrolledView = nil
    frameNumber += 1
    if labels.count > Self.labelLimit {
      // The last frame's labels name the old table's strings: none of it is repeated.
      labels.removeAll()
      labelPlaces.removeAll()
      labelTable = Self.newLabelTable()
      lastFrame.removeAll()
      lastLayers.removeAll()
    }
  }

  // MARK: Layers

  /// Holds `view` until the frame after next begins: it scopes this frame's layers.
  func keep(scope view: AnyObject) {
    guard !scopes.contains(where: { $0 === view }) else { return }
    scopes.append(view)
  }

  /// Records layer `id`: the last frame's commands of it when that frame drew it with the same
  /// versioned key at the same offset, else what `draw` records.
  package func layer(id: LayerID, key: Key, offset: Point, draw: () -> Void) {
    let start = commands.count
    let last = lastLayer(id: id)
    let repeats = key.version != nil && last?.key == key && last?.offset == offset
    if let last, repeats {
      commands.append(contentsOf: lastFrame[last.commands])
    } else {
      draw()
    }
    layers.append(
      Layer(
        id: id, key: key, offset: offset, commands: start..<commands.count, last: last?.commands,
        repeats: repeats))
  }

  /// The last frame's layer `id`, if it drew one.
  private func lastLayer(id: LayerID) -> Layer? {
    var index: Int?
    if nextLastLayer < lastLayers.count, lastLayers[nextLastLayer].id == id {
      index = nextLastLayer
    } else {
      if lastLayerIndex == nil {
        lastLayerIndex = Dictionary(
          lastLayers.indices.map { (lastLayers[$0].id, $0) },
          uniquingKeysWith: { first, _ in first })
      }
      index = lastLayerIndex?[id]
    }
    guard let index else { return nil }
    nextLastLayer = index + 1
    return lastLayers[index]
  }

  /// How many commands from the start are the last frame's first ones, repeated by layers that
  /// follow one another from the first command, each where it was.
  package var repeatedStart: Int {
    var start = 0
    for layer in layers {
      guard layer.commands.lowerBound == start, layer.repeats, layer.last == layer.commands
      else { break }
      start = layer.commands.upperBound
    }
    return start
  }
}
