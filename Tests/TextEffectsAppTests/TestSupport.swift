import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The canvas scenes are drawn on unless a test says otherwise.
let canvas = Rect(origin: .zero, size: Size(width: 900, height: 600))

/// What `scene` draws at `time` in `bounds`, with no pointer over it.
func drawn(_ scene: some Scene, at time: Double, in bounds: Rect = canvas) -> DrawList {
  let list = DrawList()
  scene.draw(at: time, in: bounds, pointer: PointerState(), into: list)
  return list
}

/// A frame of a scene of `kind` on a canvas of `size`, measured with the fake font.
func frame(
  _ kind: SceneKind, at time: Double, settings: SceneSettings = SceneSettings(),
  size: Size = canvas.size, held: Bool = false
) -> DrawList {
  let made = kind.makeScene(settings: settings, fonts: FakeMonospaceMetrics())
  made.holdable?.isHeld = held
  return drawn(made.scene, at: time, in: Rect(origin: .zero, size: size))
}

func typewriter(_ settings: SceneSettings = SceneSettings()) -> TypewriterScene {
  TypewriterScene(settings: settings, layouts: Typesetter(fonts: FakeMonospaceMetrics()))
}

/// A kiosk of `content` measured with the fake font, started at `now` on a Monday at 9:00
/// unless told, its items `cycle` seconds each.
func standInKiosk(
  _ content: KioskContent, cycle: Double = 15, now: Double = 1000,
  localTime: LocalTime = LocalTime(weekday: 1, minute: 9 * 60),
  following: DesktopFollowing = DesktopFollowing()
) -> Kiosk {
  Kiosk(
    content: content, cycle: cycle, fonts: FakeMonospaceMetrics(), now: now,
    localTime: localTime, following: following)
}

extension Kiosk {
  /// A frame as the window makes one: the kiosk advanced to `now` (once a frame, before
  /// anything of it), then drawn.
  func frame(at now: Double, in size: Size, into list: DrawList) {
    advance(to: now)
    draw(at: now, in: size, into: list)
  }
}
