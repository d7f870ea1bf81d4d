import CSDL2
import Foundation
import TextEffects

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
  let fonts: FontLibrary
  let atlas: GlyphAtlas
  var vertices: [SDL_Vertex] = []
  var indices: [Int32] = []
  var glyphEntries: [GlyphAtlas.Entry] = []
  var mesh = ShapeMesh()
  var commandBounds: [PixelRect] = []
  /// What was drawn last by ``drawChanges(_:)``, to find what the next frame changes.
  var damage = FrameDamage()
  /// What every method draws into.
  private var target: SDLRenderTarget?
  /// Layouts of the texts drawn lately, at the current scale.
  private var layouts: TextLayoutCache
  private let list = DrawList(background: .clear)

  /// Pixels per point: 2 draws every point as two pixels each way, for a high-density screen.
  /// Above 0 and up to 64; glyphs are drawn from 1 to 1,024 pixels per em whatever the scale.
  public var pixelsPerPoint: Double {
    didSet {
      pixelsPerPoint = Self.checkedScale(pixelsPerPoint)
      guard pixelsPerPoint != oldValue else { return }
      layouts = TextLayoutCache(fonts: fonts.metricsProvider(pixelsPerPoint: pixelsPerPoint))
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
  /// `Assets/Fonts` beside the program or in a folder above it, else in the TextEffects package
  /// the program was built with. Throws, saying which, when a font is missing or SDL2_ttf does
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
    layouts = TextLayoutCache(fonts: fonts.metricsProvider(pixelsPerPoint: 1))
  }

  /// Glyph quads in the last frame, and SDL_RenderGeometry calls since the renderer was made.
  package internal(set) var lastGlyphQuads = 0
  package internal(set) var drawCalls = 0

  /// How many glyphs were rasterised since the renderer was made.
  package var atlasMisses: Int { atlas.misses }

  /// Frees the glyph texture now. Call it before you destroy the `SDL_Renderer` if this
  /// renderer stays; the glyphs stay in memory and go up again on the next draw.
  public func releaseTextures() {
    atlas.releaseTexture()
  }

  /// Forgets textures lost with the render device; they are made again from CPU copies.
  func forgetTextures() {
    atlas.forgetTexture()
  }

  /// Fills the whole renderer with `color`, replacing what is there.
  public func clear(to color: RGBAColor) throws {
    fill(nil, of: try currentTarget(), with: color)
  }

  /// Draws `text` as it is `time` seconds after it started, laid out in `rect` (in points): its
  /// lines wrap to the rectangle's width, sit in it by the text's alignment and start at its
  /// top; the rectangle does not clip.
  public func draw(_ text: some AnimatedText, at time: Double = 0, in rect: Rect) throws {
    let target = try currentTarget()
    let layout = try self.layout(text.content, width: rect.width)
    guard rect.minX.isFinite, rect.minY.isFinite else {
      throw SDLError("A text's rectangle must have a finite place, not \(rect.origin)")
    }
    let pixels = target.pixelSize
    list.reset(background: .clear)
    // The layout is as wide as its widest line; its alignment places it in the rectangle too.
    let room = rect.width.isFinite ? max(rect.width - layout.size.width, 0) : 0
    let share: Double =
      switch text.content.alignment {
      case .leading: 0
      case .center: 0.5
      case .trailing: 1
      }
    var context = GraphicsContext(
      list: list, foregroundColor: text.content.color,
      offset: Point(x: rect.minX + room * share, y: rect.minY))
    context.visibleBounds = Rect(
      x: 0, y: 0, width: Double(pixels.width) / pixelsPerPoint,
      height: Double(pixels.height) / pixelsPerPoint)
    text.renderer(for: layout, at: time.isFinite ? time : 0).draw(layout: layout, in: &context)
    try draw(list)
  }

  /// The size `text` takes when its lines wrap to `width` points (nil: only at its own line
  /// breaks): to centre a title, or to stack texts.
  public func size(of text: some AnimatedText, width: Double? = nil) throws -> Size {
    try layout(text.content, width: width).size
  }

  /// Draws everything in `list` over what is there, in order, in one `SDL_RenderGeometry`
  /// call: a frame of your own, recorded through a ``/TextEffects/GraphicsContext``. Call
  /// ``clear(to:)`` with its background first to draw it as a whole frame.
  public func draw(_ list: DrawList) throws {
    let target = try currentTarget()
    lookUpGlyphs(list)
    lastGlyphQuads = 0
    try drawGeometry(list, on: target, meeting: nil)
  }

  func currentTarget() throws -> SDLRenderTarget {
    guard let target else { throw SDLError("There is no SDL renderer to draw into") }
    return target
  }

  private func layout(_ content: Text, width: Double?) throws -> TextLayout {
    guard content.font.size.isFinite, content.font.size > 0, content.font.size <= 4096 else {
      throw SDLError("A font size must be above 0 and up to 4096 points, not \(content.font.size)")
    }
    let wraps = width.map { $0.isFinite && $0 > 0 } ?? false
    return layouts.layout(
      content.string, font: content.font, width: wraps ? width : nil,
      alignment: content.alignment,
      lineSpacing: content.lineSpacing.isFinite ? content.lineSpacing : 0)
  }

  private static func checkedScale(_ scale: Double) -> Double {
    scale.isFinite && scale > 0 ? min(scale, 64) : 1
  }
}
