import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// A window moved to a display of another density gives the showcase new fonts, which its one
/// typesetter takes in place: every scene keeps where it was (the streaming scene's run of Ask
/// Again too) and draws with the new fonts as a scene made with them would.
@Suite struct DensityChangeTests {
  /// Stand-in fonts at twice the pixels, which measure a little wider, as hinting at another
  /// size can.
  struct DenserFonts: FontMetricsProvider, FontMetrics {
    var ascent: Double { 9 }
    var descent: Double { 3 }
    var lineHeight: Double { 12 }
    var pixelsPerPoint: Double { 2 }

    func shape(
      _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
      script: ScriptTag, language: String?
    ) -> [ShapedGlyph] {
      shapeEach(paragraph, run: run, isRightToLeft: isRightToLeft, width: 11)
    }

    func metrics(for font: Font) -> any FontMetrics { self }
  }

  /// Asks again twice and visits the typewriter, then comes back to the streaming scene.
  func play(_ show: Showcase) {
    let list = DrawList()
    show.draw(at: 101, in: windowSize, into: list)
    _ = show.perform(.askAgain, at: 103)
    _ = show.perform(.askAgain, at: 105)
    _ = show.perform(.selectScene(.typewriter), at: 106)
    show.draw(at: 106, in: windowSize, into: list)
    _ = show.perform(.selectScene(.streaming), at: 107)
    show.draw(at: 107, in: windowSize, into: list)
    show.draw(at: 109, in: windowSize, into: list)
  }

  func frame(of show: Showcase, at now: Double) -> [DrawList.Command] {
    let list = DrawList()
    show.draw(at: now, in: windowSize, into: list)
    return list.commands
  }

  @Test func everySceneKeepsItsStateAndDrawsWithTheNewFonts() {
    let show = showcase(.streaming)
    play(show)
    let streaming = show.scene
    let before = frame(of: show, at: 110)

    show.measure(with: DenserFonts(), pixelsPerPoint: 2)
    #expect(show.scene === streaming)
    #expect(show.fonts.pixelsPerPoint == 2)
    let after = frame(of: show, at: 110)
    let moved = after != before
    #expect(moved, "the new fonts measure otherwise")

    // The same history played with the new fonts from the start draws the same frame: the
    // third run of the answer, where it was.
    let fresh = Showcase(
      scene: .streaming, settings: SceneSettings(), showsChrome: true, fonts: DenserFonts(),
      now: 100)
    play(fresh)
    let same = frame(of: fresh, at: 110) == after
    #expect(same)
    let firstRun = Showcase(
      scene: .streaming, settings: SceneSettings(), showsChrome: true, fonts: DenserFonts(),
      now: 100)
    let differs = frame(of: firstRun, at: 110) != after
    #expect(differs, "a scene made afresh shows its first run")
  }

  /// The typewriter, visited before the change, is the same scene after it.
  @Test func aSceneVisitedBeforeIsKept() {
    let show = showcase(.typewriter)
    play(show)
    _ = show.perform(.selectScene(.typewriter), at: 110)
    let typewriter = show.scene
    show.measure(with: DenserFonts(), pixelsPerPoint: 2)
    _ = show.perform(.selectScene(.streaming), at: 111)
    _ = show.perform(.selectScene(.typewriter), at: 112)
    #expect(show.scene === typewriter)
  }

  /// A live kiosk fed by standard input: what it receives, drawn as it goes.
  func feed(_ kiosk: Kiosk) {
    let list = DrawList()
    kiosk.receive("A kiosk moved to another screen ", at: 1000)
    kiosk.frame(at: 1000.5, in: windowSize, into: list)
    kiosk.receive("keeps its answer and goes on.", at: 1001)
    kiosk.frame(at: 1002, in: windowSize, into: list)
  }

  /// The kiosk takes new fonts in its typesetter too: its item goes on with them, the answer
  /// that arrived on standard input already shown, as a kiosk made with those fonts draws it.
  @Test func aKioskGoesOnWithTheNewFonts() {
    var settings = SceneSettings()
    settings[StreamingSettings.self].question = ""
    settings[StreamingSettings.self].showsAskAgain = false
    settings[StreamingSettings.self].streamsLiveInput = true
    let content = KioskContent(
      items: [.init(scene: .streaming, settings: settings, duration: .infinity)])
    let moved = Kiosk(
      content: content, cycle: 15, fonts: FakeMonospaceMetrics(), now: 1000,
      localTime: LocalTime(weekday: 1, minute: 540))
    feed(moved)
    moved.measure(with: DenserFonts(), pixelsPerPoint: 2)
    let made = Kiosk(
      content: content, cycle: 15, fonts: DenserFonts(), now: 1000,
      localTime: LocalTime(weekday: 1, minute: 540), pixelsPerPoint: 2)
    feed(made)
    let after = DrawList()
    moved.draw(at: 1010, in: windowSize, into: after)
    let expected = DrawList()
    made.draw(at: 1010, in: windowSize, into: expected)
    let same = after.commands == expected.commands
    #expect(same && !after.commands.isEmpty)
  }
}
