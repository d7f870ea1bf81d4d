import CSDL2
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// Renders a scene's frames at their times (60 a second unless told) and times them: offscreen on
/// the software renderer, or in a window on OpenGL. Then, unless told not to, it draws the same
/// frames the way most SDL programs draw text (each glyph's cached bitmap copied into a new
/// surface and texture, every frame, as SDL2_ttf's rendering calls do) for a side-by-side
/// figure from the same run.
package struct Bench {
  package var scene: SceneKind
  package var settings: SceneSettings
  package var times: [Double]
  package var size: Size
  package var scale: Double
  package var renderer: BenchRequest.Renderer
  package var runsBaseline: Bool

  package init(
    scene: SceneKind, settings: SceneSettings, times: [Double], size: Size, scale: Double,
    renderer: BenchRequest.Renderer, runsBaseline: Bool
  ) {
    self.scene = scene
    self.settings = settings
    self.times = times
    self.size = size
    self.scale = scale
    self.renderer = renderer
    self.runsBaseline = runsBaseline
  }

  package struct Result {
    package var milliseconds: [Double]
    package var baselineMilliseconds: [Double]?
    package var glyphQuads: [Int]
    package var drawCallsPerFrame: Double
    package var atlasMissesAfterFirstFrame: Int
    /// From the process's start to the first frame presented (OpenGL window only).
    package var launchToFirstFrame: Double?

    package static func percentile(_ values: [Double], _ fraction: Double) -> Double {
      guard !values.isEmpty else { return 0 }
      let sorted = values.sorted()
      return sorted[min(Int((Double(sorted.count - 1) * fraction).rounded()), sorted.count - 1)]
    }
  }

  package func run(fonts: FontLibrary) throws -> Result {
    let surface = try Surface(renderer: renderer, size: size, scale: scale)
    let drawer = try TextEffectsRenderer(fonts: fonts)
    drawer.renderer = surface.target.renderer
    drawer.pixelsPerPoint = scale
    let showcase = Showcase(
      scene: scene, settings: settings, showsChrome: false,
      fonts: fonts.metricsProvider(pixelsPerPoint: scale), now: 0)
    let list = DrawList()
    var milliseconds: [Double] = []
    var quads: [Int] = []
    var firstFrameMisses = 0
    var launchToFirstFrame: Double?
    for (frame, time) in times.enumerated() {
      let start = SDL_GetPerformanceCounter()
      showcase.draw(at: time, in: size, into: list)
      try drawer.clear(to: list.background)
      try drawer.draw(list)
      surface.finish()
      milliseconds.append(Self.milliseconds(since: start))
      quads.append(drawer.lastGlyphQuads)
      if frame == 0 {
        firstFrameMisses = drawer.atlasMisses
        if renderer == .opengl { launchToFirstFrame = ProcessClock.secondsSinceLaunch() }
      }
    }
    let drawCalls = drawer.drawCalls
    var baseline: [Double]?
    if runsBaseline {
      let naive = NaiveTextDrawer(fonts: fonts)
      let shapes = DrawList()
      baseline = []
      for time in times {
        let start = SDL_GetPerformanceCounter()
        showcase.draw(at: time, in: size, into: list)
        // The shapes as ours are drawn, so that only the text is done the naive way.
        shapes.reset(background: list.background)
        for command in list.commands {
          if case .shape = command { shapes.append(command) }
        }
        try drawer.clear(to: shapes.background)
        try drawer.draw(shapes)
        try naive.draw(list, on: surface.target, pixelsPerPoint: scale)
        surface.finish()
        baseline?.append(Self.milliseconds(since: start))
      }
    }
    return Result(
      milliseconds: milliseconds, baselineMilliseconds: baseline, glyphQuads: quads,
      drawCallsPerFrame: Double(drawCalls) / Double(max(times.count, 1)),
      atlasMissesAfterFirstFrame: drawer.atlasMisses - firstFrameMisses,
      launchToFirstFrame: launchToFirstFrame)
  }

  private static func milliseconds(since start: UInt64) -> Double {
    Double(SDL_GetPerformanceCounter() - start) * 1000 / Double(SDL_GetPerformanceFrequency())
  }

  /// Where the bench draws: an offscreen image, or a window presented each frame.
  private final class Surface {
    let target: SDLRenderTarget
    private let window: OpaquePointer?

    init(renderer: BenchRequest.Renderer, size: Size, scale: Double) throws {
      let width = PixelRect.wholePixel(size.width * scale, .toNearestOrAwayFromZero)
      let height = PixelRect.wholePixel(size.height * scale, .toNearestOrAwayFromZero)
      guard renderer == .opengl else {
        target = try SDLRenderTarget(offscreenWidth: width, height: height)
        window = nil
        return
      }
      SDL_SetMainReady()
      SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl")
      guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0,
        let window = SDL_CreateWindow(
          "TextEffects bench", Int32(SDL_WINDOWPOS_CENTERED_MASK),
          Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(width), Int32(height),
          SDL_WINDOW_SHOWN.rawValue)
      else { throw SDLError.last("The OpenGL bench needs a display") }
      // No vsync: the bench measures the work, not the display's rate.
      guard let sdlRenderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue)
      else { throw SDLError.last("Could not create an OpenGL renderer") }
      var info = SDL_RendererInfo()
      SDL_GetRendererInfo(sdlRenderer, &info)
      guard String(cString: info.name) == "opengl" else {
        throw SDLError("OpenGL is not available here (got \(String(cString: info.name)))")
      }
      self.window = window
      target = SDLRenderTarget(renderer: sdlRenderer)
    }

    /// Ends the frame: presents it, or makes the software renderer finish its work.
    func finish() {
      if window != nil {
        SDL_RenderPresent(target.renderer)
      } else {
        SDL_RenderFlush(target.renderer)
      }
    }
  }
}

/// The way most SDL programs draw text: every glyph's bitmap (rasterised once by FreeType and
/// kept, as SDL2_ttf keeps its glyphs) copied into a new surface and texture, every frame, copied to the
/// target with its colour and alpha, then thrown away.
final class NaiveTextDrawer {
  private let fonts: FontLibrary
  private var bitmaps: [GlyphKey: GlyphBitmap] = [:]

  private struct GlyphKey: Hashable {
    var face: FontLibrary.FaceKey
    var glyph: UInt32
  }

  init(fonts: FontLibrary) {
    self.fonts = fonts
  }

  /// Draws the list's text over what the target holds.
  func draw(_ list: DrawList, on target: SDLRenderTarget, pixelsPerPoint scale: Double) throws {
    for command in list.commands {
      guard case .glyph(let glyph) = command else { continue }
      let key = fonts.faceKey(for: glyph.font, pixelsPerPoint: scale)
      let x = PixelRect.wholePixel(glyph.origin.x * scale, .towardZero)
      let y = PixelRect.wholePixel(glyph.origin.y * scale, .towardZero)
      draw(
        GlyphKey(face: key, glyph: glyph.glyph), of: fonts.face(for: key), at: (x, y),
        glyph: glyph, on: target)
    }
  }

  private func draw(
    _ key: GlyphKey, of face: FontFace, at pen: (x: Int, y: Int), glyph: GlyphDraw,
    on target: SDLRenderTarget
  ) {
    if bitmaps[key] == nil, let made = face.bitmap(of: key.glyph) { bitmaps[key] = made }
    guard var bitmap = bitmaps[key] else { return }
    let color = TextEffectsRenderer.color(glyph.color)
    bitmap.pixels.withUnsafeMutableBytes { pixels in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          pixels.baseAddress, bitmap.width, bitmap.rows, 32, bitmap.width * 4,
          SDL_PIXELFORMAT_ARGB8888.rawValue)
      else { return }
      defer { SDL_FreeSurface(surface) }
      guard let texture = SDL_CreateTextureFromSurface(target.renderer, surface) else { return }
      defer { SDL_DestroyTexture(texture) }
      SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
      if !bitmap.isColour { SDL_SetTextureColorMod(texture, color.r, color.g, color.b) }
      SDL_SetTextureAlphaMod(texture, color.a)
      var place = SDL_Rect(
        x: Int32(pen.x) + bitmap.left, y: Int32(pen.y) + face.ascent - bitmap.top,
        w: bitmap.width, h: bitmap.rows)
      SDL_RenderCopy(target.renderer, texture, nil, &place)
    }
  }
}

/// How long the process has been running, from Linux's own records.
enum ProcessClock {
  static func secondsSinceLaunch() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
      let nameEnd = stat.lastIndex(of: ")")
    else { return nil }
    // Field 22, the start time in clock ticks since boot; the name (field 2) may hold spaces.
    let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]),
      let now = Double(uptime.split(separator: " ").first ?? "")
    else { return nil }
    return now - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
