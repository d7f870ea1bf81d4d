import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

let exampleContent = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("examples/kiosk.json")

func parse(_ json: String) -> Result<KioskContent, KioskContent.Problem> {
  Result { () throws(KioskContent.Problem) in try KioskContent.parse(Data(json.utf8)) }
}

func problem(_ json: String) -> String? {
  if case .failure(let problem) = parse(json) { return problem.description }
  return nil
}

@Suite struct KioskContentTests {
  /// The parser reads a key by the first effect that names it: every effect naming a key must
  /// mean the same kind of value by it.
  @Test func aKeyNamedAlikeHoldsOneKindOfValueInEveryEffect() {
    let keys = Effects.all.flatMap { $0.kioskKeys }
    for key in keys {
      #expect(keys.filter { $0.name == key.name }.allSatisfy { $0.kind == key.kind }, "\(key.name)")
    }
  }

  @Test func theExampleFileReads() throws {
    let content = try KioskContent.parse(try Data(contentsOf: exampleContent))
    #expect(content.items.map(\.scene) == [.typewriter, .glitch, .glitch, .streaming])
    #expect(content.items[0].settings[TypewriterSettings.self].entries?.count == 2)
    #expect(content.items[0].settings[TypewriterSettings.self].charactersPerSecond == 18)
    #expect(
      content.items[1].settings[GlitchSettings.self].colors?.second
        == RGBAColor(red8: 255, green8: 45, blue8: 85))
    #expect(content.items[1].window == ShowWindow(days: [1, 2, 3, 4, 5], from: 480, to: 1080))
    #expect(content.items[3].settings[StreamingSettings.self].question == "What is on today?")
    #expect(content.items[3].duration == 20)
  }

  @Test(arguments: [
    ("{\"items\": [", "line 1, column 12: the JSON ends before it is whole"),
    ("{\"items\": []}", "'items' is empty"),
    ("{}", "'items' is missing"),
    ("{\"items\": [{\"text\": \"a\"}]}", "items[0]: 'scene' is missing"),
    (
      "{\"items\": [{\"scene\": \"matrix\"}]}",
      "items[0]: 'scene': 'matrix' is not a scene; use typewriter"
    ),
    (
      "{\"items\": [{\"scene\": \"typewriter\", \"speed\": \"fast\"}]}",
      "items[0].speed: expected a number"
    ),
    ("{\"items\": [{\"scene\": \"typewriter\", \"speed\": 0}]}", "items[0]: 'speed' must be"),
    (
      "{\"items\": [{\"scene\": \"glitch\", \"colors\": [\"red\"]}]}",
      "items[0]: 'colors' must be two colours"
    ),
    (
      "{\"items\": [{\"scene\": \"glitch\", \"color\": \"mauve\"}]}",
      "items[0]: 'color': 'mauve' is not a colour"
    ),
    (
      "{\"items\": [{\"scene\": \"glitch\", \"fade\": 3}]}",
      "items[0]: 'fade' is for the streaming scene"
    ),
    (
      "{\"items\": [{\"scene\": \"glitch\"}, {\"scene\": \"glitch\", \"duration\": 0}]}",
      "items[1]: 'duration' must be"
    ),
    (
      "{\"items\": [{\"scene\": \"glitch\", \"show\": {\"days\": [\"funday\"]}}]}",
      "show.days: 'funday' is not a day"
    ),
    (
      "{\"items\": [{\"scene\": \"glitch\", \"show\": {\"from\": \"25:00\"}}]}",
      "show.from: '25:00' is not a time"
    ),
    ("{\"items\": [{\"scene\": \"streaming\", \"text\": \"\"}]}", "items[0]: the text is empty"),
    // Keys the content does not know are refused, with the nearest one it does.
    (
      "{\"items\": [{\"scene\": \"glitch\", \"colour\": \"red\"}]}",
      "items[0]: 'colour' is not a key here; did you mean 'color'?"
    ),
    (
      "{\"items\": [{\"scene\": \"glitch\", \"show\": {\"dayz\": [\"mon\"]}}]}",
      "items[0].show: 'dayz' is not a key here; did you mean 'days'?"
    ),
    (
      "{\"items\": [{\"scene\": \"glitch\"}], \"loop\": true}",
      "'loop' is not a key here; the keys are 'items'"
    ),
    // JSON's kinds in people's words, not Swift's type names.
    ("[1, 2]", "the file: expected an object in braces, like {\"items\": [...]}"),
    (
      "{\"items\": [{\"scene\": \"glitch\", \"show\": {\"days\": \"mon\"}}]}",
      "items[0].show.days: expected a list in brackets"
    ),
    ("{\"items\": {\"scene\": \"glitch\"}}", "items: expected a list in brackets"),
  ])
  func badContentSaysWhatAndWhere(json: String, expected: String) {
    let said = problem(json)
    #expect(said?.contains(expected) == true, "\(said ?? "accepted")")
    #expect(said?.contains("\n") == false)
    for swiftName in ["Dictionary", "Array<", "String.Type", "Optional"] {
      #expect(said?.contains(swiftName) == false, "\(said ?? "")")
    }
  }
}

@Suite struct ShowWindowTests {
  let weekdaysDaytime = ShowWindow(days: [1, 2, 3, 4, 5], from: 8 * 60, to: 18 * 60)
  let weekdaysNight = ShowWindow(days: [1, 2, 3, 4, 5], from: 18 * 60, to: 8 * 60)

  @Test func daytimeOnWeekdays() {
    #expect(weekdaysDaytime.isOpen(at: LocalTime(weekday: 1, minute: 9 * 60)))
    #expect(!weekdaysDaytime.isOpen(at: LocalTime(weekday: 1, minute: 18 * 60)))
    #expect(!weekdaysDaytime.isOpen(at: LocalTime(weekday: 6, minute: 9 * 60)))
  }

  @Test func overnightBelongsToTheDayItStarted() {
    #expect(weekdaysNight.isOpen(at: LocalTime(weekday: 1, minute: 23 * 60)))
    #expect(weekdaysNight.isOpen(at: LocalTime(weekday: 6, minute: 7 * 60)))  // Friday night
    #expect(!weekdaysNight.isOpen(at: LocalTime(weekday: 1, minute: 7 * 60)))  // Sunday night
    #expect(!weekdaysNight.isOpen(at: LocalTime(weekday: 3, minute: 12 * 60)))
  }

  @Test func noTimesMeansAllDay() {
    #expect(ShowWindow(days: [7]).isOpen(at: LocalTime(weekday: 7, minute: 3)))
    #expect(!ShowWindow(days: [7]).isOpen(at: LocalTime(weekday: 6, minute: 3)))
    #expect(ShowWindow().isOpen(at: LocalTime(weekday: 2, minute: 600)))
  }
}

@Suite struct KioskTests {
  let monday9 = LocalTime(weekday: 1, minute: 9 * 60)

  func kiosk(_ content: KioskContent, cycle: Double = 15) -> Kiosk {
    standInKiosk(content, cycle: cycle, localTime: monday9)
  }

  func demo(durations: [Double?] = [nil, nil, nil], windows: [ShowWindow?] = [nil, nil, nil])
    -> KioskContent
  {
    KioskContent(
      items: zip(SceneKind.allCases, zip(durations, windows)).map {
        .init(scene: $0, settings: SceneSettings(), duration: $1.0, window: $1.1)
      })
  }

  func sceneShown(_ kiosk: Kiosk, at now: Double) -> Int? {
    kiosk.frame(at: now, in: Size(width: 900, height: 600), into: DrawList())
    return kiosk.current
  }

  @Test func itemsCycleByTheirDurationOrTheCycle() {
    let kiosk = kiosk(demo(durations: [nil, 4, nil]), cycle: 10)
    #expect(sceneShown(kiosk, at: 1000) == 0)
    #expect(sceneShown(kiosk, at: 1009.9) == 0)
    #expect(sceneShown(kiosk, at: 1010) == 1)
    #expect(sceneShown(kiosk, at: 1014) == 2)
    #expect(sceneShown(kiosk, at: 1024) == 0)
  }

  @Test func closedItemsAreSkippedAndNothingOpenIsBlack() {
    let closed = ShowWindow(days: [6, 7])
    let kiosk = kiosk(demo(windows: [nil, closed, nil]))
    #expect(sceneShown(kiosk, at: 1000) == 0)
    #expect(sceneShown(kiosk, at: 1015) == 2)
    let dark = self.kiosk(demo(windows: [closed, closed, closed]))
    let list = DrawList()
    dark.frame(at: 1000, in: Size(width: 900, height: 600), into: list)
    #expect(dark.current == nil && list.commands.isEmpty && list.background == .black)
  }

  /// A kiosk waiting for a show window sleeps until it opens, to half a second past the
  /// minute, instead of looking at the clock over and over.
  @Test func aKioskWakesJustAsAShowWindowOpens() {
    let opensAtNine = ShowWindow(from: 9 * 60, to: 17 * 60)
    let kiosk = Kiosk(
      content: demo(windows: [opensAtNine, opensAtNine, opensAtNine]), cycle: 15,
      fonts: FakeMonospaceMetrics(), now: 1000,
      localTime: LocalTime(weekday: 1, minute: 8 * 60 + 59, second: 20))
    #expect(sceneShown(kiosk, at: 1000) == nil)
    #expect(kiosk.nextRedraw(after: 1000) == 1040.5)
    kiosk.localTime = LocalTime(weekday: 1, minute: 9 * 60, second: 0.5)
    #expect(sceneShown(kiosk, at: 1040.5) == 0)
  }

  @Test func secondsUntilTheNextBoundaryCountMidnight() {
    let late = LocalTime(weekday: 1, minute: 23 * 60 + 59, second: 30)
    #expect(late.secondsUntil(nextOf: [600]) == 30)
    #expect(LocalTime(weekday: 1, minute: 600).secondsUntil(nextOf: [600, 630]) == 1800)
    #expect(LocalTime(weekday: 1, minute: 0).secondsUntil(nextOf: [24 * 60]) == 24 * 3600)
  }

  @Test func anItemComesOnScreenAfresh() {
    let kiosk = kiosk(
      KioskContent(items: [.init(scene: .typewriter, settings: SceneSettings(), duration: nil)]),
      cycle: 5)
    _ = sceneShown(kiosk, at: 1000)
    #expect(kiosk.itemStart == 1000)
    _ = sceneShown(kiosk, at: 1006)
    #expect(kiosk.current == 0 && kiosk.itemStart == 1006)
  }

  @Test func burnInShiftsByAPixelOrTwoEveryFewMinutes() {
    let kiosk = kiosk(demo())
    kiosk.pixelsPerPoint = 2
    var offsets: Set<Point> = []
    for minute in stride(from: 0.0, to: 60, by: 1) {
      let offset = kiosk.burnInOffset(at: 1000 + minute * 60)
      #expect(abs(offset.x) * 2 <= 2 && abs(offset.y) * 2 <= 2)
      offsets.insert(offset)
    }
    #expect(offsets.count > 5)
    #expect(kiosk.burnInOffset(at: 1000) == kiosk.burnInOffset(at: 1000 + 179))
    #expect(kiosk.burnInOffset(at: 1000) != kiosk.burnInOffset(at: 1000 + 180))
  }

  /// The file may shift it more often, as a panel that marks faster asks, or never.
  @Test func theContentFileSetsHowOftenItShifts() throws {
    let every10 = try KioskContent.parse(
      Data(#"{"burnInShiftSeconds": 10, "items": [{"scene": "glitch"}]}"#.utf8))
    #expect(every10.burnInPeriod == 10)
    let kiosk = kiosk(every10)
    #expect(kiosk.burnInOffset(at: 1009.9) == .zero)
    #expect(kiosk.burnInOffset(at: 1010) == Point(x: 1, y: 0))
    #expect(kiosk.nextRedraw(after: 1000) == 1010)
    #expect(kiosk.controlStatus(at: 1010)["burnInShift"] as? [Int] == [1, 0])

    let never = try KioskContent.parse(
      Data(#"{"burnInShiftSeconds": 0, "items": [{"scene": "glitch"}]}"#.utf8))
    let still = self.kiosk(never, cycle: 86400)
    for hour in stride(from: 0.0, to: 48, by: 0.5) {
      #expect(still.burnInOffset(at: 1000 + hour * 3600) == .zero)
    }
    still.pause(at: 1000)
    #expect(still.nextRedraw(after: 1000) == nil, "a paused kiosk that never shifts waits")
    #expect(
      try KioskContent.parse(Data(#"{"items": [{"scene": "glitch"}]}"#.utf8)).burnInPeriod == 180)
  }

  @Test func aShiftPeriodOutOfRangeIsRefused() {
    for value in ["-1", "0.5", "86401", "\"often\"", "1e400"] {
      #expect(throws: KioskContent.Problem.self, "\(value)") {
        try KioskContent.parse(
          Data(#"{"burnInShiftSeconds": \#(value), "items": [{"scene": "glitch"}]}"#.utf8))
      }
    }
    do {
      _ = try KioskContent.parse(
        Data(#"{"burnInShiftSeconds": 0.5, "items": [{"scene": "glitch"}]}"#.utf8))
    } catch {
      #expect(
        error.description
          == "'burnInShiftSeconds' must be 0 (no shift) or seconds from 1 to 86400, not 0.5")
    }
  }

  @Test func onlyCtrlAltQDoesAnything() {
    let kiosk = kiosk(demo())
    let size = Size(width: 900, height: 600)
    for input in [
      WindowInput.keyDown(KeyPress(.escape)), .keyDown(KeyPress(.character("q"), .control)),
      .keyDown(KeyPress(.character("2"))), .pointerPressed(.zero), .keyDown(KeyPress(.f11)),
    ] {
      #expect(kiosk.handle(input, in: size, at: 1000) == nil)
    }
    #expect(
      kiosk.handle(.keyDown(KeyPress(.character("q"), [.control, .alt])), in: size, at: 1000)
        == .quit)
  }

  /// In a window (`--stdin` alone), Esc and Ctrl+Q close it as they close the showcase; other
  /// keys and clicks still do nothing.
  @Test func aKioskInAWindowClosesOnEscapeAndCtrlQ() {
    let kiosk = kiosk(demo())
    kiosk.quitsLikeAWindow = true
    let size = Size(width: 900, height: 600)
    for press in [
      KeyPress(.escape), KeyPress(.character("q"), .control),
      KeyPress(.character("q"), [.control, .alt]),
    ] {
      #expect(kiosk.handle(.keyDown(press), in: size, at: 1000) == .quit, "\(press)")
    }
    for input in [
      WindowInput.keyDown(KeyPress(.character("q"))), .keyDown(KeyPress(.escape, .shift)),
      .keyDown(KeyPress(.character("2"))), .pointerPressed(.zero),
    ] {
      #expect(kiosk.handle(input, in: size, at: 1000) == nil, "\(input)")
    }
  }

  /// A kiosk of one streaming item fed by standard input, with no question and no button.
  func liveKiosk() -> Kiosk {
    var settings = SceneSettings()
    settings[StreamingSettings.self].question = ""
    settings[StreamingSettings.self].showsAskAgain = false
    settings[StreamingSettings.self].streamsLiveInput = true
    return kiosk(
      KioskContent(items: [.init(scene: .streaming, settings: settings, duration: .infinity)]))
  }

  @Test func standardInputStreamsIntoTheLiveItem() {
    let kiosk = liveKiosk()
    let empty = DrawList()
    kiosk.frame(at: 1000, in: Size(width: 900, height: 600), into: empty)
    #expect(empty.glyphs.isEmpty)  // nothing until something arrives
    kiosk.receive("Hello ", at: 1000)
    kiosk.receive("world", at: 1001)
    let list = DrawList()
    kiosk.frame(at: 1010, in: Size(width: 900, height: 600), into: list)
    #expect(list.glyphs.map(\.text).joined() == "Helloworld")
    #expect(kiosk.nextRedraw(after: 1010)! >= 1010 + 1)  // settled: nothing until more arrives
  }

  /// A new pixel density (the window moved to another screen) gives the kiosk's typesetter the
  /// fonts at that density; the scene on screen goes on with them, what arrived on standard
  /// input already shown.
  @Test func standardInputKeepsItsTextAcrossANewPixelDensity() {
    let kiosk = liveKiosk()
    kiosk.advance(to: 1000)
    kiosk.receive("Hello ", at: 1000)
    kiosk.receive("world", at: 1001)
    kiosk.frame(at: 1010, in: Size(width: 900, height: 600), into: DrawList())
    kiosk.measure(with: FakeMonospaceMetrics(), pixelsPerPoint: 2)
    let list = DrawList()
    kiosk.frame(at: 1010, in: Size(width: 900, height: 600), into: list)
    #expect(list.glyphs.map(\.text).joined() == "Helloworld")
    #expect(list.glyphs.allSatisfy { $0.color.alpha == 1 })  // shown, not fading in again
    kiosk.receive("!", at: 1011)
    let more = DrawList()
    kiosk.frame(at: 1020, in: Size(width: 900, height: 600), into: more)
    #expect(more.glyphs.map(\.text).joined() == "Helloworld!")
  }

  /// Proof of play: each item as it ends, whole or cut short, only when asked for.
  @Test func itemsThatEndAreKeptForThePlayLog() {
    let items = [SceneKind.glitch, .typewriter].map {
      KioskContent.Item(scene: $0, settings: SceneSettings(), duration: 5)
    }
    let kiosk = kiosk(KioskContent(items: items))
    kiosk.advance(to: 1000)
    kiosk.advance(to: 1005)
    #expect(kiosk.takePlays().isEmpty)  // not asked for: a kiosk keeps nothing for days
    kiosk.recordsPlays = true
    kiosk.advance(to: 1010)
    kiosk.advance(to: 1012)
    kiosk.replace(content: KioskContent(items: items), at: 1012)
    #expect(
      kiosk.takePlays() == [
        KioskPlay(
          item: 2, scene: .typewriter, words: "$ swift build Compiling your ideas...",
          start: 1005, end: 1010, isWhole: true),
        KioskPlay(
          item: 1, scene: .glitch, words: "GLITCH SIGNAL LOST", start: 1010, end: 1012,
          isWhole: false),
      ])
    #expect(kiosk.takePlays().isEmpty)
    #expect(kiosk.currentPlay(endingAt: 1013)?.start == 1012)
    let long = [SpokenText(String(repeating: "word ", count: 40))]
    #expect(KioskPlay.firstWords(of: long).count <= KioskPlay.wordsLength + 1)
    #expect(KioskPlay.firstWords(of: long).hasSuffix("word\u{2026}"))
  }

  @Test func newContentStartsOver() {
    let kiosk = kiosk(demo(), cycle: 5)
    _ = sceneShown(kiosk, at: 1007)
    kiosk.replace(
      content: KioskContent(items: [.init(scene: .glitch, settings: SceneSettings(), duration: nil)]
      ), at: 1008)
    #expect(kiosk.current == 0 && kiosk.itemStart == 1008)
    #expect(kiosk.content.items.count == 1)
  }
}

@Suite struct UTF8StreamDecoderTests {
  @Test func aCharacterSplitBetweenPiecesWaitsForItsRest() {
    var decoder = UTF8StreamDecoder()
    #expect(decoder.decode([0x63, 0x61, 0x66, 0xC3]) == "caf")
    #expect(decoder.decode([0xA9, 0x21]) == "é!")
    #expect(decoder.decode([0xF0, 0x9F]) == "")
    #expect(decoder.decode([0x98, 0x80]) == "😀")
  }

  @Test func invalidBytesBecomeReplacementCharacters() {
    var decoder = UTF8StreamDecoder()
    #expect(decoder.decode([0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
    #expect(decoder.decode([0xC3, 0x28]) == "\u{FFFD}(")
  }

  @Test func anUnfinishedCharacterAtTheEndBecomesOneReplacement() {
    var decoder = UTF8StreamDecoder()
    #expect(decoder.decode([0x61, 0xE2, 0x82]) == "a")
    #expect(decoder.finish() == "\u{FFFD}")
    #expect(decoder.finish() == "")
  }
}
