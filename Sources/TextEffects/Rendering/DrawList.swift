// Sections: Commands, The frame, Recording, Layers

/// One glyph to draw from the glyph atlas: which glyph of which font, its top-left pen position
/// and its colour. Plain bytes: a frame of a long answer repeats thousands of them from the
/// frame before, copied and dropped without counting references. A string (a cursor, a
/// stand-in letter) is laid out where it is recorded (``GraphicsContext/typesetter``), so a
/// list holds glyphs and shapes only and its drawer never lays text out.
package struct GlyphDraw: Hashable, Sendable {
  /// The glyph's index in the font, as shaping chose it.
  package var glyph: UInt32
  package var font: Font
  /// The pen position at the top of the line, in points; the atlas knows the bitmap's bearing.
  package var origin: Point
  /// The colour with the context's opacity already folded into its alpha.
  package var color: RGBAColor

  package init(glyph: UInt32, font: Font, origin: Point, color: RGBAColor) {
    self.glyph = glyph
    self.font = font
    self.origin = origin
    self.color = color
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
    case glyph(GlyphDraw)
    case shape(ShapeDraw)
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

  /// The glyphs only, in order: what tests most often look at.
  package var glyphs: [GlyphDraw] {
    commands.compactMap {
      if case .glyph(let glyph) = $0 { return glyph }
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
