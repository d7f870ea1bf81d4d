import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// A kiosk runs for days: 24 hours of its time, stepped, must keep memory and the atlas flat.
///
/// Resident memory is the whole process's, so the soaks mean something only alone in their
/// process: `scripts/test` runs them apart (`--filter SoakTests`), and skips them where the
/// other suites run beside them; and one after the other, as the one measures what the other
/// allocates (the only suite serialized, for the one thing they share).
@Suite(.serialized) struct SoakTests {
  /// Resident memory in KiB, from /proc.
  func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
  }

  /// A small display, offscreen: where the soaks draw their kiosk.
  struct SmallDisplay {
    let drawer: TextEffectsRenderer
    let target: SDLRenderTarget
    let list = DrawList()

    init(fonts: FontLibrary) throws {
      drawer = try TextEffectsRenderer(fonts: fonts)
      target = try SDLRenderTarget(offscreenWidth: 320, height: 240)
    }

    func draw(_ kiosk: Kiosk, at time: Double) throws {
      kiosk.advance(to: time)
      kiosk.draw(at: time, in: Size(width: 320, height: 240), into: list)
      try drawer.draw(list, on: target, pixelsPerPoint: 1)
    }
  }

  /// The two soaks check the same things (atlas and memory flat): CI runs the one of many
  /// texts below, `scripts/soak` this one too (TEXT_EFFECTS_SOAK=1).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["TEXT_EFFECTS_SOAK"] == "1"))
  func a24HourKioskKeepsMemoryAndTheAtlasFlat() throws {
    let fonts = try FontLibrary.bundled()
    let content = KioskContent(
      items: SceneKind.demos.map { .init(scene: $0, settings: SceneSettings(), duration: nil) }
    )
    let kiosk = Kiosk(
      content: content, cycle: 15, fonts: fonts.metricsProvider(pixelsPerPoint: 1), now: 0,
      localTime: LocalTime(weekday: 1, minute: 600))
    let display = try SmallDisplay(fonts: fonts)
    let drawer = display.drawer
    // An uneven step, so that frames land on every moment of every scene.
    let step = 7.3
    var time = 0.0
    func run(until end: Double) throws {
      while time < end {
        try display.draw(kiosk, at: time)
        time += step
      }
    }
    try run(until: 3600)  // the first hour warms every cache
    let glyphs = drawer.atlas.glyphCount
    let misses = drawer.atlasMisses
    let atlasHeight = drawer.atlas.height
    let memory = residentKiB()
    try run(until: 24 * 3600)
    #expect(drawer.atlas.glyphCount == glyphs)
    #expect(drawer.atlasMisses == misses)
    #expect(drawer.atlas.height == atlasHeight && atlasHeight <= 1024)
    let grown = residentKiB() - memory
    #expect(grown < 4096, "resident memory grew by \(grown) KiB over 23 hours")
  }

  /// Frames at 60 a second through a kiosk that cycles the three scenes over eight texts,
  /// hostile ones among them, every three seconds. After one pass over the items nothing is
  /// rasterised again, and memory stays where it was. `scripts/soak` runs a million frames
  /// (TEXT_EFFECTS_SOAK_FRAMES) in a release build and prints the figures.
  @Test func framesCyclingScenesAndTextsKeepMemoryAndTheAtlasFlat() throws {
    let frames =
      ProcessInfo.processInfo.environment["TEXT_EFFECTS_SOAK_FRAMES"]
      .flatMap { Int($0) } ?? 12_000
    let fonts = try FontLibrary.bundled()
    var source = HostileText(seed: 99)
    let texts: [String?] =
      [nil, "漢字かなカナ 한국어\n中文", "שלום \u{202E}world\u{202C} مرحبا", "a\tb\tc\r\nd"]
      + (0..<4).map { _ in source.text(maxLength: 60) }
    let items = texts.flatMap { text in
      SceneKind.demos.map {
        KioskContent.Item(scene: $0, settings: SceneSettings(customText: text), duration: 3)
      }
    }
    let kiosk = Kiosk(
      content: KioskContent(items: items), cycle: 3,
      fonts: fonts.metricsProvider(pixelsPerPoint: 1), now: 0,
      localTime: LocalTime(weekday: 1, minute: 600))
    let display = try SmallDisplay(fonts: fonts)
    let drawer = display.drawer
    var frame = 0
    func run(until end: Int) throws {
      while frame < end {
        try display.draw(kiosk, at: Double(frame) / 60)
        frame += 1
      }
    }
    let pass = items.count * 3 * 60
    try run(until: 2 * pass)  // a pass to warm every cache, and one for the heap to settle
    let (glyphs, misses, memory) = (drawer.atlas.glyphCount, drawer.atlasMisses, residentKiB())
    try run(until: max(frames, 3 * pass))
    let grown = residentKiB() - memory
    print(
      "soak: \(frame) frames; atlas \(glyphs) glyphs, then \(drawer.atlas.glyphCount); "
        + "misses \(misses), then \(drawer.atlasMisses); resident \(memory) KiB, grew \(grown) KiB"
    )
    #expect(drawer.atlas.glyphCount == glyphs)
    #expect(drawer.atlasMisses == misses)
    #expect(grown < 4096, "resident memory grew by \(grown) KiB over \(frame) frames")
  }
}
