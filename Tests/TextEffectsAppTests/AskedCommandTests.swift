import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// A kiosk item that asks: `ask` (a command as an argument vector), `askFormat` and
/// `askSeconds` in the content file, and the showing its answer belongs to.
@Suite struct AskedCommandTests {
  static let ollama = #"["curl", "-sN", "http://localhost:11434/api/generate", "-d", "{}"]"#

  @Test func anItemThatAsksReadsItsCommandAsGiven() throws {
    let content = try parse(
      #"{"items": [{"scene": "streaming", "question": "What is on?", "ask": \#(Self.ollama), "#
        + #""askFormat": "ndjson", "askSeconds": 30, "markdown": true}]}"#
    ).get()
    let settings = content.items[0].settings[StreamingSettings.self]
    #expect(
      settings.asks
        == AskedCommand(
          arguments: ["curl", "-sN", "http://localhost:11434/api/generate", "-d", "{}"],
          format: .ndjson, timeLimit: 30))
    #expect(settings.asks?.name == "curl")
    #expect(settings.streamsLiveInput)  // it shows only what the command writes
    #expect(settings.question == "What is on?")
    #expect(settings.isMarkdown)
  }

  @Test func aCommandReadsAsItsOutputIsToldAndRunsAsLongAsItsItemByDefault() throws {
    let content = try parse(#"{"items": [{"scene": "streaming", "ask": ["/usr/bin/date"]}]}"#)
      .get()
    let asks = try #require(content.items[0].settings[StreamingSettings.self].asks)
    #expect(asks.format == .auto && asks.timeLimit == nil && asks.name == "date")
    // No question given: no bubble, rather than the demo's question over another answer.
    #expect(content.items[0].settings[StreamingSettings.self].question == "")
  }

  @Test(arguments: [
    (#""ask": []"#, "'ask' must be a command as a list, its program first"),
    (#""ask": ["", "x"]"#, "'ask' must be a command as a list, its program first"),
    (#""ask": "curl -sN http://x""#, "items[0].ask: expected a list in brackets"),
    (#""ask": ["echo", "a\u0000b"]"#, "'ask' argument 2 holds a NUL character"),
    (#""ask": ["echo"], "text": "hi""#, "give 'text' or 'ask', not both"),
    (#""ask": ["echo"], "askFormat": "xml""#, "'askFormat' is 'auto', 'text', 'sse' or 'ndjson'"),
    (#""askFormat": "sse""#, "'askFormat' is for an item with 'ask'"),
    (#""askSeconds": 5"#, "'askSeconds' is for an item with 'ask'"),
    (#""ask": ["echo"], "askSeconds": 0"#, "'askSeconds' must be seconds, from 1 to 86400"),
    (#""ask": ["echo"], "askSeconds": 1e9"#, "'askSeconds' must be seconds, from 1 to 86400"),
  ])
  func aCommandThatCannotRunIsRefusedSayingWhy(keys: String, expected: String) {
    let said = problem(#"{"items": [{"scene": "streaming", \#(keys)}]}"#)
    #expect(said?.contains(expected) == true, "\(said ?? "accepted")")
    #expect(said?.contains("\n") == false)
  }

  /// The kiosk guide shows the example's item that asks, as the example has it.
  @Test func theGuidesItemIsTheExamples() throws {
    let guide = try String(contentsOf: Repository.file("docs/kiosk.md"), encoding: .utf8)
    let item = try #require(
      guide.split(separator: "\n").first {
        $0.hasPrefix(#"{"scene": "streaming""#) && $0.contains(#""ask""#)
      })
    let shown = try parse(#"{"items": [\#(item)]}"#).get()
    let example = try KioskContent.parse(
      try Data(contentsOf: Repository.file("examples/kiosk-asks.json")))
    #expect(shown.items.first == example.items.first)
    #expect(example.items.first?.settings[StreamingSettings.self].asks?.name == "curl")
  }

  @Test func onlyTheStreamingSceneAsks() {
    let said = problem(#"{"items": [{"scene": "typewriter", "ask": ["echo", "hi"]}]}"#)
    #expect(said == "items[0]: 'ask' is for the streaming scene")
  }

  @Test func tooManyArgumentsAreRefused() {
    let many = Array(repeating: "\"a\"", count: AskedCommand.argumentLimit + 1)
    let said = problem(
      #"{"items": [{"scene": "streaming", "ask": [\#(many.joined(separator: ","))]}]}"#)
    #expect(said == "items[0]: 'ask' has more than \(AskedCommand.argumentLimit) arguments")
  }

  /// Each time an item comes on screen is a showing of its own, with its own run of the
  /// command: what a command wrote for one showing never shows in the next, even of the
  /// same item (a kiosk of one item shows it again and again).
  @Test func whatACommandWroteReachesOnlyTheShowingItWasRunFor() throws {
    var kioskBase = SceneSettings()
    kioskBase[StreamingSettings.self].showsAskAgain = false  // as a kiosk's items have it
    let content = try KioskContent.parse(
      Data(
        (#"{"items": [{"scene": "streaming", "ask": ["echo"], "duration": 10}, "#
          + #"{"scene": "glitch", "duration": 5}]}"#).utf8), base: kioskBase)
    let kiosk = standInKiosk(content, cycle: 15, localTime: LocalTime(weekday: 1, minute: 600))
    let size = Size(width: 900, height: 600)
    kiosk.frame(at: 1000, in: size, into: DrawList())
    let first = try #require(kiosk.asked)
    #expect(first.item == 1 && first.command.arguments == ["echo"])
    kiosk.receive("Hello", ends: true, at: 1001, showing: first.showing)
    let shown = DrawList()
    kiosk.frame(at: 1009, in: size, into: shown)
    #expect(shown.glyphs.map(\.text).joined() == "Hello")
    // The glitch item asks nothing.
    kiosk.frame(at: 1010, in: size, into: DrawList())
    #expect(kiosk.asked == nil)
    // The asking item again: a new showing, and the last one's late words do not show in it.
    kiosk.frame(at: 1015, in: size, into: DrawList())
    let second = try #require(kiosk.asked)
    #expect(second.showing != first.showing)
    kiosk.receive("late", ends: false, at: 1016, showing: first.showing)
    let again = DrawList()
    kiosk.frame(at: 1020, in: size, into: again)
    // Only what the new showing waits for: none of the last one's words.
    #expect(again.glyphs.map(\.text).joined() == "Waitingforecho\u{2026}")
    kiosk.receive("Again", ends: true, at: 1020, showing: second.showing)
    kiosk.frame(at: 1024, in: size, into: again)
    #expect(again.glyphs.map(\.text).joined() == "Again")
  }

  /// Moved to by the control socket (`show`, `next`), the item is a new showing too.
  @Test func anItemShownByHandIsANewShowing() throws {
    let content = try parse(#"{"items": [{"scene": "streaming", "ask": ["echo"]}]}"#).get()
    let kiosk = standInKiosk(content, cycle: 15, localTime: LocalTime(weekday: 1, minute: 600))
    kiosk.frame(at: 1000, in: Size(width: 900, height: 600), into: DrawList())
    let before = try #require(kiosk.asked?.showing)
    #expect(kiosk.show(item: 1, at: 1002) == nil)
    #expect(kiosk.asked?.showing == before + 1)
  }
}
