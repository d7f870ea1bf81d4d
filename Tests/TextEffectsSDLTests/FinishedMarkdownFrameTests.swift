import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// Through the public library, pixel for pixel: a Markdown answer streamed in pieces (each
/// drawn as it came) and finished draws, once its front has passed, the frame the whole
/// document draws as `Text(...).markdown()`: the same glyphs, code backgrounds, rules and
/// bars. Over every tenth example of GitHub's Markdown spec and the answers the issue found
/// ending wrong.
@Suite(.threadOfItsOwn(.computing)) struct FinishedMarkdownFrameTests {
  static let texts: [String] = {
    struct Spec: Decodable { var examples: [String] }
    let file = Repository.file("Tests/Conformance/gfm-spec-examples.json")
    let examples =
      (try? JSONDecoder().decode(Spec.self, from: Data(contentsOf: file)))?.examples ?? []
    return stride(from: 0, to: examples.count, by: 10).map { examples[$0] } + [
      "A rule ends it:\n\n---", "---", "- `one\n- two`", "Some `code` and\n\n```\nblock\n```",
      "> quoted **bold**", MarkdownAnswers.answer,
    ]
  }()

  @Test func aFinishedAnswerDrawsTheWholeAnswersPixels() throws {
    #expect(Self.texts.count == 74)
    let drawer = try TextEffectsRenderer(fonts: FontLibrary.bundled())
    let target = try SDLRenderTarget(offscreenWidth: 480, height: 720)
    drawer.renderer = target.renderer
    let column = Rect(x: 10, y: 10, width: 460, height: 700)
    var failures: [String] = []
    for (number, text) in Self.texts.enumerated() {
      let characters = Array(text)
      var answer = StreamingText(markdown: true)
      var end = 0
      while end < characters.count {
        let start = end
        end = min(end + 1 + (start * 7 + number) % 9, characters.count)
        answer.append(String(characters[start..<end]), at: Double(end))
        try drawer.clear(to: .black)
        try drawer.draw(answer, at: Double(end), in: column)
      }
      answer.finish(at: Double(end))
      try drawer.clear(to: .black)
      try drawer.draw(answer, at: Double(end) + 60, in: column)
      let streamed = try target.image()
      try drawer.clear(to: .black)
      try drawer.draw(Text(text).markdown(), in: column)
      if try target.image() != streamed { failures.append(text.prefix(30).debugDescription) }
    }
    #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(8))")
  }

  /// A document that is one rule draws its rule, through `Text(...).markdown()` as streamed.
  @Test func aLoneRuleIsDrawn() throws {
    let drawer = try TextEffectsRenderer(fonts: FontLibrary.bundled())
    let target = try SDLRenderTarget(offscreenWidth: 200, height: 60)
    drawer.renderer = target.renderer
    try drawer.clear(to: .black)
    try drawer.draw(Text("---").markdown(), in: Rect(x: 10, y: 10, width: 180, height: 40))
    #expect(try target.image().count(differingFrom: (0, 0, 0)) > 100)
  }
}
