import CSDL2
import TextEffects

/// How a `TextEffectsRenderer` turns a `DrawList` into pixels: glyph quads from the atlas and
/// tessellated shapes, in order, all in one `SDL_RenderGeometry` call, each vertex with its own
/// colour and alpha. Everything here draws into the renderer's own target at its own scale, so
/// what the public methods draw (a caller's texts, the window's frames, the screenshots) all
/// comes through the same steps.
extension TextEffectsRenderer {
  /// The pixels each command of `list` may touch, one rectangle a command: a glyph's bitmap, a
  /// shape's box with its fringe. What the damage is found from.
  func bounds(of list: DrawList) -> [PixelRect] {
    lookUpGlyphs(list)
    let scale = pixelsPerPoint
    commandBounds.removeAll(keepingCapacity: true)
    var glyphIndex = 0
    for command in list.commands {
      switch command {
      case .glyph(let glyph):
        commandBounds.append(Self.place(glyph, entry: glyphEntries[glyphIndex], scale: scale))
        glyphIndex += 1
      case .shape(let shape):
        commandBounds.append(shape.shape.pixelBounds(pixelsPerPoint: scale))
      }
    }
    return commandBounds
  }

  /// Redraws only `rects` of `target`, which shows the frame before: each is cleared to the
  /// background and gets every command that meets it, in order, clipped to it; the pixels
  /// equal those of a whole redraw. `bounds` are the list's, from `bounds(of:)`.
  func draw(
    _ list: DrawList, bounds: [PixelRect], on target: SDLRenderTarget, only rects: [PixelRect]
  ) throws {
    lookUpGlyphs(list)
    lastGlyphQuads = 0
    defer { SDL_RenderSetClipRect(target.renderer, nil) }
    for rect in rects {
      var clip = SDL_Rect(
        x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
      SDL_RenderSetClipRect(target.renderer, &clip)
      fill(rect, of: target, with: list.background)
      try drawGeometry(list, on: target, meeting: (rect, bounds))
    }
  }

  /// Fills `rect` (or all) of `target` with `color`, replacing what is there.
  func fill(_ rect: PixelRect?, of target: SDLRenderTarget, with color: RGBAColor) {
    let renderer = target.renderer
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
    SDL_SetRenderDrawColor(
      renderer, Self.byte(color.red), Self.byte(color.green), Self.byte(color.blue),
      Self.byte(color.alpha))
    guard let rect else {
      SDL_RenderClear(renderer)
      return
    }
    var area = SDL_Rect(
      x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
    SDL_RenderFillRect(renderer, &area)
  }

  /// The glyph quads and shape meshes of `list` in one `SDL_RenderGeometry` call; with
  /// `meeting`, only the commands whose bounds meet its rectangle.
  func drawGeometry(
    _ list: DrawList, on target: SDLRenderTarget,
    meeting limit: (rect: PixelRect, bounds: [PixelRect])?
  ) throws {
    let scale = pixelsPerPoint
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
    let atlasWidth = Float(atlas.width)
    let atlasHeight = Float(atlas.height)
    let white = atlas.whiteTexel
    var glyphIndex = -1  // the glyph's place among the frame's looked-up entries
    for (index, command) in zip(list.commands.indices, list.commands) {
      if case .glyph = command { glyphIndex += 1 }
      if let limit, !limit.bounds[index].intersects(limit.rect) { continue }
      switch command {
      case .glyph(let glyph):
        let entry = glyphEntries[glyphIndex]
        guard entry.width > 0 else { continue }
        lastGlyphQuads += 1
        let place = Self.place(glyph, entry: entry, scale: scale)
        appendQuad(
          left: Float(place.x), top: Float(place.y), width: Float(entry.width),
          height: Float(entry.height),
          u: Float(entry.x) / atlasWidth, v: Float(entry.y) / atlasHeight,
          uWidth: Float(entry.width) / atlasWidth, vHeight: Float(entry.height) / atlasHeight,
          color: Self.color(entry.isColour ? .white.withOpacity(glyph.color.alpha) : glyph.color))
      case .shape(let shape):
        mesh.removeAll()
        mesh.append(shape.shape, pixelsPerPoint: scale)
        let base = Int32(vertices.count)
        for vertex in mesh.vertices {
          vertices.append(
            SDL_Vertex(
              position: SDL_FPoint(x: vertex.x, y: vertex.y),
              color: Self.color(shape.color.withOpacity(Double(vertex.coverage))),
              tex_coord: white))
        }
        for index in mesh.indices { indices.append(base + index) }
      }
    }
    guard !indices.isEmpty else { return }
    let texture = try atlas.texture(for: target)
    let result = SDL_RenderGeometry(
      target.renderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
    drawCalls += 1
    guard result == 0 else { throw SDLError.last("Drawing the frame failed") }
  }

  /// Where a glyph's bitmap lands, in pixels.
  static func place(_ glyph: GlyphDraw, entry: GlyphAtlas.Entry, scale: Double)
    -> PixelRect
  {
    glyph.pixelRect(
      pixelsPerPoint: scale, bearing: Int(entry.bearing), width: Int(entry.width),
      height: Int(entry.height))
  }

  /// Finds every glyph of the frame in the atlas before any vertex is made, so that an atlas
  /// that grows or clears part-way leaves no vertex pointing at a stale place.
  func lookUpGlyphs(_ list: DrawList) {
    let scale = pixelsPerPoint
    for _ in 0..<2 {
      let generation = atlas.generation
      glyphEntries.removeAll(keepingCapacity: true)
      for command in list.commands {
        guard case .glyph(let glyph) = command else { continue }
        glyphEntries.append(
          atlas.entry(for: .init(text: glyph.text, font: glyph.font, pixelsPerPoint: scale)))
      }
      if atlas.generation == generation { return }
    }
  }

  func appendQuad(
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
  static func byte(_ channel: Double) -> UInt8 {
    channel.isNaN ? 0 : UInt8((min(max(channel, 0), 1) * 255).rounded())
  }

  static func color(_ color: RGBAColor) -> SDL_Color {
    SDL_Color(
      r: byte(color.red), g: byte(color.green), b: byte(color.blue), a: byte(color.alpha))
  }
}
