import CSDL2
import CSDL2TTF
import TextEffects

extension GlyphAtlas {
  /// An emoji, drawn in colour by SDL2_ttf at the emoji font's one size (HarfBuzz inside it
  /// joins a family, a flag or a skin tone into one picture) and scaled to the text's pixels:
  /// halved while more than twice too big, then stretched linearly, so small sizes keep their
  /// detail instead of the aliasing of one large step. The steps average premultiplied
  /// colours, or the clear pixels' black would darken every edge.
  func rasteriseColour(_ key: Key, font: OpaquePointer) -> Entry {
    let none = Entry(x: 0, y: 0, width: 0, height: 0, bearing: 0)
    guard
      let drawn = TTF_RenderUTF8_Blended(font, key.text, SDL_Color(r: 255, g: 255, b: 255, a: 255))
    else { return none }
    defer { SDL_FreeSurface(drawn) }
    guard var picture = SDL_ConvertSurfaceFormat(drawn, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
    else { return none }
    defer { SDL_FreeSurface(picture) }
    let pixels = picture.pointee
    SDL_PremultiplyAlpha(
      pixels.w, pixels.h, pixels.format.pointee.format, pixels.pixels, pixels.pitch,
      pixels.format.pointee.format, pixels.pixels, pixels.pitch)
    let scale = key.font.size * key.pixelsPerPoint / FontFiles.emojiStrikePixels
    guard scale.isFinite, scale > 0 else { return none }
    let target = (
      w: Int32(min(max((Double(picture.pointee.w) * scale).rounded(), 1), 4096)),
      h: Int32(min(max((Double(picture.pointee.h) * scale).rounded(), 1), 4096))
    )
    while picture.pointee.w != target.w || picture.pointee.h != target.h {
      let halving = picture.pointee.w / 2 >= target.w && picture.pointee.h / 2 >= target.h
      let size = halving ? (w: picture.pointee.w / 2, h: picture.pointee.h / 2) : target
      guard let step = Self.stretched(picture, to: size) else { return none }
      SDL_FreeSurface(picture)
      picture = step
    }
    Self.unpremultiply(picture)
    guard let place = allocate(width: target.w, height: target.h) else { return none }
    var destination = SDL_Rect(x: place.x, y: place.y, w: target.w, h: target.h)
    SDL_SetSurfaceBlendMode(picture, SDL_BLENDMODE_NONE)
    SDL_UpperBlit(picture, nil, surface, &destination)
    isDirty = true
    return Entry(
      x: place.x, y: place.y, width: target.w, height: target.h, bearing: 0, isColour: true)
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
