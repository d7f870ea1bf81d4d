import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

func showcase(
  _ kind: SceneKind = .typewriter, settings: SceneSettings = SceneSettings(), chrome: Bool = true
) -> Showcase {
  Showcase(
    scene: kind, settings: settings, showsChrome: chrome, fonts: FakeMonospaceMetrics(), now: 100)
}

let windowSize = Size(width: 900, height: 600)

func center(of rect: Rect) -> Point {
  Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
}

@Suite struct KeyMapTests {
  @Test(arguments: [
    (KeyPress(.character("1")), ShowcaseCommand.selectScene(.typewriter)),
    (KeyPress(.character("2")), .selectScene(.glitch)),
    (KeyPress(.character("3")), .selectScene(.streaming)),
    (KeyPress(.tab), .nextScene),
    (KeyPress(.tab, .shift), .previousScene),
    (KeyPress(.right), .nextScene),
    (KeyPress(.left), .previousScene),
    (KeyPress(.up), .faster),
    (KeyPress(.down), .slower),
    (KeyPress(.character("]")), .faster),
    (KeyPress(.character("[")), .slower),
    (KeyPress(.character(".")), .widerFade),
    (KeyPress(.character(",")), .narrowerFade),
    (KeyPress(.space), .togglePause),
    (KeyPress(.character("r")), .restart),
    (KeyPress(.character("m")), .toggleReduceMotion),
    (KeyPress(.character("a")), .toggleAppearance),
    (KeyPress(.character("g")), .holdBurst(true)),
    (KeyPress(.enter), .askAgain),
    (KeyPress(.character("?")), .toggleHelp),
    (KeyPress(.f1), .toggleHelp),
    (KeyPress(.f11), .toggleFullscreen),
    (KeyPress(.f12), .saveFrame),
    (KeyPress(.character("s"), .control), .saveFrame),
    (KeyPress(.escape), .dismiss),
    (KeyPress(.character("q"), .control), .quit),
    (KeyPress(.character("="), .control), .largerText),
    (KeyPress(.character("+"), .control), .largerText),
    (KeyPress(.character("-"), .control), .smallerText),
    (KeyPress(.character("0"), .control), .standardText),
  ])
  func everyKeyHasItsCommand(press: KeyPress, command: ShowcaseCommand) {
    #expect(KeyMap.command(for: press) == command)
  }

  @Test func strayKeysDoNothing() {
    #expect(KeyMap.command(for: KeyPress(.character("x"))) == nil)
    #expect(KeyMap.command(for: KeyPress(.character("r"), .control)) == nil)
    #expect(KeyMap.command(for: KeyPress(.character("q"))) == nil)
  }

  @Test func releasingGEndsTheBurst() {
    #expect(KeyMap.commandForRelease(of: .character("g")) == .holdBurst(false))
    #expect(KeyMap.commandForRelease(of: .space) == nil)
  }

  /// Every press a help row names does something, and every press that does something is in
  /// a row that names it: the overlay and the map cannot drift apart.
  @Test func theHelpAndTheKeyMapAgree() {
    for row in KeyMap.help {
      for press in row.presses {
        #expect(KeyMap.command(for: press) != nil, "\(row.keys): \(press) does nothing")
      }
    }
    let characters = (32...126).compactMap { Unicode.Scalar($0).map(Character.init) }
    let keys: [Key] =
      characters.map { .character($0) }
      + [.tab, .enter, .escape, .space, .left, .right, .up, .down, .f1, .f11, .f12]
    let modifiers: [KeyModifiers] = [[], .shift, .control, .alt, [.control, .shift]]
    for key in keys {
      for modifier in modifiers {
        let press = KeyPress(key, modifier)
        guard let command = KeyMap.command(for: press) else { continue }
        let documented = KeyMap.help.contains { row in
          row.presses.contains { $0.key == key && KeyMap.command(for: $0) == command }
        }
        #expect(documented, "\(press) does \(command), and no help row says so")
      }
    }
  }
}

@Suite struct SceneClockTests {
  @Test func countsFromTheStartAndStandsStillWhilePaused() {
    var clock = SceneClock(startingAt: 10)
    #expect(clock.time(at: 12.5) == 2.5)
    clock.pause(at: 13)
    #expect(clock.time(at: 20) == 3)
    clock.resume(at: 20)
    #expect(clock.time(at: 21) == 4)
    clock.restart(at: 30)
    #expect(clock.time(at: 31) == 1)
    #expect(clock.time(at: 5) == 0)
  }

  @Test func restartWhilePausedStaysPausedAtZero() {
    var clock = SceneClock(startingAt: 0)
    clock.pause(at: 5)
    clock.restart(at: 8)
    #expect(clock.isPaused && clock.time(at: 50) == 0)
  }
}

@Suite struct ShowcaseTests {
  @Test func scenesSwitchByNumberTabAndArrowAndRestart() {
    let show = showcase()
    show.perform(.selectScene(.streaming), at: 105)
    #expect(show.kind == .streaming && show.time(at: 106) == 1)
    show.perform(.nextScene, at: 110)
    #expect(show.kind == .typewriter)
    show.perform(.previousScene, at: 110)
    #expect(show.kind == .streaming)
    #expect(show.title == "TextEffects - Streaming")
  }

  /// `4` (or `--scene stress`) shows the bench's scene: a fourth tab appears for it, lit, so
  /// the bar always says what plays; it goes when another scene is chosen.
  @Test func theStressSceneHasATabWhileItPlays() throws {
    func tabs(_ show: Showcase) -> [HitTarget] {
      show.hitTargets(in: windowSize).filter {
        if case .tab = $0.control { return true }
        return false
      }
    }
    let show = showcase()
    #expect(tabs(show).count == 3)
    show.perform(try #require(KeyMap.command(for: KeyPress(.character("4")))), at: 100)
    #expect(show.kind == .stress)
    let shown = tabs(show)
    try #require(shown.map(\.control) == (SceneKind.demos + [.stress]).map { .tab($0) })
    let stress = shown[3].rect
    let middle = Point(x: stress.minX + stress.width / 2, y: stress.minY + stress.height / 2)
    #expect(show.control(at: middle, in: windowSize) == .tab(.stress))
    show.perform(.nextScene, at: 100)
    #expect(show.kind == .typewriter)
    #expect(tabs(show).count == 3)
  }

  /// F12 names a frame by the scene and its clock; a kiosk, only watched, saves none.
  @Test func savedFramesAreNamedBySceneAndTime() {
    let show = showcase()
    show.perform(.selectScene(.glitch), at: 100)
    #expect(show.frameFileName(at: 101.5) == "text-effects-glitch-1.50s.png")
    let kiosk = Kiosk(
      content: KioskContent(items: []), cycle: 15, fonts: FakeMonospaceMetrics(), now: 0,
      localTime: LocalTime(weekday: 1, minute: 0))
    #expect(!(kiosk is any InteractiveContent))
  }

  @Test func spacePausesAndRRestarts() {
    let show = showcase()
    show.perform(.togglePause, at: 102)
    #expect(show.time(at: 150) == 2)
    show.perform(.togglePause, at: 150)
    #expect(show.time(at: 151) == 3)
    show.perform(.restart, at: 160)
    #expect(show.time(at: 160.5) == 0.5)
  }

  @Test func settingsReachEveryScene() {
    let show = showcase()
    show.perform(.toggleReduceMotion, at: 100)
    show.perform(.toggleAppearance, at: 100)
    show.perform(.largerText, at: 100)
    show.perform(.selectScene(.streaming), at: 100)
    #expect(show.scene.settings.reduceMotion)
    #expect(show.scene.settings.appearance == .light)
    #expect(show.scene.settings.dynamicType == .xLarge)
    show.perform(.standardText, at: 100)
    #expect(show.scene.settings.dynamicType == .large)
  }

  @Test func speedAndFadeStepPerScene() {
    let show = showcase()
    show.perform(.faster, at: 100)
    #expect(show.settings[TypewriterSettings.self].charactersPerSecond == 30)
    show.perform(.selectScene(.streaming), at: 100)
    show.perform(.slower, at: 100)
    show.perform(.narrowerFade, at: 100)
    #expect(
      show.settings[StreamingSettings.self].charactersPerSecond == 60
        && show.settings[StreamingSettings.self].fade == 5)
    show.perform(.selectScene(.glitch), at: 100)
    show.perform(.faster, at: 100)
    show.perform(.widerFade, at: 100)
    #expect(
      show.settings[StreamingSettings.self].charactersPerSecond == 60
        && show.settings[StreamingSettings.self].fade == 5)
  }

  @Test func stepsStopAtTheEnds() {
    let speed = Effect.typewriter.adjustments[0]
    func stepped(_ value: Double, up: Bool) -> Double {
      var settings = SceneSettings()
      settings[TypewriterSettings.self].charactersPerSecond = value
      return speed.stepped(settings, up: up)[TypewriterSettings.self].charactersPerSecond
    }
    #expect(stepped(120, up: true) == 120)
    #expect(stepped(5, up: false) == 5)
    #expect(stepped(25, up: true) == 30)
    #expect(stepped(25, up: false) == 20)
  }

  @Test func aFrozenClockHoldsInEverySceneSwitchedTo() {
    let show = Showcase(
      scene: .glitch, settings: SceneSettings(), showsChrome: false,
      fonts: FakeMonospaceMetrics(), now: 100, frozenAt: 1.25)
    #expect(show.time(at: 500) == 1.25)
    show.perform(.selectScene(.streaming), at: 600)
    show.perform(.restart, at: 700)
    #expect(show.time(at: 800) == 1.25)
  }

  @Test func escapeClosesTheHelpBeforeItQuits() {
    let show = showcase()
    show.perform(.toggleHelp, at: 100)
    #expect(show.isHelpVisible)
    #expect(show.perform(.dismiss, at: 100) == nil)
    #expect(!show.isHelpVisible)
    #expect(show.perform(.dismiss, at: 100) == .quit)
  }

  /// The help is read at any window size: its text never shrinks below 9 points, and a window
  /// too small to list the keys so says where they are instead.
  @Test func theHelpIsReadableAtEverySize() {
    let sizes = [(160, 120), (320, 240), (480, 360), (640, 480), (900, 600), (1920, 1080)]
    var listed: [Int] = []
    for (width, height) in sizes {
      let size = Size(width: Double(width), height: Double(height))
      let show = showcase()
      let plain = DrawList()
      show.draw(at: 100, in: size, into: plain)
      show.perform(.toggleHelp, at: 100)
      let helped = DrawList()
      show.draw(at: 100, in: size, into: helped)
      let help = helped.glyphs.dropFirst(plain.glyphs.count)
      let smallest = help.map(\.font.size).min() ?? 0
      #expect(smallest >= 9, "\(width)x\(height): \(smallest) points")
      let words = help.map(\.text).joined()
      if words.hasPrefix("Controls") {
        listed.append(width)
      } else {
        let tooSmall = ChromeDrawing.helpTooSmall.joined().filter { !$0.isWhitespace }
        #expect(words == tooSmall, "\(width)x\(height): \(words)")
      }
    }
    #expect(listed == [640, 900, 1920])
  }

  @Test func windowRequestsGoBackToTheWindow() {
    let show = showcase()
    #expect(show.perform(.toggleFullscreen, at: 100) == .toggleFullscreen)
    #expect(show.perform(.saveFrame, at: 100) == .saveFrame)
    #expect(show.perform(.quit, at: 100) == .quit)
  }

  @Test func holdingGOrTheMouseForcesTheGlitch() {
    let show = showcase(.glitch)
    show.perform(.holdBurst(true), at: 100)
    #expect(show.made.holdable?.isHeld == true)
    show.perform(.holdBurst(false), at: 100)
    #expect(show.made.holdable?.isHeld == false)
    let inScene = center(of: show.sceneFrame(in: windowSize))
    show.pointerPressed(at: inScene, in: windowSize)
    #expect(show.made.holdable?.isHeld == true)
    show.pointerReleased(at: inScene, in: windowSize, now: 100)
    #expect(show.made.holdable?.isHeld == false)
  }

  @Test func enterAsksAgainOnlyInTheStreamingScene() {
    let show = showcase(.streaming)
    show.perform(.askAgain, at: 112)
    #expect((show.scene as? StreamingScene)?.runStart == 12)
  }

  @Test func messagesShowForAMomentInTheStatusLine() {
    let show = showcase()
    #expect(show.status(at: 100).hasPrefix("20 characters/s"))
    show.show(message: "Saved x.png", at: 100)
    #expect(show.status(at: 101) == "Saved x.png")
    #expect(show.status(at: 103) != "Saved x.png")
    show.perform(.togglePause, at: 104)
    #expect(show.status(at: 104).hasPrefix("Paused"))
  }
}

@Suite struct HitTestingTests {
  @Test func everyControlIsWhereItIsDrawn() {
    let show = showcase(.streaming)
    let targets = show.hitTargets(in: windowSize)
    let controls = targets.map(\.control)
    #expect(
      controls == [
        .tab(.typewriter), .tab(.glitch), .tab(.streaming), .reduceMotionSwitch,
        .appearanceButton, .helpButton, .scene(.askAgain),
      ])
    for target in targets {
      #expect(show.control(at: center(of: target.rect), in: windowSize) == target.control)
    }
    // No two overlap, and all lie inside the window.
    for (index, first) in targets.enumerated() {
      #expect(first.rect.minX >= 0 && first.rect.maxX <= 900 && first.rect.maxY <= 600)
      for second in targets.dropFirst(index + 1) {
        let overlaps =
          first.rect.minX < second.rect.maxX && second.rect.minX < first.rect.maxX
          && first.rect.minY < second.rect.maxY && second.rect.minY < first.rect.maxY
        #expect(!overlaps, "\(first.control) and \(second.control)")
      }
    }
  }

  @Test func clickingATabSwitchesScenes() {
    let show = showcase()
    let tab = show.hitTargets(in: windowSize).first { $0.control == .tab(.glitch) }!
    show.pointerMoved(to: center(of: tab.rect), in: windowSize)
    #expect(show.pointer.hovered == .tab(.glitch) && show.hovered == .tab(.glitch))
    show.pointerPressed(at: center(of: tab.rect), in: windowSize)
    #expect(show.pointer.pressed == .tab(.glitch))
    show.pointerReleased(at: center(of: tab.rect), in: windowSize, now: 101)
    #expect(show.kind == .glitch && show.pointer.pressed == nil)
  }

  @Test func aClickIsCancelledByReleasingElsewhere() {
    let show = showcase()
    let tab = show.hitTargets(in: windowSize).first { $0.control == .tab(.glitch) }!
    show.pointerPressed(at: center(of: tab.rect), in: windowSize)
    show.pointerReleased(at: Point(x: 450, y: 300), in: windowSize, now: 101)
    #expect(show.kind == .typewriter)
  }

  @Test func switchesButtonsAndAskAgainWork() {
    let show = showcase(.streaming)
    func click(_ control: Control) {
      let target = show.hitTargets(in: windowSize).first { $0.control == control }!
      show.pointerPressed(at: center(of: target.rect), in: windowSize)
      show.pointerReleased(at: center(of: target.rect), in: windowSize, now: 107)
    }
    click(.reduceMotionSwitch)
    #expect(show.settings.reduceMotion)
    click(.appearanceButton)
    #expect(show.settings.appearance == .light)
    click(.scene(.askAgain))
    #expect((show.scene as? StreamingScene)?.runStart == 7)
    click(.helpButton)
    #expect(show.isHelpVisible)
    #expect(show.hitTargets(in: windowSize).isEmpty)
    show.pointerPressed(at: Point(x: 1, y: 300), in: windowSize)
    #expect(!show.isHelpVisible)
  }

  /// The appearance button names, with its sign, the appearance it switches to, in either;
  /// in Light, a scene whose demo sits on black says so, and the streaming scene, which
  /// follows the appearance, does not.
  @Test func lightSaysWhatItChanges() {
    #expect(ChromeLayout.appearanceLabel(.dark) == "\u{2600} Light")
    #expect(ChromeLayout.appearanceLabel(.light) == "\u{263E} Dark")
    for kind in SceneKind.allCases {
      let show = showcase(kind, settings: SceneSettings(appearance: .light))
      let says = show.status(at: 100).contains(Showcase.staysBlack)
      #expect(says == (show.scene.background == .black), "\(kind)")
      #expect(!showcase(kind).status(at: 100).contains(Showcase.staysBlack), "\(kind)")
    }
    #expect(
      showcase(.glitch, settings: SceneSettings(appearance: .light)).status(at: 100)
        .contains(Showcase.staysBlack))
    #expect(
      !showcase(.streaming, settings: SceneSettings(appearance: .light)).status(at: 100)
        .contains(Showcase.staysBlack))
  }

  @Test func withoutChromeOnlyTheScenesOwnControlsRemain() {
    let show = showcase(.streaming, chrome: false)
    #expect(show.hitTargets(in: windowSize).map(\.control) == [.scene(.askAgain)])
    #expect(show.sceneFrame(in: windowSize) == Rect(x: 0, y: 0, width: 900, height: 600))
  }

  @Test func controlsFitIn320By240() {
    let small = Size(width: 320, height: 240)
    let targets = showcase(.streaming).hitTargets(in: small)
    for target in targets {
      #expect(target.rect.minX >= 0 && target.rect.maxX <= 320)
      #expect(target.rect.minY >= 0 && target.rect.maxY <= 240)
    }
  }
}
