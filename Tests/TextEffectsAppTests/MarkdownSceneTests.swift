import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The streaming scene with `--markdown`: a live answer shows styled as it arrives, never its
/// syntax, and the front and a screen reader count what shows.
@Suite struct MarkdownSceneTests {
  static func liveScene(markdown: Bool = true) -> StreamingScene {
    var settings = SceneSettings()
    settings[StreamingSettings.self].streamsLiveInput = true
    settings[StreamingSettings.self].isMarkdown = markdown
    settings[StreamingSettings.self].question = ""
    return StreamingScene(settings: settings, layouts: Typesetter(fonts: StandInFonts()))
  }

  static let pieces = ["# Ti", "tle\n\nSome **bo", "ld** and `co", "de`\n\n- one\n- t", "wo\n"]

  /// The glyphs of the frame at `time`.
  static func glyphs(of scene: StreamingScene, at time: Double) -> [String] {
    drawn(scene, at: time, in: Rect(x: 0, y: 0, width: 640, height: 400)).glyphs.map(\.text)
  }

  @Test func aLiveAnswerNeverShowsItsSyntax() {
    let scene = Self.liveScene()
    var shown: Set<String> = []
    for (second, piece) in Self.pieces.enumerated() {
      scene.receive(piece, at: Double(second))
      for step in 0..<10 {
        shown.formUnion(Self.glyphs(of: scene, at: Double(second) + Double(step) / 10))
      }
    }
    shown.formUnion(Self.glyphs(of: scene, at: 30))
    #expect(shown.isDisjoint(with: ["#", "*", "`", "-"]))
    #expect(shown.isSuperset(of: ["T", "b", "c", "•"]))
    // Plain, the same answer shows every marker.
    let plain = Self.liveScene(markdown: false)
    for (second, piece) in Self.pieces.enumerated() { plain.receive(piece, at: Double(second)) }
    #expect(Set(Self.glyphs(of: plain, at: 30)).isSuperset(of: ["#", "*", "`", "-"]))
  }

  /// The front sweeps over the characters that show: once it has passed them all (and its
  /// soft edge), nothing moves; a screen reader reads the shown text, a line to a block.
  @Test func theFrontAndTheReaderCountWhatShows() {
    let scene = Self.liveScene()
    for (second, piece) in Self.pieces.enumerated() { scene.receive(piece, at: Double(second)) }
    let spoken = scene.spokenTexts(at: 10).map(\.text)
    #expect(spoken == ["Title\nSome bold and code\n• one\n• two"])
    #expect(scene.nextChange(after: 10) == nil)
    // Each arrival counts the characters it shows: "Ti", then "Title" and "Some bo", ...
    var answer = StreamingText(markdown: true)
    for (second, piece) in Self.pieces.enumerated() { answer.append(piece, at: Double(second)) }
    let counts = (0..<Self.pieces.count).map { answer.shownCount(at: Double($0)) }
    #expect(counts == [2, 12, 21, 31, 33])
    #expect(answer.timedChunks.arrivals.map(\.count) == [4, 18, 30, 44, 47])
  }

  /// Read piece by piece (its settled blocks' text kept), the answer reads as it does given
  /// at once; finished, as the whole document does.
  @Test func aScreenReaderReadsTheAnswerAsItReadsWhole() {
    let text = MarkdownAnswers.answer + "\n---\n\n" + MarkdownAnswers.secondAnswer
    var answer = StreamingText(markdown: true)
    var spoken = ""
    var start = text.startIndex
    var time = 0.0
    while start < text.endIndex {
      let end = text.index(start, offsetBy: 7, limitedBy: text.endIndex) ?? text.endIndex
      time += 1
      answer.append(String(text[start..<end]), at: time)
      spoken = answer.accessibilityLabel(at: time)
      start = end
    }
    var given = StreamingText(markdown: true)
    given.append(text, at: 0)
    #expect(spoken == given.accessibilityLabel(at: time))
    #expect(spoken.hasPrefix("Streaming text in Swift\nHere is how to stream"))
    answer.finish(at: time)
    let whole = MarkdownDocument(parsing: text).blocks.map { String($0.shown.map(\.0)) }
    #expect(answer.accessibilityLabel(at: time) == whole.joined(separator: "\n"))
  }

  @Test func aKioskItemOrASuiteCaseTurnsMarkdownOn() throws {
    let content = try KioskContent.parse(
      Data(#"{"items": [{"scene": "streaming", "markdown": true}, {"scene": "streaming"}]}"#.utf8))
    #expect(content.items[0].settings[StreamingSettings.self].isMarkdown)
    #expect(!content.items[1].settings[StreamingSettings.self].isMarkdown)
    #expect(
      problem(#"{"items": [{"scene": "glitch", "markdown": true}]}"#)?.contains(
        "'markdown' is for the streaming scene") == true)
    #expect(problem(#"{"items": [{"scene": "streaming", "markdown": "yes"}]}"#) != nil)
  }
}
