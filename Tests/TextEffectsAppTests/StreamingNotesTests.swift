import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// What a model's stream says besides its answer, above it in the streaming scene: "Thinking…"
/// from its first byte, its reasoning live and then folded to "Thought for N s", a line for
/// each tool it calls; a screen reader reads the same, and a trace replays it.
@Suite struct StreamingNotesTests {
  /// Reasoning from 1 s to 3 s, a tool called at 4 s, the answer from 5 s, the end at 6 s.
  static let pieces: [(time: Double, piece: AnswerPiece)] = [
    (0.5, AnswerPiece(began: true)),
    (1, AnswerPiece(reasoning: TextEdit(added: "The user asks about Paris. "))),
    (3, AnswerPiece(reasoning: TextEdit(added: "An umbrella helps."))),
    (4, AnswerPiece(toolCalls: ["get_weather"])),
    (5, AnswerPiece(text: "Take an umbrella.")),
    (6, AnswerPiece(ends: true)),
  ]

  static func notes() -> StreamingNotes {
    var notes = StreamingNotes()
    var answered = false
    for (time, piece) in pieces {
      answered = answered || !piece.answer.added.isEmpty
      notes.receive(piece, answerHasText: answered, at: time)
    }
    return notes
  }

  @Test func eachWayOfShowingReasoningSaysWhatItShould() {
    let notes = Self.notes()
    typealias Shown = StreamingNotes.Shown
    // Before the first byte nothing; from it, "Thinking…", the reasoning's text under it
    // while it comes (but hidden), then one line for the thinking and one for the call.
    let expected: [(Double, ReasoningDisplay, Shown)] = [
      (0.2, .fold, Shown()),
      (0.7, .fold, Shown(header: "Thinking…")),
      (2, .fold, Shown(header: "Thinking…", showsReasoning: true)),
      (2, .show, Shown(header: "Thinking…", showsReasoning: true)),
      (2, .hide, Shown(header: "Thinking…")),
      (4.5, .fold, Shown(header: "Thought for 3 s", tools: ["Calling get_weather…"])),
      (
        4.5, .show,
        Shown(header: "Thought for 3 s", showsReasoning: true, tools: ["Calling get_weather…"])
      ),
      (4.5, .hide, Shown(tools: ["Calling get_weather…"])),
      (9, .fold, Shown(header: "Thought for 3 s", tools: ["Calling get_weather…"])),
    ]
    for (time, display, shown) in expected {
      #expect(notes.shown(at: time, display: display) == shown, "\(time) s, \(display)")
    }
    #expect(notes.nextEvent(after: 0.7) == 1)
    #expect(notes.nextEvent(after: 5) == 6)
    #expect(notes.nextEvent(after: 6) == nil)
  }

  /// A call that comes after the answer began (Anthropic's "I'll check the weather." then its
  /// call) shows under the answer: no line of the answer moves for it.
  @Test func aCallAfterTheAnswerShowsUnderIt() {
    var notes = StreamingNotes()
    notes.receive(AnswerPiece(text: "I'll check the weather."), answerHasText: true, at: 1)
    notes.receive(AnswerPiece(toolCalls: ["get_weather"]), answerHasText: true, at: 2)
    let shown = notes.shown(at: 3, display: .fold)
    #expect(shown.isEmpty && shown.toolsAfter == ["Calling get_weather…"], "\(shown)")
  }

  /// An answer that comes with no reasoning drops "Thinking…" as its first text shows.
  @Test func aPlainAnswerReplacesThinkingAtOnce() {
    var notes = StreamingNotes()
    notes.receive(AnswerPiece(began: true), answerHasText: false, at: 1)
    notes.receive(AnswerPiece(text: "Hello"), answerHasText: true, at: 1.4)
    #expect(notes.shown(at: 1.2, display: .fold).header == "Thinking…")
    #expect(notes.shown(at: 1.4, display: .fold).isEmpty)
  }

  /// A live stream that brings nothing says what it waits for, once it has waited
  /// `waitingNoticeAfter` seconds (not before, so a stream that begins at once never flashes
  /// it), until its first byte; the window wakes for it.
  @Test func aStreamThatBringsNothingSaysWhatItWaitsFor() {
    var notes = StreamingNotes()
    notes.awaited = "standard input"
    let after = StreamingNotes.waitingNoticeAfter
    #expect(after >= 1 && after <= 5)
    #expect(notes.shown(at: after - 0.01, display: .fold).isEmpty)
    #expect(notes.shown(at: after, display: .fold).header == "Waiting for standard input…")
    #expect(notes.nextEvent(after: 0) == after)
    #expect(notes.nextEvent(after: after) == nil)
    notes.receive(AnswerPiece(began: true), answerHasText: false, at: after + 2)
    #expect(notes.shown(at: after + 1, display: .fold).header == "Waiting for standard input…")
    #expect(notes.shown(at: after + 2, display: .fold).header == "Thinking…")
    // A known answer waits for nothing.
    #expect(StreamingNotes().shown(at: 60, display: .fold).isEmpty)
    #expect(StreamingNotes().nextEvent(after: 0) == nil)
  }

  /// The live scene names its source: standard input, or the command an item runs; drawn and
  /// read, and gone with the first text.
  @Test func theLiveSceneNamesWhatItWaitsFor() throws {
    let frame = Rect(x: 0, y: 0, width: 640, height: 400)
    let after = StreamingNotes.waitingNoticeAfter
    let scene = Self.liveScene()
    #expect(scene.nextChange(after: 0) == after)
    #expect(!drawn(scene, at: after + 1, in: frame).glyphs.map(\.text).joined().isEmpty)
    #expect(scene.spokenTexts(at: after + 1).map(\.text).contains("Waiting for standard input…"))
    scene.receive(AnswerPiece(text: "Hello"), at: after + 2)
    #expect(!scene.spokenTexts(at: after + 3).map(\.text).contains { $0.hasPrefix("Waiting") })

    var settings = SceneSettings()
    settings[StreamingSettings.self].streamsLiveInput = true
    settings[StreamingSettings.self].asks = AskedCommand(arguments: ["/usr/bin/curl", "-sN"])
    let asking = StreamingScene(settings: settings, layouts: Typesetter(fonts: StandInFonts()))
    #expect(asking.spokenTexts(at: after + 1).map(\.text).contains("Waiting for curl…"))
  }

  static func liveScene(display: ReasoningDisplay = .fold) -> StreamingScene {
    var settings = SceneSettings()
    settings[StreamingSettings.self].streamsLiveInput = true
    settings[StreamingSettings.self].isMarkdown = true
    settings[StreamingSettings.self].question = ""
    settings[StreamingSettings.self].reasoning = display
    return StreamingScene(settings: settings, layouts: Typesetter(fonts: StandInFonts()))
  }

  /// Fed the pieces live, the scene draws the notes' words above the answer's and a screen
  /// reader reads them; recorded as a trace and replayed, each frame draws the same glyphs.
  @Test(arguments: ReasoningDisplay.allCases) func theSceneShowsTheNotesAndATraceReplaysThem(
    display: ReasoningDisplay
  ) throws {
    let scene = Self.liveScene(display: display)
    var lines: [String] = []
    for (time, piece) in Self.pieces {
      scene.receive(piece, at: time)
      let arrival = StreamingTrace.Arrival(
        time: time, text: piece.answer.added, reasoning: piece.reasoning.added,
        tool: piece.toolCalls.first, began: piece.began)
      lines += StreamingTrace.lines(arrival)
      if piece.ends { lines.append(StreamingTrace.endLine(time: time)) }
    }
    let frame = Rect(x: 0, y: 0, width: 640, height: 400)
    func words(_ scene: StreamingScene, at time: Double) -> String {
      drawn(scene, at: time, in: frame).glyphs.map(\.text).joined()
    }
    #expect(words(scene, at: 0.7).contains("Thinking"))
    #expect(words(scene, at: 2.9).contains("Paris") == (display != .hide))
    let after = words(scene, at: 8)
    #expect(after.contains("Thoughtfor3s") == (display != .hide), "\(after)")
    #expect(after.contains("Callingget_weather"))
    #expect(after.contains("umbrella."))
    #expect(after.contains("Paris") == (display == .show))
    let spoken = scene.spokenTexts(at: 8).map(\.text)
    #expect(spoken.contains("Calling get_weather…"), "\(spoken)")
    #expect(spoken.contains("Thought for 3 s") == (display != .hide), "\(spoken)")

    var settings = SceneSettings()
    settings[StreamingSettings.self].isMarkdown = true
    settings[StreamingSettings.self].question = ""
    settings[StreamingSettings.self].reasoning = display
    settings[StreamingSettings.self].trace = try StreamingTrace.parse(
      Data(lines.joined(separator: "\n").utf8))
    let replay = StreamingScene(
      settings: settings, layouts: Typesetter(fonts: StandInFonts()))
    for time in [0.7, 2.0, 2.9, 4.5, 5.5, 8] {
      #expect(words(replay, at: time) == words(scene, at: time), "\(display) at \(time) s")
    }
  }

  /// A terminal program that takes back what it wrote (a word wrapped to the next line) leaves
  /// the answer as the terminal shows it, live and in a replayed trace.
  @Test func textTakenBackIsGoneLiveAndReplayed() throws {
    let scene = Self.liveScene()
    scene.receive(AnswerPiece(text: "Take an umb"), at: 1)
    scene.receive(AnswerPiece(answer: TextEdit(retracted: 3, added: "\numbrella")), at: 2)
    #expect(scene.spokenTexts(at: 3).last?.text == "Take an umbrella")
    let trace = try StreamingTrace.parse(
      Data(
        (StreamingTrace.lines(.init(time: 0, text: "Take an umb"))
          + StreamingTrace.lines(.init(time: 1, text: "\numbrella", retracted: 3)))
          .joined(separator: "\n").utf8))
    #expect(trace.text == "Take an \numbrella")
    #expect(trace.chunks(markdown: true).text == "Take an \numbrella")
  }
}
