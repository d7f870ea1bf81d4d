import CSDL2
import FoundationEssentials
import TextEffects

// Sections: Drawing, Drawing what changed, Turning a list into geometry

/// Draws texts with effects into an `SDL_Renderer` that your program owns, in its own loop.
///
/// ```swift
/// let textEffects = try TextEffectsRenderer(renderer: sdlRenderer)
/// // each frame, with the time your loop keeps:
/// try textEffects.draw(TypewriterText("Hello"), at: seconds, in: Rect(x: 40, y: 40, width: 560, height: 100))
/// SDL_RenderPresent(sdlRenderer)
/// ```
///
/// Each `draw` is one `SDL_RenderGeometry` call: every glyph comes from one atlas texture, made
/// from the bundled fonts (Inter, JetBrains Mono, Noto Color Emoji) the first time it is drawn.
/// It never makes a window, never reads the clock and never presents: the loop, the time and
/// the renderer stay yours. Let it go, or call ``releaseTextures()``, before you destroy the
/// `SDL_Renderer`.
public final class TextEffectsRenderer {
  // MARK: Drawing
  private let fonts: FontLibrary
  /// The glyphs drawn so far; read by the soak tests, which hold its size flat.
  let atlas: GlyphAtlas
  private var vertices: [SDL_Vertex] = []
  private var indices: [Int32] = []
  /// Where the frame's glyphs land, and the pixels each command may touch.
  private var placements = FramePlacements()
  private var mesh = ShapeMesh()
  /// The pixels the commands drawn so far in the rectangle being drawn may touch: a shape over
  /// none of them lies over the background alone.
  private var drawnBounds: [PixelRect] = []
  /// Those of `drawnBounds` that meet the shape being added.
  private var nearby: [PixelRect] = []
  /// What was drawn last by ``drawChanges(_:)``, to find what the next frame changes.
  private var damage = FrameDamage()
  /// What every method draws into.
  private var target: SDLRenderTarget?
  /// Lays out the texts it draws or records (and a cursor or a stand-in letter their effects
  /// draw), at the current scale.
  private var layouts: Typesetter
  private let list = DrawList(background: .clear)

  /// Pixels per point: 2 draws every point as two pixels each way, for a high-density screen.
  /// Above 0 and up to 64; glyphs are drawn from 1 to 1,024 pixels per em whatever the scale.
  public var pixelsPerPoint: Double {
    didSet {
      pixelsPerPoint = Self.checkedScale(pixelsPerPoint)
      guard pixelsPerPoint != oldValue else { return }
      layouts = Typesetter(fonts: fonts.metricsProvider(pixelsPerPoint: pixelsPerPoint))
      damage.invalidate()
    }
  }

  /// The `SDL_Renderer` it draws into. Give it a new one when yours is made again (after a
  /// resize of a software window, say); the glyphs are uploaded again, not drawn again.
  public var renderer: OpaquePointer? {
    get { target?.renderer }
    set {
      guard newValue != target?.renderer else { return }
      releaseTextures()
      target = newValue.map(SDLRenderTarget.drawing(into:))
      damage.invalidate()
    }
  }

  /// A renderer that draws into `renderer` at `pixelsPerPoint`, with the fonts in
  /// `fontsDirectory`; when nil, the bundled ones: `$TEXT_EFFECTS_ASSETS/Fonts` when set, else
  /// `Assets/Fonts` beside the program or in a folder above it, else an installed program's in
  /// `../share/text-effects/Assets/Fonts`, else in the TextEffects package the program was
  /// built with. Throws, saying which, when a font is missing or FreeType does
  /// not start.
  public convenience init(
    renderer: OpaquePointer, pixelsPerPoint: Double = 1, fontsDirectory: URL? = nil
  ) throws {
    try self.init(fonts: FontLibrary(directory: fontsDirectory ?? FontLibrary.bundledDirectory()))
    self.pixelsPerPoint = pixelsPerPoint
    self.renderer = renderer
  }

  /// A renderer with fonts already open, which the window and the screenshots share with the
  /// layout of their scenes; it draws nothing until it is given a ``renderer``.
  package init(fonts: FontLibrary) throws {
    self.fonts = fonts
    atlas = try GlyphAtlas(fonts: fonts)
    pixelsPerPoint = 1
    layouts = Typesetter(fonts: fonts.metricsProvider(pixelsPerPoint: 1))
  }

  /// Glyph quads in the last frame, and SDL_RenderGeometry calls since the renderer was made.
  package private(set) var lastGlyphQuads = 0
  package private(set) var drawCalls = 0
  /// Shapes' rectangles filled with their blended colours over the background, and those
  /// blended, since the renderer was made.
  package private(set) var shapeRectangles = (filled: 0, blended: 0)
  /// How many glyphs the last frame looked up in the atlas: those of the commands it did not
  /// repeat from the frame before, for ``drawChanges(_:)``.
  package var lastGlyphLookups: Int { placements.lookups }
  /// How many frames ``drawChanges(_:)`` drew by moving a scrolled view's pixels, and the
  /// last of those moves.
  package private(set) var movedFrames = 0
  package private(set) var lastMove: PixelMove?

  /// How many glyphs were rasterised since the renderer was made.
  package var atlasMisses: Int { atlas.misses }

  /// Frees the glyph texture now. Call it before you destroy the `SDL_Renderer` if this
  /// renderer stays; the glyphs stay in memory and go up again on the next draw.
  public func releaseTextures() {
    atlas.releaseTexture()
  }

  /// Forgets textures lost with the render device; they are made again from CPU copies.
  package func forgetTextures() {
    atlas.forgetTexture()
  }

  /// Fills the whole renderer with `color`, replacing what is there.
  public func clear(to color: RGBAColor) throws {
    fill(nil, of: try currentTarget(), with: color)
  }

  /// Draws `text` as it is `time` seconds after it started, laid out in `rect` (in points): its
  /// lines wrap to the rectangle's width, sit in it by the text's alignment (leading is the
  /// right for a paragraph that reads right to left) and start at its top; the rectangle does
  /// not clip.
  public func draw(_ text: some AnimatedText, at time: Double = 0, in rect: Rect) throws {
    list.reset(background: .clear)
    try record(text, at: time, in: rect, into: GraphicsContext(list: list))
    try draw(list)
  }

  /// Records `text` as it is `time` seconds after it started, laid out in `rect` as
  /// ``draw(_:at:in:)`` lays it out (in `context`'s coordinates), into `context`'s list: a
  /// frame of your own, of texts and shapes, drawn with ``drawChanges(_:)``. Record each frame
  /// into the same list, after its ``/TextEffects/DrawList/reset(background:)``: a column of a
  /// ``/TextEffects/StreamingText`` then repeats the lines that stayed as they were, and
  /// moves its pixels as it scrolls, so a frame costs what its newest line costs.
  public func record(
    _ text: some AnimatedText, at time: Double = 0, in rect: Rect, into context: GraphicsContext
  ) throws {
    let target = try currentTarget()
    let time = time.isFinite ? time : 0
    let layout = try self.layout(text, at: time, width: rect.width, fillsWidth: true)
    guard rect.minX.isFinite, rect.minY.isFinite else {
      throw SDLError("A text's rectangle must have a finite place, not \(rect.origin)")
    }
    let pixels = target.pixelSize
    // The layout fills the rectangle's width and aligns each paragraph in it; with no width
    // to fill it is as wide as its widest line, placed by its first paragraph's direction.
    let room = rect.width.isFinite ? max(rect.width - layout.size.width, 0) : 0
    let share = text.content.alignment.share(isRightToLeft: layout.isRightToLeft)
    var context = context
    context.typesetter = layouts
    context.foregroundColor = text.content.color
    context.offset = context.offset + Point(x: rect.minX + room * share, y: rect.minY)
    if context.visibleBounds == nil {
      context.visibleBounds = Rect(
        x: 0, y: 0, width: Double(pixels.width) / pixelsPerPoint,
        height: Double(pixels.height) / pixelsPerPoint)
    }
    text.renderer(for: layout, at: time).draw(layout: layout, in: &context)
  }

  /// The size `text` takes when its lines wrap to `width` points (nil: only at its own line
  /// breaks): to centre a title, or to stack texts.
  public func size(of text: some AnimatedText, width: Double? = nil) throws -> Size {
    try layout(text, at: .infinity, width: width).size
  }

  /// Draws everything in `list` over what is there, in order, in one `SDL_RenderGeometry`
  /// call: a frame of your own, recorded through a ``/TextEffects/GraphicsContext``. Call
  /// ``clear(to:)`` with its background first to draw it as a whole frame.
  public func draw(_ list: DrawList) throws {
    let target = try currentTarget()
    placements.find(
      list, scale: pixelsPerPoint, atlas: atlas, fonts: fonts, reusingLayers: true)
    lastGlyphQuads = 0
    try drawGeometry(list, on: target, meeting: nil)
  }

  private func currentTarget() throws -> SDLRenderTarget {
    guard let target else { throw SDLError("There is no SDL renderer to draw into") }
    return target
  }

  private func layout(
    _ text: some AnimatedText, at time: Double, width: Double?, fillsWidth: Bool = false
  ) throws -> TextLayout {
    let font = text.content.font
    guard font.size.isFinite, font.size > 0, font.size <= 4096 else {
      throw SDLError("A font size must be above 0 and up to 4096 points, not \(font.size)")
    }
    let wraps = width.map { $0.isFinite && $0 > 0 } ?? false
    return text.layout(
      at: time,
      for: TextLayoutRequest(width: wraps ? width : nil, fillsWidth: fillsWidth, layouts: layouts))
  }

  private static func checkedScale(_ scale: Double) -> Double {
    scale.isFinite && scale > 0 ? min(scale, 64) : 1
  }
}

// MARK: Drawing what changed

/// Frames that redraw only what changed: for a target that keeps its pixels from one frame to
/// the next, as a window's surface drawn by SDL's software renderer does. A typewriter frame
/// then costs its few new glyphs, not every pixel of the window, and the window sends only
/// those rectangles to the screen.
extension TextEffectsRenderer {
  /// Draws `list` as a whole frame over the frame this method drew last, redrawing only the
  /// rectangles where the two differ (each cleared to the list's background, then given every
  /// command that meets it), and returns them in pixels: what to pass to
  /// `SDL_UpdateWindowSurfaceRects`. Empty when nothing changed, so nothing was drawn. Into a
  /// window's surface or an offscreen image, a view that scrolled by whole pixels moves the
  /// pixels it keeps first (the rows that hold anything), and returns those rows first.
  ///
  /// The first frame, one after ``renderer`` or ``pixelsPerPoint`` changed, one of another size
  /// or background, and one after ``invalidate()`` are drawn whole and returned as one
  /// rectangle as large as the target. The pixels always equal those of ``clear(to:)`` with the
  /// list's background followed by ``draw(_:)``.
  public func drawChanges(_ list: DrawList) throws -> [SDL_Rect] {
    let target = try currentTarget()
    let bounds = self.bounds(of: list)
    let size = target.pixelSize
    let region = damage.update(
      commands: list.commands, bounds: bounds, background: list.background, width: size.width,
      height: size.height, sameStart: placements.repeatedStart,
      scroll: target.canMovePixels
        ? list.scrolledView.map { PixelScroll($0, pixelsPerPoint: pixelsPerPoint) } : nil)
    do {
      switch region {
      case .none:
        return []
      case .moved(let move, let changed):
        try target.movePixels(move)
        movedFrames += 1
        lastMove = move
        try draw(list, bounds: bounds, on: target, only: changed)
        SDL_RenderFlush(target.renderer)
        return (move.copiedRects + changed).map {
          SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height))
        }
      case .full:
        fill(nil, of: target, with: list.background)
        lastGlyphQuads = 0
        try drawGeometry(list, on: target, meeting: nil, over: list.background)
        SDL_RenderFlush(target.renderer)
        return [SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height))]
      case .rects(let changed):
        try draw(list, bounds: bounds, on: target, only: changed)
        SDL_RenderFlush(target.renderer)
        return changed.map {
          SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height))
        }
      }
    } catch {
      damage.invalidate()
      throw error
    }
  }

  /// The target no longer shows the frame ``drawChanges(_:)`` drew last: it was resized or
  /// uncovered, something else drew on it, or showing it failed. The next one is drawn whole.
  public func invalidate() {
    damage.invalidate()
  }
}

// MARK: Turning a list into geometry

/// How a `TextEffectsRenderer` turns a `DrawList` into pixels: glyph quads from the atlas and
/// tessellated shapes, in order, all in one `SDL_RenderGeometry` call, each vertex with its own
/// colour and alpha. Everything here draws into the renderer's own target at its own scale, so
/// what the public methods draw (a caller's texts, the window's frames, the screenshots) all
/// comes through the same steps.
extension TextEffectsRenderer {
  /// The pixels each command of `list` may touch, one rectangle a command: a glyph's bitmap, a
  /// shape's box with its edge pixels. What the damage is found from. The layers this list's frame
  /// before drew alike keep what was found for them.
  private func bounds(of list: DrawList) -> [PixelRect] {
    placements.find(
      list, scale: pixelsPerPoint, atlas: atlas, fonts: fonts, reusingLayers: true)
    return placements.bounds
  }

  /// Redraws only `rects` of `target`, which shows the frame before: each is cleared to the
  /// background and gets every command that meets it, in order, clipped to it; the pixels
  /// equal those of a whole redraw. `bounds` are the list's, from `bounds(of:)`, which found
  /// its glyphs in the atlas just before: they are not looked up again.
  private func draw(
    _ list: DrawList, bounds: [PixelRect], on target: SDLRenderTarget, only rects: [PixelRect]
  ) throws {
    lastGlyphQuads = 0
    defer { SDL_RenderSetClipRect(target.renderer, nil) }
    for rect in rects {
      var clip = SDL_Rect(
        x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
      SDL_RenderSetClipRect(target.renderer, &clip)
      fill(rect, of: target, with: list.background)
      try drawGeometry(list, on: target, meeting: (rect, bounds), over: list.background)
    }
  }

  /// Fills `rect` (or all) of `target` with `color`, replacing what is there.
  private func fill(_ rect: PixelRect?, of target: SDLRenderTarget, with color: RGBAColor) {
    fill(rect, of: target, withBytes: Self.color(color))
  }

  /// Fills `rect` (or all) of `target` with the bytes of `color`, replacing what is there.
  private func fill(_ rect: PixelRect?, of target: SDLRenderTarget, withBytes color: SDL_Color) {
    let renderer = target.renderer
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    guard let rect else {
      SDL_RenderClear(renderer)
      target.cleared(opaque: color.a == 255)
      return
    }
    var area = SDL_Rect(
      x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
    SDL_RenderFillRect(renderer, &area)
  }

  /// The glyph quads and shape meshes of `list`, in order, in one `SDL_RenderGeometry` call;
  /// with `meeting`, only the commands whose bounds meet its rectangle. Over `background`, which
  /// the rectangle (or the target) was just filled with, a shape's rectangles that nothing drawn
  /// before them there reaches are filled with the colours their blend would give
  /// (`BlendedFill`), where the target blends as SDL's software renderer does: the call is
  /// split around them.
  private func drawGeometry(
    _ list: DrawList, on target: SDLRenderTarget,
    meeting limit: (rect: PixelRect, bounds: [PixelRect])?, over background: RGBAColor? = nil
  ) throws {
    let scale = pixelsPerPoint
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
    drawnBounds.removeAll(keepingCapacity: true)
    let atlasWidth = Float(atlas.width)
    let atlasHeight = Float(atlas.height)
    let glyphs = placements.glyphs
    let commandGlyphs = placements.commandGlyphs
    let commands = list.commands
    let bounds = placements.bounds
    let under = target.blendsByteChannels ? background.map(Self.color) : nil
    // A shape is made only where it can show: in the rectangle, or on the target.
    let size = target.pixelSize
    let area = limit?.rect ?? PixelRect(x: 0, y: 0, width: size.width, height: size.height)
    // A command is looked at only once its bounds meet the rectangle: most of a frame's are
    // outside the few rectangles that changed.
    for index in commands.indices {
      if let limit, !limit.bounds[index].intersects(limit.rect) { continue }
      switch commands[index] {
      case .glyph(let glyph):
        for (entry, place) in glyphs[commandGlyphs[index]] where entry.width > 0 {
          lastGlyphQuads += 1
          appendQuad(
            left: Float(place.x), top: Float(place.y), width: Float(entry.width),
            height: Float(entry.height),
            u: Float(entry.x) / atlasWidth, v: Float(entry.y) / atlasHeight,
            uWidth: Float(entry.width) / atlasWidth, vHeight: Float(entry.height) / atlasHeight,
            color: Self.color(entry.isColour ? .white.withOpacity(glyph.color.alpha) : glyph.color)
          )
        }
      case .shape(let shape):
        mesh.removeAll()
        mesh.append(shape.shape, pixelsPerPoint: scale, within: area)
        try add(mesh, in: shape.color, over: under, meeting: bounds[index], on: target)
      }
      if under != nil, case .glyph = commands[index] { drawnBounds.append(bounds[index]) }
    }
    try flushGeometry(on: target)
  }

  /// Draws the glyph quads and blended shapes gathered so far, if any, in one call.
  private func flushGeometry(on target: SDLRenderTarget) throws {
    guard !indices.isEmpty else { return }
    let texture = try atlas.texture(for: target)
    let result = SDL_RenderGeometry(
      target.renderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
    drawCalls += 1
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
    guard result == 0 else { throw SDLError.last("Drawing the frame failed") }
  }

  /// Adds `mesh`, a shape's pixels in `color`, whose bounds are `reach`. Over `background`,
  /// each of its rectangles that no pixel drawn before it in this rectangle meets is filled
  /// with the colour its blend would give (the quads before it are drawn first); the others
  /// are blended, as quads of the atlas's white texel. What it covers is noted, exactly.
  private func add(
    _ mesh: ShapeMesh, in color: RGBAColor, over background: SDL_Color?,
    meeting reach: PixelRect, on target: SDLRenderTarget
  ) throws {
    let white = atlas.whiteTexel
    nearby.removeAll(keepingCapacity: true)
    if background != nil {
      nearby.append(contentsOf: drawnBounds.lazy.filter { $0.intersects(reach) })
    }
    var flushed = false
    var covered = PixelRect.empty
    for rectangle in mesh.rectangles {
      let rect = rectangle.rect
      let colour = Self.color(color.withOpacity(Double(rectangle.coverage)))
      covered = covered.isEmpty ? rect : covered.union(rect)
      guard let background, !nearby.contains(where: { $0.intersects(rect) }) else {
        shapeRectangles.blended += 1
        appendQuad(
          left: Float(rect.x), top: Float(rect.y), width: Float(rect.width),
          height: Float(rect.height), u: white.x, v: white.y, uWidth: 0, vHeight: 0,
          color: colour)
        continue
      }
      if !flushed {
        try flushGeometry(on: target)
        flushed = true
      }
      shapeRectangles.filled += 1
      fill(rect, of: target, withBytes: BlendedFill.color(colour, over: background))
    }
    if background != nil, !covered.isEmpty { drawnBounds.append(covered) }
  }

  private func appendQuad(
    left: Float, top: Float, width: Float, height: Float, u: Float, v: Float, uWidth: Float,
    vHeight: Float, color: SDL_Color
  ) {
    let base = Int32(vertices.count)
    vertices.append(
      SDL_Vertex(
        position: SDL_FPoint(x: left, y: top), color: color, tex_coord: SDL_FPoint(x: u, y: v)))
    vertices.append(
      SDL_Vertex(
        position: SDL_FPoint(x: left + width, y: top), color: color,
        tex_coord: SDL_FPoint(x: u + uWidth, y: v)))
    vertices.append(
      SDL_Vertex(
        position: SDL_FPoint(x: left + width, y: top + height), color: color,
        tex_coord: SDL_FPoint(x: u + uWidth, y: v + vHeight)))
    vertices.append(
      SDL_Vertex(
        position: SDL_FPoint(x: left, y: top + height), color: color,
        tex_coord: SDL_FPoint(x: u, y: v + vHeight)))
    indices += [base, base + 1, base + 2, base, base + 2, base + 3]
  }

  /// A colour channel as a byte: held within 0...1 first, NaN as 0, so no channel traps.
  private static func byte(_ channel: Double) -> UInt8 {
    channel.isNaN ? 0 : UInt8((min(max(channel, 0), 1) * 255).rounded())
  }

  package static func color(_ color: RGBAColor) -> SDL_Color {
    SDL_Color(
      r: byte(color.red), g: byte(color.green), b: byte(color.blue), a: byte(color.alpha))
  }
}
