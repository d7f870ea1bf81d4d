import CSDL2
import CSDL2Image
import TextEffects

/// An SDL renderer and what it draws into: a window, or an offscreen surface for screenshots.
/// Both draw through the same `TextEffectsRenderer`, so a screenshot shows what the window shows.
package final class SDLRenderTarget {
  package let renderer: OpaquePointer
  /// The surface behind an offscreen target, which it owns; nil for a window.
  private let surface: UnsafeMutablePointer<SDL_Surface>?
  /// The surface the renderer draws into when it is known: the offscreen one, or a window's
  /// own surface that a software renderer draws into. Its pixels can be moved.
  private let pixels: UnsafeMutablePointer<SDL_Surface>?
  /// Whether it was last cleared to an opaque colour (``cleared(opaque:)``): an image with an
  /// alpha channel is then read and written opaque, as one made opaque would be. Blending keeps
  /// the colour the same either way, but rounds a glyph's edge into the alpha channel at
  /// 249-253, which a picture put on a light page shows as fringes.
  private var clearedOpaque = false

  /// A target for a window's renderer; the window owns neither.
  package init(renderer: OpaquePointer) {
    self.renderer = renderer
    surface = nil
    pixels = nil
  }

  /// The target for a software renderer that draws into a window's `surface`, whose pixels
  /// can so be moved; the window owns both. Renderers given the same `renderer` draw into
  /// this target while it lives.
  package init(renderer: OpaquePointer, drawingInto surface: UnsafeMutablePointer<SDL_Surface>) {
    self.renderer = renderer
    self.surface = nil
    pixels = surface
    Self.knownTargets.add(self)
  }

  /// The target for `renderer`: the offscreen one that owns it while that one lives, else a
  /// new one for a renderer someone else owns (a window's). A `TextEffectsRenderer` given an
  /// `OffscreenImage`'s bare renderer so holds the image's target, and the image cannot destroy
  /// its renderer, and the glyph texture with it, while it is still drawn into: Swift may end
  /// an image's life at its last use, before the `TextEffectsRenderer`'s.
  static func drawing(into renderer: OpaquePointer) -> SDLRenderTarget {
    knownTargets.target(for: renderer) ?? SDLRenderTarget(renderer: renderer)
  }

  private static let knownTargets = KnownTargets()

  /// An offscreen target of `width` × `height` pixels with SDL's software renderer: needs no
  /// display and draws the same pixels on every machine.
  ///
  /// An `opaque` one keeps no alpha: a frame drawn on an opaque background is opaque in every
  /// pixel, as a window shows it, and is written so. (Blended into an alpha channel, glyph
  /// edges left it at 249-253, rounded differently from one SDL to the next: a screenshot put
  /// on a light page showed fringes.)
  package init(offscreenWidth width: Int, height: Int, opaque: Bool = false) throws {
    guard width > 0, height > 0, width <= 16384, height <= 16384 else {
      throw SDLError("An offscreen image of \(width)×\(height) pixels is not possible")
    }
    let format = opaque ? SDL_PIXELFORMAT_XRGB8888 : SDL_PIXELFORMAT_ARGB8888
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, format.rawValue)
    else { throw SDLError.last("Could not allocate a \(width)×\(height) image") }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      SDL_FreeSurface(surface)
      throw SDLError.last("Could not create the software renderer")
    }
    self.surface = surface
    self.renderer = renderer
    pixels = surface
    Self.knownTargets.add(self)
  }

  deinit {
    if pixels != nil { Self.knownTargets.remove(renderer) }
    if let surface {
      SDL_DestroyRenderer(renderer)
      SDL_FreeSurface(surface)
    }
  }

  /// Whether ``movePixels(_:)`` can move what was drawn.
  package var canMovePixels: Bool { pixels != nil }

  /// Whether SDL's software renderer draws into 32-bit pixels of 8-bit channels here (an
  /// offscreen image, or a window's surface at the usual depth), so a colour blended over the
  /// background gives the pixels ``BlendedFill`` works out.
  package var blendsByteChannels: Bool {
    guard let format = pixels?.pointee.format?.pointee.format else { return false }
    return format == SDL_PIXELFORMAT_XRGB8888.rawValue
      || format == SDL_PIXELFORMAT_ARGB8888.rawValue
  }

  /// Moves the pixels of `move`'s source to its area, as a scroll does: what is drawn is
  /// finished first, then each of the move's rows is copied in the order that reads every one
  /// before it is written over.
  package func movePixels(_ move: PixelMove) throws {
    guard let pixels else { throw SDLError("Only a surface's pixels can be moved") }
    let bounds = PixelRect(x: 0, y: 0, width: Int(pixels.pointee.w), height: Int(pixels.pointee.h))
    guard bounds.contains(move.area), bounds.contains(move.source), !move.area.isEmpty,
      move.rows.allSatisfy({ $0.lowerBound >= move.area.y && $0.upperBound <= move.area.maxY })
    else {
      throw SDLError("Pixels can only be moved inside the surface")
    }
    SDL_RenderFlush(renderer)
    let locks = pixels.pointee.flags & UInt32(SDL_RLEACCEL) != 0
    if locks, SDL_LockSurface(pixels) != 0 {
      throw SDLError.last("Could not reach the pixels to move them")
    }
    defer { if locks { SDL_UnlockSurface(pixels) } }
    guard let base = pixels.pointee.pixels, let format = pixels.pointee.format else {
      throw SDLError("The surface has no pixels to move")
    }
    let pitch = Int(pixels.pointee.pitch)
    let bytes = Int(format.pointee.BytesPerPixel)
    let start = move.area.x * bytes
    func copy(_ row: Int) {
      memmove(
        base + row * pitch + start, base + (row - move.down) * pitch + start,
        move.area.width * bytes)
    }
    if move.down > 0 {
      for run in move.rows.reversed() { for row in run.reversed() { copy(row) } }
    } else {
      for run in move.rows { for row in run { copy(row) } }
    }
  }

  /// The size of what is drawn into, in pixels.
  package var pixelSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &width, &height)
    return (Int(width), Int(height))
  }

  /// Writes what it holds to `path` as a PNG: the offscreen image, or the window's own surface
  /// that a software renderer draws into (the pixels the window shows). Another window's
  /// renderer (OpenGL) keeps no copy to save: `saveDrawnPNG(to:)` reads what it drew.
  package func savePNG(to path: String) throws {
    guard let pixels else {
      throw SDLError(
        "the OpenGL renderer keeps no copy of the screen; draw the frame and save what was drawn")
    }
    SDL_RenderFlush(renderer)
    let opaque = try opaqueCopy(of: pixels)
    defer { if let opaque { SDL_FreeSurface(opaque) } }
    try PNGFile.save(opaque ?? pixels, to: path)
  }

  /// Says that the whole target was just filled with a colour, opaque or not.
  package func cleared(opaque: Bool) {
    clearedOpaque = opaque
  }

  /// A copy of `surface` without its alpha channel when the target was cleared opaque and the
  /// surface has one; nil when it is to be read as it is.
  private func opaqueCopy(of surface: UnsafeMutablePointer<SDL_Surface>) throws
    -> UnsafeMutablePointer<SDL_Surface>?
  {
    guard clearedOpaque, surface.pointee.format.pointee.Amask != 0 else { return nil }
    guard let copy = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_XRGB8888.rawValue, 0)
    else { throw SDLError.last("Could not read the image") }
    return copy
  }

  /// Writes what the renderer has drawn since it last presented (OpenGL's back buffer) as a
  /// PNG: the screen's own pixels when the frame on screen was just drawn again, as it can be,
  /// each frame being a pure function of its draw list.
  package func saveDrawnPNG(to path: String) throws {
    let size = pixelSize
    guard
      let copy = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw SDLError.last("Could not allocate a \(size.width)×\(size.height) image") }
    defer { SDL_FreeSurface(copy) }
    guard
      SDL_RenderReadPixels(
        renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, copy.pointee.pixels, copy.pointee.pitch)
        == 0
    else { throw SDLError.last("Could not read the screen's pixels") }
    try PNGFile.save(copy, to: path)
  }

  /// Copies this offscreen image into `other` with its top-left corner at (`x`, `y`) pixels.
  package func copy(into other: SDLRenderTarget, x: Int, y: Int) throws {
    guard let surface, let destination = other.surface else {
      throw SDLError("Only offscreen images can be copied")
    }
    SDL_RenderFlush(renderer)
    SDL_RenderFlush(other.renderer)
    SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
    var place = SDL_Rect(x: Int32(x), y: Int32(y), w: surface.pointee.w, h: surface.pointee.h)
    guard SDL_UpperBlit(surface, nil, destination, &place) == 0 else {
      throw SDLError.last("Could not copy a frame into the contact sheet")
    }
  }

  /// The offscreen image's pixels.
  package func image() throws -> RGBAImage {
    guard let surface else { throw SDLError("Only an offscreen image can be read directly") }
    SDL_RenderFlush(renderer)
    let opaque = try opaqueCopy(of: surface)
    defer { if let opaque { SDL_FreeSurface(opaque) } }
    guard
      let rgba = SDL_ConvertSurfaceFormat(opaque ?? surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0)
    else { throw SDLError.last("Could not read the image") }
    defer { SDL_FreeSurface(rgba) }
    return PNGFile.image(of: rgba)
  }
}

/// The targets alive now that know their surface (offscreen images, windows' software
/// renderers), by renderer, held weakly, for any thread (the suites draw on several).
private final class KnownTargets: @unchecked Sendable {
  private struct Weak {
    weak var target: SDLRenderTarget?
  }
  private let lock = Lock()
  /// Guarded by `lock`.
  private var targets: [OpaquePointer: Weak] = [:]

  func add(_ target: SDLRenderTarget) {
    lock.withLock { targets[target.renderer] = Weak(target: target) }
  }

  /// Forgets the target of `renderer` once it is gone: a target made since for a new renderer
  /// at the same address stays.
  func remove(_ renderer: OpaquePointer) {
    lock.withLock {
      if targets[renderer]?.target == nil { targets.removeValue(forKey: renderer) }
    }
  }

  func target(for renderer: OpaquePointer) -> SDLRenderTarget? {
    lock.withLock { targets[renderer]?.target }
  }
}
