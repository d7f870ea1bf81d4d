import CSDL2
import TextEffects

extension GlyphAtlas {
  /// An emoji, drawn in colour at the emoji font's one size and scaled to the text's pixels:
  /// halved while more than twice too big, then stretched linearly, so small sizes keep their
  /// detail instead of the aliasing of one large step. The steps average premultiplied
  /// colours, or the clear pixels' black would darken every edge.
  ///
  /// The picture is first set in a box as SDL2_ttf boxes a glyph it draws alone (the line's
  /// height, the pen's advance, the ink placed from the line's top), so the box, not the ink,
  /// is scaled and its top left placed at the pen: an emoji stands as it did when SDL2_ttf drew
  /// it, on the baseline of the text around it.
  func rasteriseColour(_ bitmap: GlyphBitmap, of key: Key, in face: FontFace) -> Entry {
    let advance = Int32(truncatingIfNeeded: face.advance(of: key.glyph) >> 6)
    let minX = min(0, bitmap.left)
    let maxX = max(bitmap.left + bitmap.width, advance)
    let minY = min(0, face.ascent - bitmap.top)
    let maxY = max(face.height, face.ascent - bitmap.top + bitmap.rows)
    guard var picture = Self.surface(width: maxX - minX, height: maxY - minY) else { return .none }
    defer { SDL_FreeSurface(picture) }
    Self.place(bitmap, in: picture, x: bitmap.left - minX, y: face.ascent - bitmap.top - minY)
    let pixels = picture.pointee
    SDL_PremultiplyAlpha(
      pixels.w, pixels.h, pixels.format.pointee.format, pixels.pixels, pixels.pitch,
      pixels.format.pointee.format, pixels.pixels, pixels.pitch)
    let scale = key.shownPixelsPerEm / face.pixelsPerEm
    guard scale.isFinite, scale > 0 else { return .none }
    let target = (
      w: Int32(min(max((Double(picture.pointee.w) * scale).rounded(), 1), 4096)),
      h: Int32(min(max((Double(picture.pointee.h) * scale).rounded(), 1), 4096))
    )
    while picture.pointee.w != target.w || picture.pointee.h != target.h {
      let halving = picture.pointee.w / 2 >= target.w && picture.pointee.h / 2 >= target.h
      let size = halving ? (w: picture.pointee.w / 2, h: picture.pointee.h / 2) : target
      guard let step = Self.stretched(picture, to: size) else { return .none }
      SDL_FreeSurface(picture)
      picture = step
    }
    Self.unpremultiply(picture)
    guard let place = allocate(width: target.w, height: target.h) else { return .none }
    var destination = SDL_Rect(x: place.x, y: place.y, w: target.w, h: target.h)
    SDL_SetSurfaceBlendMode(picture, SDL_BLENDMODE_NONE)
    SDL_UpperBlit(picture, nil, surface, &destination)
    isDirty = true
    return Entry(
      x: place.x, y: place.y, width: target.w, height: target.h, bearing: 0, isColour: true)
  }

  private static func surface(width: Int32, height: Int32) -> UnsafeMutablePointer<SDL_Surface>? {
    guard width > 0, height > 0, width <= 4096, height <= 4096,
      let made = SDL_CreateRGBSurfaceWithFormat(
        0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { return nil }
    SDL_FillRect(made, nil, 0)
    return made
  }

  /// Copies `bitmap` into `picture` with its top left at (`x`, `y`).
  private static func place(
    _ bitmap: GlyphBitmap, in picture: UnsafeMutablePointer<SDL_Surface>, x: Int32, y: Int32
  ) {
    guard let base = picture.pointee.pixels else { return }
    let pitch = Int(picture.pointee.pitch)
    for row in 0..<Int(bitmap.rows) {
      let line = (base + (Int(y) + row) * pitch).assumingMemoryBound(to: UInt32.self)
      for column in 0..<Int(bitmap.width) {
        line[Int(x) + column] = bitmap.pixels[row * Int(bitmap.width) + column]
      }
    }
  }

  /// Back to straight alpha, as the atlas keeps its glyphs.
  private static func unpremultiply(_ picture: UnsafeMutablePointer<SDL_Surface>) {
    let surface = picture.pointee
    guard let base = surface.pixels else { return }
    for row in 0..<Int(surface.h) {
      let line = (base + row * Int(surface.pitch)).assumingMemoryBound(to: UInt32.self)
      for column in 0..<Int(surface.w) {
        let pixel = line[column]
        let alpha = pixel >> 24
        guard alpha > 0, alpha < 255 else { continue }
        func channel(_ shift: UInt32) -> UInt32 {
          min(((pixel >> shift) & 0xFF) * 255 / alpha, 255) << shift
        }
        line[column] = (alpha << 24) | channel(16) | channel(8) | channel(0)
      }
    }
  }

  /// `picture` stretched linearly to `size`, in a new surface.
  private static func stretched(
    _ picture: UnsafeMutablePointer<SDL_Surface>, to size: (w: Int32, h: Int32)
  ) -> UnsafeMutablePointer<SDL_Surface>? {
    guard
      let made = SDL_CreateRGBSurfaceWithFormat(
        0, size.w, size.h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { return nil }
    guard SDL_SoftStretchLinear(picture, nil, made, nil) == 0 else {
      SDL_FreeSurface(made)
      return nil
    }
    return made
  }
}
