import TextEffects

/// Where each glyph of a frame lands and the pixels each command may touch: found in the glyph
/// atlas before any vertex is made, so that an atlas that grows or clears part-way leaves no
/// vertex pointing at a stale place.
///
/// A glyph's place depends only on its content, its font and the whole pixel its pen starts
/// in. So the glyphs of a layer the frame before drew too (``/TextEffects/DrawList/Layer``)
/// are found where the glyphs at their places there landed, moved as their pens moved, when
/// the two draw the same: a layer repeated keeps all, a line a scroll moved or whose front
/// moved on keeps all but its new glyphs. Only the rest (new lines, a cursor) is looked up.
struct FramePlacements {
  typealias Placement = (entry: GlyphAtlas.Entry, rect: PixelRect)

  /// The frame's glyphs, in order; the range of them each command drew (a glyph command one,
  /// a shape none); the pixels each command may touch.
  private(set) var glyphs: [Placement] = []
  private(set) var commandGlyphs: [Range<Int>] = []
  private(set) var bounds: [PixelRect] = []
  /// How many glyphs the last ``find(_:scale:atlas:fonts:reusingLayers:)`` looked up in the
  /// atlas.
  private(set) var lookups = 0
  /// How many commands from the start the layers of the last frame found say are the frame
  /// before's, repeated where they were: what the damage need not compare.
  private(set) var repeatedStart = 0

  /// The frame found before, while the arrays above are this one's: its commands, glyphs and
  /// bounds, which list and frame it was, and the atlas generation and scale it was found at.
  private var lastCommands: [DrawList.Command] = []
  private var lastGlyphs: [Placement] = []
  private var lastCommandGlyphs: [Range<Int>] = []
  private var lastBounds: [PixelRect] = []
  private weak var lastList: DrawList?
  private var last: (frame: Int, generation: Int, scale: Double)?

  /// Finds where every glyph of `list` lands at `scale` pixels a point. With `reusingLayers`,
  /// when the frame found last was this list's one before, its layers' findings are kept.
  mutating func find(
    _ list: DrawList, scale: Double, atlas: GlyphAtlas, fonts: FontLibrary, reusingLayers: Bool
  ) {
    for _ in 0..<2 {
      let generation = atlas.generation
      let follows =
        reusingLayers && lastList === list
        && last.map { $0 == (list.frameNumber - 1, generation, scale) } == true
      swap(&glyphs, &lastGlyphs)
      swap(&commandGlyphs, &lastCommandGlyphs)
      swap(&bounds, &lastBounds)
      glyphs.removeAll(keepingCapacity: true)
      commandGlyphs.removeAll(keepingCapacity: true)
      bounds.removeAll(keepingCapacity: true)
      lookups = 0
      repeatedStart = follows ? list.repeatedStart : 0
      var finder = Finder(atlas: atlas, fonts: fonts, scale: scale)
      var next = 0
      for layer in follows ? list.layers : [] {
        guard let earlier = layer.last else { continue }
        lookUp(list.commands[next..<layer.commands.lowerBound], of: list, with: &finder)
        if layer.repeats {
          repeatLast(earlier)
        } else {
          for (index, old) in zip(layer.commands, earlier) {
            keep(list.commands[index], of: list, as: old, with: &finder)
          }
        }
        next = min(layer.commands.upperBound, layer.commands.lowerBound + earlier.count)
      }
      lookUp(list.commands[next...], of: list, with: &finder)
      lastList = list
      lastCommands = list.commands
      if atlas.generation == generation {
        last = (list.frameNumber, generation, scale)
        return
      }
      // The atlas cleared part-way: what was found before is void.
      last = nil
      repeatedStart = 0
    }
  }

  /// Keeps what was found for the last frame's commands `old`, which this frame repeats.
  private mutating func repeatLast(_ old: Range<Int>) {
    guard let first = old.first, let last = old.last else { return }
    let from = lastCommandGlyphs[first].lowerBound
    let shift = glyphs.count - from
    glyphs.append(contentsOf: lastGlyphs[from..<lastCommandGlyphs[last].upperBound])
    for range in lastCommandGlyphs[old] {
      commandGlyphs.append((range.lowerBound + shift)..<(range.upperBound + shift))
    }
    bounds.append(contentsOf: lastBounds[old])
  }

  /// Keeps for `command`, one of `list`'s, what was found for the last frame's command `old`,
  /// moved as its pen moved, when both draw the same content in the same font; else looks it
  /// up.
  private mutating func keep(
    _ command: DrawList.Command, of list: DrawList, as old: Int, with finder: inout Finder
  ) {
    guard case .glyph(let glyph) = command, case .glyph(let earlier) = lastCommands[old],
      glyph.glyph == earlier.glyph, glyph.font == earlier.font
    else {
      lookUp(CollectionOfOne(command), of: list, with: &finder)
      return
    }
    let dx = Self.pixel(glyph.origin.x, finder.scale) - Self.pixel(earlier.origin.x, finder.scale)
    let dy = Self.pixel(glyph.origin.y, finder.scale) - Self.pixel(earlier.origin.y, finder.scale)
    let start = glyphs.count
    for (entry, rect) in lastGlyphs[lastCommandGlyphs[old]] {
      glyphs.append((entry, Self.moved(rect, dx, dy)))
    }
    commandGlyphs.append(start..<glyphs.count)
    bounds.append(Self.moved(lastBounds[old], dx, dy))
  }

  /// Looks `commands`, some of `list`'s, up: their glyphs in the atlas, their shapes' pixels.
  private mutating func lookUp(
    _ commands: some Collection<DrawList.Command>, of list: DrawList, with finder: inout Finder
  ) {
    for command in commands {
      switch command {
      case .glyph(let glyph):
        let start = glyphs.count
        lookups += finder.place(glyph, into: &glyphs)
        commandGlyphs.append(start..<glyphs.count)
        bounds.append(glyphs[start...].reduce(PixelRect.empty) { $0.union($1.rect) })
      case .shape(let shape):
        commandGlyphs.append(glyphs.count..<glyphs.count)
        bounds.append(shape.shape.pixelBounds(pixelsPerPoint: finder.scale))
      }
    }
  }

  /// The whole pixel a glyph's pen at `coordinate` points starts in (as `GlyphDraw.pixelRect`
  /// finds it).
  private static func pixel(_ coordinate: Double, _ scale: Double) -> Int {
    PixelRect.wholePixel(coordinate * scale + 1e-6, .down)
  }

  private static func moved(_ rect: PixelRect, _ dx: Int, _ dy: Int) -> PixelRect {
    rect.isEmpty
      ? rect : PixelRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
  }
}

/// Looks glyphs up in the atlas at one scale; glyphs in a row share their font, whose face and
/// strike are found once for them.
private struct Finder {
  let atlas: GlyphAtlas
  let fonts: FontLibrary
  let scale: Double
  private var last: (font: Font, strike: Int)?

  init(atlas: GlyphAtlas, fonts: FontLibrary, scale: Double) {
    self.atlas = atlas
    self.fonts = fonts
    self.scale = scale
  }

  /// Appends where `glyph` lands; returns how many glyphs it looked up.
  mutating func place(_ glyph: GlyphDraw, into placements: inout [FramePlacements.Placement])
    -> Int
  {
    if last?.font != glyph.font {
      let key = fonts.faceKey(for: glyph.font, pixelsPerPoint: scale)
      let face = fonts.face(for: key)
      let shown = face.isColour ? glyph.font.size * scale : 0
      last = (glyph.font, atlas.place(of: .init(face: key, shownPixelsPerEm: shown)))
    }
    guard let (_, strike) = last else { return 0 }
    let entry = atlas.entry(glyph.glyph, in: strike)
    let rect = glyph.pixelRect(
      pixelsPerPoint: scale, bearing: Int(entry.bearing), rise: Int(entry.rise),
      width: Int(entry.width), height: Int(entry.height))
    placements.append((entry, rect))
    return 1
  }
}
