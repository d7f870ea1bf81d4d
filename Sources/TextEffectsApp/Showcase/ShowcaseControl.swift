/// The showcase in a window with `--control PATH`: its scenes are the items a control command
/// counts, from 1 as its number keys count them, so a script that drives a kiosk drives it too
/// (a screenshot of each scene, say). `next` and `previous` go round the seeds' demos, as the
/// arrow keys do. It moves on only when asked, as with its keys.
extension Showcase: ControlledContent {
  package func controlStatus(at now: Double) -> [String: any Encodable & Sendable] {
    [
      "mode": "showcase", "item": (SceneKind.allCases.firstIndex(of: kind) ?? 0) + 1,
      "items": SceneKind.allCases.count, "scene": kind.rawValue,
      "itemSeconds": (time(at: now) * 1000).rounded() / 1000, "paused": clock.isPaused,
    ]
  }

  /// Scene `number`, as its number key; the scene on show starts again, as a kiosk's item
  /// shown again does.
  package func show(item number: Int, at now: Double) -> String? {
    let scenes = SceneKind.allCases
    guard number >= 1, number <= scenes.count else {
      return "there is no scene \(number): the showcase has \(scenes.count)"
    }
    if scenes[number - 1] == kind {
      perform(.restart, at: now)
    } else {
      perform(.selectScene(scenes[number - 1]), at: now)
    }
    return nil
  }

  package func step(_ step: Int, at now: Double) -> String? {
    perform(step > 0 ? .nextScene : .previousScene, at: now)
    return nil
  }

  package func pause(at now: Double) {
    if !clock.isPaused { perform(.togglePause, at: now) }
  }

  package func resume(at now: Double) {
    if clock.isPaused { perform(.togglePause, at: now) }
  }
}
