import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// Texts far past what a window holds, in every demo scene: each frame is drawn in bounded time,
/// at finite places, and starts with the text's first character where a person can see it.
@Suite(.threadOfItsOwn(.computing)) struct SceneExtremesTests {
  /// 16 MB of one unit repeated: the shapes that broke the program before (one word, one
  /// paragraph, one cluster of marks) and their cousins, and what the bidi algorithm, the
  /// dictionaries and the script runs work hardest on: Arabic words, one endless Thai word,
  /// Devanagari conjuncts, scripts alternating at every character, overrides and isolates
  /// opened and never closed, brackets that never pair, mirrored characters.
  static let units = [
    "a", "lorem ipsum dolor sit amet ", "\u{301}", "\n", "\t", "\r\n", "\u{200B}", "\u{6587}",
    "\u{1100}", "👍🏽", "👨‍👩‍👧", "🇫🇷", "سلام عليكم ", "สวัสดี", "क्षि", "aشב文",
    "\u{202E}ab\u{2067}(c", "(", "«[", "\u{2067}\u{05D0}1",
  ]

  static func sixteenMegabytes(of unit: String) -> String {
    String(repeating: unit, count: DisplayText.inputByteLimit / unit.utf8.count)
  }

  /// Whether `text` shows anything: blanks and format characters (ZWSP, bidi controls) are
  /// laid out and drawn as nothing.
  static func inks(_ text: String) -> Bool {
    !text.unicodeScalars.allSatisfy {
      $0.properties.isWhitespace || $0.properties.generalCategory == .format
    }
  }

  @Test(arguments: units)
  func everySceneDrawsTheBeginningInBoundedTime(unit: String) throws {
    let text = Self.sixteenMegabytes(of: unit)
    let firstInked = text.first { Self.inks(String($0)) }
    for kind in SceneKind.showingText {
      var settings = SceneSettings(customText: text)
      // The streaming scene's bubble would come first.
      settings[StreamingSettings.self].question = ""
      let start = ThreadTime.now
      let scene = kind.makeScene(settings: settings, fonts: StandInFonts()).scene
      let frame = Rect(x: 0, y: 0, width: 640, height: 400)
      let list = DrawList()
      scene.draw(at: 3, in: frame, pointer: PointerState(), into: list)
      let elapsed = ThreadTime.now - start
      let label = "\(kind) with 16 MB of \(unit.unicodeScalars.map(\.value))"
      // Debug build, beside other tests; the release program takes under a second.
      #expect(elapsed < TimeBound.seconds(5), "\(label) took \(elapsed)")
      #expect(TextCheck.placeProblems(list, label).isEmpty)
      guard let firstInked else { continue }
      // The first glyph drawn is the text's first (the stand-in font's glyph of a cluster is
      // numbered by its first scalar), and it stands inside the window, in one copy at least
      // (the glitch's copies jump).
      let first = try #require(list.glyphs.first { Self.inks($0.text) }, "\(label) drew no text")
      #expect(first.text == firstInked.unicodeScalars.first.map { String($0) }, "\(label)")
      let places = list.glyphs.prefix(3).filter { $0.text == first.text }.map(\.origin)
      #expect(places.contains { frame.contains($0) }, "\(label): the first glyph is at \(places)")
    }
  }

  /// A live stream keeps its most recent half once it passes what a scene shows, and goes on.
  @Test func aLiveStreamKeepsItsMostRecentText() {
    var settings = SceneSettings()
    settings[StreamingSettings.self].streamsLiveInput = true
    let scene = StreamingScene(settings: settings, layouts: Typesetter(fonts: StandInFonts()))
    let piece = String(repeating: "word ", count: 2_000)
    for second in 0..<100 { scene.receive(piece + "\(second) ", at: Double(second)) }
    let count = scene.streamed.timedChunks.count(at: .infinity)
    #expect(count <= DisplayText.characterLimit)
    #expect(count >= DisplayText.characterLimit / 2)
    #expect(scene.streamed.timedChunks.text.hasSuffix("99 "))
    // What was kept is already shown; the next piece fades in as before.
    scene.receive("next", at: 100)
    #expect(scene.streamed.timedChunks.text.hasSuffix("99 next"))
    #expect(scene.nextChange(after: 100) == 100)
  }

  /// After the stream is cut, the frame shows the text kept, even when its length is one a
  /// frame showed before the cut. The view follows the newest text, so the first glyph is
  /// looked for with the answer scrolled back to its start.
  @Test func aCutStreamShowsWhatItKept() throws {
    var settings = SceneSettings()
    settings[StreamingSettings.self].streamsLiveInput = true
    settings.reduceMotion = true
    settings[StreamingSettings.self].question = ""
    let scene = StreamingScene(settings: settings, layouts: Typesetter(fonts: StandInFonts()))
    let letters = Array("abcdefghi")
    let piece = DisplayText.characterLimit / 8
    func firstGlyph(at time: Double) throws -> String {
      let frame = Rect(x: 0, y: 0, width: 640, height: 400)
      scene.draw(at: time, in: frame, pointer: PointerState(), into: DrawList())
      scene.scroll(.start, at: time)
      let list = DrawList()
      scene.draw(at: time, in: frame, pointer: PointerState(), into: list)
      scene.scroll(.end, at: time)
      return try #require(list.glyphs.first).text
    }
    for (second, letter) in letters.prefix(4).enumerated() {
      scene.receive(String(repeating: letter, count: piece), at: Double(second))
    }
    #expect(try firstGlyph(at: 4) == "a")
    // Nine pieces pass the limit: the last four are kept, as many characters as four were.
    for (second, letter) in letters.enumerated().dropFirst(4) {
      scene.receive(String(repeating: letter, count: piece), at: Double(second))
    }
    #expect(scene.streamed.timedChunks.count(at: .infinity) == 4 * piece)
    #expect(try firstGlyph(at: 10) == "f")
  }
}
