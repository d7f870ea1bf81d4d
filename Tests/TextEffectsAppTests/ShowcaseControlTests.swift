import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The showcase window's part of the control socket's commands: its scenes stand for a
/// kiosk's items, counted from 1 as its number keys count them; `next` and `previous` go round
/// the seeds' demos as the arrow keys do.
@Suite struct ShowcaseControlTests {
  func showcase() -> Showcase {
    Showcase(
      scene: .typewriter, settings: SceneSettings(), showsChrome: true,
      fonts: FakeMonospaceMetrics(), now: 1000)
  }

  @Test func statusTellsTheSceneAndItsTime() {
    let show = showcase()
    let status = show.controlStatus(at: 1002.5)
    #expect(status["mode"] as? String == "showcase")
    #expect(status["item"] as? Int == 1 && status["items"] as? Int == SceneKind.allCases.count)
    #expect(status["scene"] as? String == "typewriter")
    #expect(status["itemSeconds"] as? Double == 2.5)
    #expect(status["paused"] as? Bool == false)
    #expect(status["secondsToNext"] == nil, "the showcase moves on only when asked")
  }

  @Test func showNextAndPreviousChooseTheTabAndStartItAfresh() {
    let show = showcase()
    #expect(show.show(item: 3, at: 1001) == nil)
    #expect(show.kind == SceneKind.allCases[2] && show.time(at: 1001) == 0)
    #expect(show.perform(.nextScene, at: 1001) == nil)
    let afterThird = show.kind
    #expect(show.show(item: 3, at: 1002) == nil)
    #expect(show.step(1, at: 1002) == nil)
    #expect(show.kind == afterThird, "next goes where the right arrow goes")
    #expect(show.step(-1, at: 1003) == nil)
    #expect(show.kind == SceneKind.allCases[2])
    for (number, kind) in SceneKind.allCases.enumerated() {
      #expect(show.show(item: number + 1, at: 1004) == nil)
      #expect(show.kind == kind && show.controlStatus(at: 1004)["item"] as? Int == number + 1)
    }
    // The scene on show, shown again, starts again as a kiosk's item does.
    #expect(show.show(item: SceneKind.allCases.count, at: 1010) == nil)
    #expect(show.time(at: 1010) == 0)
    #expect(
      show.show(item: 9, at: 1011)
        == "there is no scene 9: the showcase has \(SceneKind.allCases.count)")
    #expect(show.show(item: 0, at: 1011) != nil)
  }

  @Test func pauseHoldsTheSceneUntilResume() {
    let show = showcase()
    show.pause(at: 1002)
    #expect(show.controlStatus(at: 1005)["paused"] as? Bool == true)
    #expect(show.time(at: 1005) == 2)
    show.pause(at: 1006)
    #expect(show.time(at: 1006) == 2, "a second pause changes nothing")
    show.resume(at: 1010)
    #expect(show.time(at: 1011) == 3)
  }
}
