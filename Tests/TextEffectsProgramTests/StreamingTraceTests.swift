import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// A trace file read whole: its lines, its problems named by line, its arrivals. Among the
/// running program's tests for the reason StreamingTraceLineTests gives.
@Suite struct StreamingTraceTests {
  func parse(_ text: String) throws(StreamingTrace.Problem) -> StreamingTrace {
    try StreamingTrace.parse(Data(text.utf8))
  }

  func problem(_ text: String) -> String {
    do {
      _ = try parse(text)
      return "no problem"
    } catch {
      return error.description
    }
  }

  @Test func readsOneArrivalALineAndLetsBlankLinesPass() throws {
    let trace = try parse(
      "{\"time\":0,\"text\":\"Sour\"}\r\n\n  \n{\"text\":\"dough\",\"time\":0.25}\n")
    #expect(
      trace.arrivals == [.init(time: 0, text: "Sour"), .init(time: 0.25, text: "dough")])
    #expect(trace.text == "Sourdough")
  }

  /// Each bad line is named by its number (counted from 1, blank lines included) and what is
  /// wrong with it, in people's words.
  @Test(arguments: [
    ("{\"time\":0,\"text\":\"a\"}\nnot json", "line 2, column 1: 'not' is not a JSON value"),
    ("\n{\"text\":\"a\"}", "line 2: 'time' is missing"),
    ("{\"time\":\"soon\",\"text\":\"a\"}", "line 1: time: expected a number"),
    (
      "{\"time\":-1,\"text\":\"a\"}", "line 1: 'time' must be seconds from 0 to below 1,000,000,000"
    ),
    ("{\"time\":1e12,\"text\":\"a\"}", "line 1: 'time' must be seconds from 0"),
    (
      "{\"time\":0.5,\"text\":\"a\"}\n{\"time\":0.2,\"text\":\"b\"}",
      "line 2: 'time' 0.2 comes before the line above's 0.5"
    ),
    ("{\"time\":0,\"text\":\"a\",\"colour\":1}", "line 1: 'colour' is not a key"),
    ("{\"time\":0,\"text\":7}", "line 1: text: expected text in quotes"),
    ("", "it holds no arrivals"),
    ("\n\n", "it holds no arrivals"),
    (
      "{\"time\":0,\"text\":\"a\"}\n{\"time\":1,\"end\":false}",
      "line 2: a line has either what arrived or"
    ),
    ("{\"time\":1,\"end\":true,\"text\":\"a\"}", "line 1: a line has either what arrived or"),
    (
      "{\"time\":0,\"text\":\"a\"}\n{\"time\":1,\"end\":true}\n{\"time\":2,\"text\":\"b\"}",
      "line 3: nothing may follow the line that says the input ended"
    ),
    ("{\"time\":2,\"text\":\"a\"}\n{\"time\":1,\"end\":true}", "line 2: 'time' 1.0 comes before"),
  ])
  func badLinesAreRefusedByNumber(text: String, expected: String) {
    let said = problem(text)
    #expect(said.hasPrefix(expected), "\(said)")
  }

  /// A line as written reads back as the same arrival, whatever the text holds; its time is
  /// kept to the microsecond.
  @Test(arguments: ["plain", "quote \" and \\ and /", "line\nbreak\ttab", "emoji 👨‍👩‍👧 é", ""])
  func aWrittenLineReadsBack(text: String) throws {
    let line = StreamingTrace.line(time: 1.234_567_8, text: text)
    #expect(!line.contains("\n"))
    let trace = try parse(line)
    #expect(trace.arrivals == [.init(time: 1.234_568, text: text)])
  }

  /// The line that says the input ended reads back as the trace's end; a trace without one
  /// (cut short, or written before traces said) has none, and ends at its last arrival.
  @Test func theEndReadsBack() throws {
    let lines = [StreamingTrace.line(time: 0, text: "a"), StreamingTrace.endLine(time: 1.5)]
    #expect(lines[1] == "{\"time\":1.5,\"end\":true}")
    let trace = try parse(lines.joined(separator: "\n") + "\n")
    #expect(trace.arrivals == [.init(time: 0, text: "a")] && trace.end == 1.5)
    #expect(try parse(lines[0]).end == nil)
  }

  /// A Markdown answer that ended live, replayed from its trace, finishes where the live one
  /// did: the same frames before and after, and after, the last `---` drawn as the rule it is
  /// in the whole answer (while it streamed, a lone `---` may yet be a heading's underline).
  @Test func aReplayedEndFinishesTheAnswerAsTheLiveEndDid() {
    let pieces: [(Double, String)] = [(0, "Done"), (10 / 64, ":\n\n--"), (20 / 64, "-")]
    let end = 40.0 / 64
    var live = SceneSettings()
    live[StreamingSettings.self].question = ""
    live[StreamingSettings.self].showsAskAgain = false
    live[StreamingSettings.self].isMarkdown = true
    var replay = live
    live[StreamingSettings.self].streamsLiveInput = true
    replay[StreamingSettings.self].trace = StreamingTrace(
      arrivals: pieces.map { .init(time: $0.0, text: $0.1) }, end: end)
    let layouts = Typesetter(fonts: FakeMonospaceMetrics())
    let liveScene = StreamingScene(settings: live, layouts: layouts)
    let replayScene = StreamingScene(settings: replay, layouts: layouts)
    let start = 4.0
    let bounds = Rect(origin: .zero, size: Size(width: 600, height: 400))
    var received = 0
    var shapes: [Double: Int] = [:]
    for t in stride(from: 0.0, through: 2, by: 1.0 / 64) {
      while received < pieces.count, pieces[received].0 <= t {
        liveScene.receive(pieces[received].1, at: start + pieces[received].0)
        received += 1
      }
      if t == end { liveScene.receive("", ends: true, at: start + end) }
      let seen = DrawList()
      liveScene.draw(at: start + t, in: bounds, pointer: PointerState(), into: seen)
      let replayed = DrawList()
      replayScene.draw(at: t, in: bounds, pointer: PointerState(), into: replayed)
      #expect(seen.commands == replayed.commands, "at \(t)")
      shapes[t] = seen.commands.filter { if case .shape = $0 { true } else { false } }.count
    }
    #expect(shapes[end - 1.0 / 64] == 0 && shapes[2] == 1, "\(shapes.sorted { $0.key < $1.key })")
    #expect(liveScene.spokenTexts(at: start + 2).last?.grows == false)
  }

  /// A trace plays as the same stream received live: the scene that received each piece at
  /// T0 + its time draws, at T0 + t, what the scene playing the trace draws at t. The times are
  /// in 64ths of a second, so that T0 + t is exact and the two fronts round alike.
  @Test func aReplayDrawsWhatTheLiveStreamDrew() {
    let pieces: [(Double, String)] = [
      (0, "Sourdough needs"), (12 / 64, " time more"), (27 / 64, " than effort."),
      (28 / 64, " Mix"), (122 / 64, " flour, water and salt."),
    ]
    var live = SceneSettings()
    live[StreamingSettings.self].question = ""
    live[StreamingSettings.self].showsAskAgain = false
    var replay = live
    live[StreamingSettings.self].streamsLiveInput = true
    replay[StreamingSettings.self].trace = StreamingTrace(
      arrivals: pieces.map { .init(time: $0.0, text: $0.1) })
    let layouts = Typesetter(fonts: FakeMonospaceMetrics())
    let liveScene = StreamingScene(settings: live, layouts: layouts)
    let replayScene = StreamingScene(settings: replay, layouts: layouts)
    let start = 4.0
    let bounds = Rect(origin: .zero, size: Size(width: 600, height: 400))
    var received = 0
    for t in stride(from: 0.0, through: 4, by: 1.0 / 64) {
      while received < pieces.count, pieces[received].0 <= t {
        liveScene.receive(pieces[received].1, at: start + pieces[received].0)
        received += 1
      }
      let seen = DrawList()
      liveScene.draw(at: start + t, in: bounds, pointer: PointerState(), into: seen)
      let replayed = DrawList()
      replayScene.draw(at: t, in: bounds, pointer: PointerState(), into: replayed)
      #expect(seen.commands == replayed.commands, "at \(t)")
      #expect(!seen.commands.isEmpty)
    }
  }

  /// The demo's answer is fitted whole; a trace is laid out as it streams, like live text, and
  /// Ask Again plays it again from the start.
  @Test func askAgainPlaysTheTraceAgain() {
    var settings = SceneSettings()
    settings[StreamingSettings.self].trace = StreamingTrace(
      arrivals: [.init(time: 0, text: "One"), .init(time: 1, text: " two")])
    let scene = StreamingScene(
      settings: settings, layouts: Typesetter(fonts: FakeMonospaceMetrics()))
    #expect(scene.chunks.text == "One two" && scene.answer == "One two")
    scene.activate(.askAgain, at: 5)
    #expect(scene.runStart == 5 && scene.chunks.count(at: 0.5) == 3)
    #expect(scene.nextChange(after: 5.2).map { abs($0 - 6) < 1e-9 } ?? false)
  }

  /// A stream past what a scene shows keeps its most recent half, as a live one does.
  @Test func aLongTraceKeepsItsEndAsALiveStreamDoes() {
    let piece = String(repeating: "a", count: 10_000)
    let trace = StreamingTrace(
      arrivals: (0..<10).map { .init(time: Double($0), text: piece) })
    let chunks = trace.chunks(markdown: false)
    #expect(chunks.count(at: .infinity) <= DisplayText.characterLimit)
    #expect(chunks.count(at: .infinity) >= DisplayText.characterLimit / 2)
  }
}
