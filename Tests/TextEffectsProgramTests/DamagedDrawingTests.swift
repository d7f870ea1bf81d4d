import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The window's software path redraws only what changed; after hundreds of such frames its
/// pixels must equal a whole redraw of the same moment, to the byte.
@Suite(.threadOfItsOwn(.computing)) struct DamagedDrawingTests {
  /// Plays `content` at 60 frames a second from 0 to `seconds`, drawing each frame by damage
  /// into one image, and compares it with the same frame drawn whole every `checkEvery`
  /// frames. `input` is given what happens at a frame, before it is drawn. Returns the share
  /// of frames that needed no drawing at all, how many moved a scrolled view's pixels, the
  /// pixels those drew beyond the move, and the share of their moved areas' rows they copied.
  @discardableResult
  func playDamaged(
    _ content: any WindowContent, size: Size, scale: Double, seconds: Double,
    checkEvery: Int = 30, input: (Int, Double) -> Void = { _, _ in }
  ) throws -> (stillShare: Double, movedFrames: Int, redrawnWhenMoved: Int, copiedShare: Double) {
    let fonts = try FontLibrary.bundled()
    let width = Int((size.width * scale).rounded())
    let height = Int((size.height * scale).rounded())
    let damaged = try SDLRenderTarget(offscreenWidth: width, height: height)
    let whole = try SDLRenderTarget(offscreenWidth: width, height: height)
    let drawer = try TextEffectsRenderer(fonts: fonts)
    drawer.renderer = damaged.renderer
    drawer.pixelsPerPoint = scale
    let wholeDrawer = try TextEffectsRenderer(fonts: fonts)
    let list = DrawList()
    let frames = Int(seconds * 60)
    var still = 0
    var redrawnWhenMoved = 0
    var copiedRows = 0
    var movedAreaRows = 0
    for frame in 0...frames {
      let now = Double(frame) / 60
      input(frame, now)
      content.draw(at: now, in: size, into: list)
      let moved = drawer.movedFrames
      let drawn = try drawer.drawChanges(list)
      if drawn.isEmpty { still += 1 }
      // A frame that moved pixels returns the rows it copied first, then what it drew.
      if drawer.movedFrames > moved, let move = drawer.lastMove {
        redrawnWhenMoved += drawn.dropFirst(move.rows.count).reduce(0) {
          $0 + Int($1.w) * Int($1.h)
        }
        copiedRows += move.rows.reduce(0) { $0 + $1.count }
        movedAreaRows += move.area.height
      }
      guard frame % checkEvery == 0 || frame == frames else { continue }
      try wholeDrawer.draw(list, on: whole, pixelsPerPoint: scale)
      let shown = try damaged.image()
      let expected = try whole.image()
      guard shown.bytes != expected.bytes else { continue }
      let differing = zip(shown.pixels, expected.pixels).filter { $0 != $1 }.count
      guard differing == 0 else {
        Issue.record("frame \(frame) (\(now) s): \(differing) pixels differ from a whole redraw")
        return (0, drawer.movedFrames, redrawnWhenMoved, 1)
      }
    }
    return (
      Double(still) / Double(frames + 1), drawer.movedFrames, redrawnWhenMoved,
      Double(copiedRows) / Double(max(movedAreaRows, 1))
    )
  }

  func showcase(_ scene: SceneKind, scale: Double, chrome: Bool = true) throws -> Showcase {
    Showcase(
      scene: scene, settings: SceneSettings(), showsChrome: chrome,
      fonts: try FontLibrary.bundled().metricsProvider(pixelsPerPoint: scale), now: 0)
  }

  @Test(arguments: SceneKind.showingText, [1.0, 2.0])
  func eachSceneDrawnByDamageEqualsWholeFrames(scene: SceneKind, scale: Double) throws {
    let size = Size(width: 640, height: 420)
    let showcase = try showcase(scene, scale: scale)
    // The glitch bursts only while held: hold it for a second of the run.
    try playDamaged(showcase, size: size, scale: scale, seconds: 6) { frame, now in
      if frame == 120 { showcase.perform(.holdBurst(true), at: now) }
      if frame == 180 { showcase.perform(.holdBurst(false), at: now) }
    }
  }

  /// Hover, press, the help overlay, a scene switch and a new appearance: each frame after
  /// them drawn by damage equals the whole one.
  @Test func controlsDrawnByDamageEqualWholeFrames() throws {
    let size = Size(width: 800, height: 500)
    let showcase = try showcase(.streaming, scale: 1)
    let tab = try #require(showcase.hitTargets(in: size).first { $0.control == .tab(.glitch) })
    let over = Point(x: tab.rect.minX + 4, y: tab.rect.minY + 4)
    try playDamaged(showcase, size: size, scale: 1, seconds: 5, checkEvery: 10) { frame, now in
      switch frame {
      case 30: showcase.pointerMoved(to: over, in: size)
      case 40: showcase.pointerMoved(to: Point(x: 400, y: 300), in: size)
      case 60: showcase.perform(.toggleHelp, at: now)
      case 90: showcase.perform(.toggleHelp, at: now)
      case 120: showcase.perform(.toggleAppearance, at: now)
      case 150: showcase.perform(.selectScene(.typewriter), at: now)
      case 200: showcase.perform(.toggleReduceMotion, at: now)
      default: break
      }
    }
  }

  /// Hovering and pressing a control redraw that control alone: on a held frame, the damage
  /// lies inside the control's own rectangle (and its anti-aliased edge).
  @Test(arguments: [
    Control.tab(.glitch), .appearanceButton, .helpButton, .reduceMotionSwitch, .scene(.askAgain),
  ])
  func hoverAndPressDamageOnlyTheirControl(control: Control) throws {
    let size = Size(width: 800, height: 500)
    let fonts = try FontLibrary.bundled()
    let showcase = Showcase(
      scene: .streaming, settings: SceneSettings(), showsChrome: true,
      fonts: fonts.metricsProvider(pixelsPerPoint: 1), now: 0, frozenAt: 12)
    let target = try SDLRenderTarget(offscreenWidth: 800, height: 500)
    let drawer = try TextEffectsRenderer(fonts: fonts)
    drawer.renderer = target.renderer
    let list = DrawList()
    func frame() throws -> [PixelRect] {
      showcase.draw(at: 0, in: size, into: list)
      return try drawer.drawChanges(list).map {
        PixelRect(x: Int($0.x), y: Int($0.y), width: Int($0.w), height: Int($0.h))
      }
    }
    _ = try frame()
    let place = try #require(showcase.hitTargets(in: size).first { $0.control == control }).rect
    let allowed = PixelRect(
      coveringMinX: place.minX - 3, minY: place.minY - 3, maxX: place.maxX + 3,
      maxY: place.maxY + 3)
    let inside = Point(x: place.minX + place.width / 2, y: place.minY + place.height / 2)
    for step in ["hover", "press"] {
      if step == "hover" {
        showcase.pointerMoved(to: inside, in: size)
      } else {
        showcase.pointerPressed(at: inside, in: size)
      }
      // A whole frame would be one rectangle as large as the window, far outside.
      let rects = try frame()
      #expect(!rects.isEmpty, "\(control) \(step): nothing redrawn")
      for rect in rects {
        #expect(
          rect.intersection(allowed) == rect, "\(control) \(step): \(rect) outside \(allowed)")
      }
    }
  }

  /// A kiosk cycling the three demos, with its burn-in shift, at a kiosk's scale.
  @Test func aKioskDrawnByDamageEqualsWholeFrames() throws {
    let fonts = try FontLibrary.bundled()
    let content = KioskContent(
      items: SceneKind.demos.map { .init(scene: $0, settings: SceneSettings(), duration: 2.5) })
    let kiosk = Kiosk(
      content: content, cycle: 15, fonts: fonts.metricsProvider(pixelsPerPoint: 1.5), now: 0,
      localTime: LocalTime(weekday: 1, minute: 600), pixelsPerPoint: 1.5)
    try playDamaged(kiosk, size: Size(width: 480, height: 300), scale: 1.5, seconds: 8)
  }

  /// Settings that replay the trace `name` of Tests/Goldens, as Markdown when `markdown`.
  static func replaying(_ name: String, markdown: Bool = false) throws -> SceneSettings {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Goldens/\(name)")
    var settings = SceneSettings()
    settings[StreamingSettings.self].trace = try StreamingTrace.parse(Data(contentsOf: file))
    settings[StreamingSettings.self].isMarkdown = markdown
    return settings
  }

  /// A long answer played from a trace, scroll steps and all, drawn by damage equals whole
  /// frames, copying only the rows that hold text when it scrolls; and a frame looks up only
  /// the glyphs of what it does not repeat from the frame before (a streamed answer repeats
  /// all but its newest line), not every glyph in view, nor those of the lines a scroll moved.
  @Test func aLongStreamedAnswerDrawnByDamageEqualsWholeFrames() throws {
    let settings = try Self.replaying("long-answer.jsonl")
    let fonts = try FontLibrary.bundled()
    // It scrolls at 3.9 s, 6.2 s and 8.5 s: most frames of each move the pixels they keep,
    // at a scale where a point is not a whole number of pixels too (a kiosk's canvas).
    for scale in [1.0, 2.0, 1.5] {
      let scaled = Showcase(
        scene: .streaming, settings: settings, showsChrome: false,
        fonts: fonts.metricsProvider(pixelsPerPoint: scale), now: 0)
      let played = try playDamaged(
        scaled, size: Size(width: 600, height: 400), scale: scale, seconds: 9,
        checkEvery: scale == 1 ? 7 : 11)
      #expect(played.movedFrames >= 20, "\(played.movedFrames) frames moved pixels at \(scale)")
      // The rows between lines and paragraphs are not copied: 64-68% of the view's rows are
      // (all of them were).
      #expect(played.copiedShare < 0.75, "\(played.copiedShare) of the rows copied at \(scale)")
    }
    let showcase = Showcase(
      scene: .streaming, settings: settings, showsChrome: false,
      fonts: fonts.metricsProvider(pixelsPerPoint: 1), now: 0)

    let drawer = try TextEffectsRenderer(fonts: fonts)
    let target = try SDLRenderTarget(offscreenWidth: 600, height: 400)
    drawer.renderer = target.renderer
    let list = DrawList()
    var lookups: [(glyphs: Int, lookedUp: Int, moved: Bool)] = []
    for frame in 0...150 {
      showcase.draw(at: 3.8 + Double(frame) / 60, in: Size(width: 600, height: 400), into: list)
      let moved = drawer.movedFrames
      _ = try drawer.drawChanges(list)
      lookups.append((list.glyphs.count, drawer.lastGlyphLookups, drawer.movedFrames > moved))
    }
    #expect(lookups[0].lookedUp == lookups[0].glyphs)
    // Nearly every frame looks up under a fifth of its glyphs: those the front is fading in.
    // A frame that scrolled finds the lines it moved where the last one had them: it looks
    // up the front's 30 or so of its 300 to 450 glyphs, where it looked up all of them.
    let few = lookups.dropFirst().filter { $0.lookedUp * 5 < $0.glyphs }.count
    #expect(few > 140, "\(lookups.map { "\($0.lookedUp)/\($0.glyphs)" })")
    let moved = lookups.filter(\.moved)
    #expect(moved.count >= 10)
    #expect(
      moved.allSatisfy { $0.lookedUp * 5 < $0.glyphs },
      "\(moved.map { "\($0.lookedUp)/\($0.glyphs)" })")
  }

  /// A Markdown answer's code backgrounds move with its text when it scrolls, at scales where
  /// a point is a whole number of pixels and where it is not: drawn by damage, every frame
  /// equals the whole one, and a frame that moved redraws its new line and the front, not
  /// every code span and code block in view (redrawn, they were most of what it drew).
  @Test func aStreamedMarkdownAnswerMovesItsCodeBackgroundsWithItsText() throws {
    let settings = try Self.replaying("markdown-answer.jsonl", markdown: true)
    let fonts = try FontLibrary.bundled()
    for scale in [1.0, 2.0, 1.5] {
      let showcase = Showcase(
        scene: .streaming, settings: settings, showsChrome: false,
        fonts: fonts.metricsProvider(pixelsPerPoint: scale), now: 0)
      let played = try playDamaged(
        showcase, size: Size(width: 600, height: 400), scale: scale, seconds: 4, checkEvery: 3)
      let view = 600 * 400 * scale * scale
      let share = Double(played.redrawnWhenMoved) / Double(max(played.movedFrames, 1)) / view
      #expect(played.movedFrames >= 10, "\(played.movedFrames) frames moved at scale \(scale)")
      // 7-9% of the view here; 23-26% while shapes were drawn again wherever they moved.
      #expect(share < 0.12, "a moved frame redrew \(share) of the view at scale \(scale)")
    }
  }

  /// What makes the software path frugal: a typewriter frame redraws a glyph and a cursor,
  /// and most frames of a still scene draw nothing.
  @Test func aStillSceneDrawsNothingAfterItsFirstFrame() throws {
    let showcase = Showcase(
      scene: .typewriter, settings: SceneSettings(reduceMotion: true), showsChrome: true,
      fonts: try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 1), now: 0)
    let stillShare = try playDamaged(
      showcase, size: Size(width: 640, height: 420), scale: 1, seconds: 3
    ).stillShare
    #expect(stillShare > 0.99)
  }
}
