import Foundation
import Testing

@testable import TextEffects
@testable import TextEffectsSDL

extension SDLTests {
  /// A kiosk runs for days: 24 hours of its time, stepped, must keep memory and the atlas flat.
  @Suite struct SoakTests {
    /// Resident memory in KiB, from /proc.
    func residentKiB() -> Int {
      let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
      return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    @Test func a24HourKioskKeepsMemoryAndTheAtlasFlat() throws {
      let fonts = try TestAssets.library()
      let content = KioskContent(
        items: SceneKind.demos.map { .init(scene: $0, settings: SceneSettings(), duration: nil) }
      )
      let kiosk = Kiosk(
        content: content, cycle: 15, fonts: fonts.metricsProvider(pixelsPerPoint: 1), now: 0,
        localTime: LocalTime(weekday: 1, minute: 600))
      let drawer = try FrameDrawer(fonts: fonts)
      let target = try SDLRenderTarget(offscreenWidth: 320, height: 240)
      let list = DrawList()
      let size = Size(width: 320, height: 240)
      // An uneven step, so that frames land on every moment of every scene.
      let step = 7.3
      var time = 0.0
      func run(until end: Double) throws {
        while time < end {
          kiosk.draw(at: time, in: size, into: list)
          try drawer.draw(list, on: target, pixelsPerPoint: 1)
          time += step
        }
      }
      try run(until: 3600)  // the first hour warms every cache
      let glyphs = drawer.atlas.glyphCount
      let misses = drawer.atlasMisses
      let memory = residentKiB()
      try run(until: 24 * 3600)
      #expect(drawer.atlas.glyphCount == glyphs)
      #expect(drawer.atlasMisses == misses)
      #expect(drawer.atlas.height == 1024)
      let grown = residentKiB() - memory
      #expect(grown < 4096, "resident memory grew by \(grown) KiB over 23 hours")
    }
  }
}
