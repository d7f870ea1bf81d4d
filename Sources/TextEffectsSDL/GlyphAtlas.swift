// Sections: Looking up, The texture and its pixels, Packing

import CSDL2
import TextEffects

/// Each glyph rasterised once by FreeType, packed in shelves into one texture.
///
/// The atlas keeps a CPU copy (an SDL surface) and uploads it when it changed, so a lost or new
/// texture is rebuilt without rasterising anything again. A 3×3 white block in the corner lets
/// shapes be drawn in the same `SDL_RenderGeometry` call as the glyphs.
final class GlyphAtlas {
  // MARK: Looking up

  struct Key {
    /// The face and size it is rasterised from.
    var face: FontLibrary.FaceKey
    var glyph: UInt32
    /// The pixels per em it is shown at, for a colour glyph drawn at its strike and scaled;
    /// 0 for the others, which are rasterised at the size they show.
    var shownPixelsPerEm: Double
  }

  /// Where a glyph's bitmap is in the atlas and where it goes relative to the pen.
  struct Entry {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32
    /// From the pen to the bitmap's left edge, in pixels (negative for ink left of the pen).
    var bearing: Int32
    /// From the top of the font's line down to the bitmap's top edge, in pixels.
    var rise: Int32 = 0
    /// An emoji's own colours: drawn as they are, not in the text's colour.
    var isColour = false

    static let none = Entry(x: 0, y: 0, width: 0, height: 0, bearing: 0)
  }

  static let padding: Int32 = 1
  static let maximumSide: Int32 = 4096

  private let fonts: FontLibrary
  private(set) var surface: UnsafeMutablePointer<SDL_Surface>
  /// What a glyph is rasterised from but its index: a face at one size. A run of glyphs in
  /// one font finds its strike once, then each glyph by its index alone (hashing a whole key
  /// per glyph, 3,000 a frame, was a tenth of a streamed answer's frame).
  struct Strike: Hashable {
    var face: FontLibrary.FaceKey
    var shownPixelsPerEm: Double
  }
  /// Each strike and its glyphs, by the strike's place; a place, once given, stays its own.
  private var entries: [(strike: Strike, glyphs: [UInt32: Entry])] = []
  private var strikes: [Strike: Int] = [:]
  private var shelfY: Int32 = 0
  private var shelfHeight: Int32 = 0
  private var cursorX: Int32 = 0
  private var texture: OpaquePointer?
  /// Kept alive while its texture is: a renderer frees its textures when it goes.
  private var textureOwner: SDLRenderTarget?
  var isDirty = true
  /// Counts rasterisations, so tests and the bench can see that a glyph is made only once.
  private(set) var misses = 0
  /// Bumped when the atlas is cleared; entries looked up before are void after.
  private(set) var generation = 0

  /// An atlas 1024 pixels wide and `height` tall. It starts low, since a window keeps it twice
  /// (the CPU copy and the texture): a 1024×1024 one cost a kiosk 8 MB for its few dozen
  /// glyphs. It doubles in height as glyphs come, and sizes that are powers of two keep the
  /// texture coordinates exact.
  init(fonts: FontLibrary, height: Int32 = 256) throws {
    self.fonts = fonts
    surface = try Self.makeSurface(width: 1024, height: height)
    reserveWhiteBlock()
  }

  deinit {
    releaseTexture()
    SDL_FreeSurface(surface)
  }

  /// Drops a texture its renderer already lost (a device reset); the next frame uploads the
  /// CPU copy into a new one, without rasterising anything again.
  func forgetTexture() {
    texture = nil
    textureOwner = nil
  }

  /// Frees the texture now, before its renderer goes; the CPU copy stays for the next one.
  func releaseTexture() {
    if let texture { SDL_DestroyTexture(texture) }
    texture = nil
    textureOwner = nil
  }

  var width: Int32 { surface.pointee.w }
  var height: Int32 { surface.pointee.h }
  var glyphCount: Int { entries.reduce(0) { $0 + $1.glyphs.count } }

  /// The centre of the white block, in texture coordinates.
  var whiteTexel: SDL_FPoint {
    SDL_FPoint(x: 1.5 / Float(width), y: 1.5 / Float(height))
  }

  /// The place of `strike`'s glyphs, for ``entry(_:in:)``: kept for the atlas's life, even
  /// across a ``clear()``.
  func place(of strike: Strike) -> Int {
    if let place = strikes[strike] { return place }
    entries.append((strike, [:]))
    strikes[strike] = entries.count - 1
    return entries.count - 1
  }

  /// The glyph `glyph` of the strike at `place`, rasterised now if it is not in the atlas yet.
  func entry(_ glyph: UInt32, in place: Int) -> Entry {
    if let entry = entries[place].glyphs[glyph] { return entry }
    misses += 1
    let strike = entries[place].strike
    let entry = rasterise(
      Key(face: strike.face, glyph: glyph, shownPixelsPerEm: strike.shownPixelsPerEm))
    entries[place].glyphs[glyph] = entry
    return entry
  }

  // MARK: The texture and its pixels

  /// The texture for `target`, uploaded from the CPU copy if that changed since.
  func texture(for target: SDLRenderTarget) throws -> OpaquePointer {
    if texture == nil || textureOwner !== target {
      releaseTexture()
      guard
        let made = SDL_CreateTexture(
          target.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
          Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width, height)
      else { throw SDLError.last("Could not create the glyph atlas texture") }
      SDL_SetTextureBlendMode(made, SDL_BLENDMODE_BLEND)
      SDL_SetTextureScaleMode(made, SDL_ScaleModeNearest)
      texture = made
      textureOwner = target
      isDirty = true
    }
    guard let texture else { throw SDLError("The glyph atlas texture is missing") }
    if isDirty {
      SDL_UpdateTexture(texture, nil, surface.pointee.pixels, surface.pointee.pitch)
      isDirty = false
    }
    return texture
  }

  /// Drops every glyph: the atlas is full of glyphs no longer in use.
  func clear() {
    for place in entries.indices { entries[place].glyphs.removeAll() }
    SDL_FillRect(surface, nil, 0)
    shelfY = 0
    shelfHeight = 0
    cursorX = 0
    reserveWhiteBlock()
    generation += 1
    isDirty = true
  }

  private func reserveWhiteBlock() {
    var block = SDL_Rect(x: 0, y: 0, w: 3, h: 3)
    SDL_FillRect(surface, &block, 0xFFFF_FFFF)
    cursorX = 3 + Self.padding
    shelfHeight = 3
  }

  private func rasterise(_ key: Key) -> Entry {
    let face = fonts.face(for: key.face)
    guard let bitmap = face.bitmap(of: key.glyph) else { return .none }
    if bitmap.isColour {
      return rasteriseColour(bitmap, of: key, in: face)
    }
    guard let place = allocate(width: bitmap.width, height: bitmap.rows) else { return .none }
    copy(bitmap.pixels, width: bitmap.width, rows: bitmap.rows, to: place)
    return Entry(
      x: place.x, y: place.y, width: bitmap.width, height: bitmap.rows, bearing: bitmap.left,
      rise: face.ascent - bitmap.top)
  }

  /// Copies `pixels` (ARGB rows of `width`) into the atlas at `place`.
  func copy(_ pixels: [UInt32], width: Int32, rows: Int32, to place: (x: Int32, y: Int32)) {
    guard let base = surface.pointee.pixels else { return }
    let pitch = Int(surface.pointee.pitch)
    pixels.withUnsafeBufferPointer { source in
      for row in 0..<Int(rows) {
        let line = (base + (Int(place.y) + row) * pitch).assumingMemoryBound(to: UInt32.self)
        for column in 0..<Int(width) {
          line[Int(place.x) + column] = source[row * Int(width) + column]
        }
      }
    }
    isDirty = true
  }

  // MARK: Packing

  /// A free spot on the current shelf or a new one; grows the atlas, or clears it when it is at
  /// its largest, so it never grows without bound. Nil only for a bitmap larger than the atlas.
  func allocate(width: Int32, height: Int32) -> (x: Int32, y: Int32)? {
    guard width + Self.padding <= Self.maximumSide, height + 4 <= Self.maximumSide else {
      return nil
    }
    // A glyph wider than the atlas (a large size's "W") widens it, up to the largest side.
    if width + Self.padding > self.width {
      guard let grown = try? grow(width: Self.maximumSide, height: self.height) else { return nil }
      SDL_FreeSurface(surface)
      surface = grown
    }
    if cursorX + width + Self.padding > self.width {
      shelfY += shelfHeight + Self.padding
      shelfHeight = 0
      cursorX = 0
    }
    if shelfY + height > self.height {
      if self.height < Self.maximumSide,
        let grown = try? grow(width: self.width, height: min(self.height * 2, Self.maximumSide))
      {
        SDL_FreeSurface(surface)
        surface = grown
      } else {
        clear()
      }
      return allocate(width: width, height: height)
    }
    defer {
      cursorX += width + Self.padding
      shelfHeight = max(shelfHeight, height)
    }
    return (cursorX, shelfY)
  }

  /// A larger copy of the atlas, so glyphs already placed keep their pixels.
  private func grow(width: Int32, height: Int32) throws -> UnsafeMutablePointer<SDL_Surface> {
    let grown = try Self.makeSurface(width: width, height: height)
    SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
    SDL_UpperBlit(surface, nil, grown, nil)
    releaseTexture()
    generation += 1
    return grown
  }

  private static func makeSurface(width: Int32, height: Int32) throws
    -> UnsafeMutablePointer<SDL_Surface>
  {
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw SDLError.last("Could not allocate the glyph atlas") }
    SDL_FillRect(surface, nil, 0)
    return surface
  }
}
