import Foundation
import Testing
import TextEffects
import TextEffectsSDL
import TextEffectsTestSupport

/// Through the public library only, as a program of one's own streams an answer (12
/// characters a frame into a 720-point column that follows its newest line): the hostile
/// blocks a model or an attacker can send (one paragraph of thousands of words, a table of
/// 2,000 columns or of thousands of rows, `*a **a ` nested thousands deep, `_a ` thousands of
/// times), each one open block however long it grows, cost at most twice, frame for frame,
/// what an ordinary answer streamed alike costs (examples/answer.md, over again): a long open
/// block is read again only once it has grown by a part of itself. Each hostile stream and the
/// answer are drawn in lockstep, a frame of each in turn, and each frame's time is the
/// thread's processor time, which the tests running beside it do not move (its wall time did,
/// by a tenth, under the whole suite); their whole times are compared.
@Suite(.threadOfItsOwn(.computing)) struct HostileBlockCostTests {
  static let length = 9_000
  static let answer = Array(
    String(
      repeating: (try? String(contentsOf: Repository.file("examples/answer.md"), encoding: .utf8))
        ?? "", count: 20))
  static let words = ["the", "dough", "rests", "while", "the", "starter", "works", "slowly"]

  static let hostile: [(name: String, text: String)] = [
    ("a paragraph", (0..<length).map { words[$0 % words.count] }.joined(separator: " ")),
    (
      "a table of 2,000 columns",
      "|" + String(repeating: " a |", count: 2_000) + "\n|"
        + String(repeating: "---|", count: 2_000) + "\n|" + String(repeating: " b |", count: 2_000)
    ),
    (
      "a table of 3,000 rows",
      "| a | b |\n|---|---|\n" + String(repeating: "| x | y |\n", count: 3_000)
    ),
    ("nested emphasis", String(repeating: "*a **a ", count: 3_750)),
    ("underscores", String(repeating: "_a ", count: 10_000)),
  ]

  final class Stream {
    let text: [Character]
    let image: OffscreenImage
    let drawer: TextEffectsRenderer
    var answer = StreamingText(markdown: true).column(height: 540)
    var frame = 0
    var seconds = 0.0

    init(_ text: [Character]) throws {
      self.text = text
      image = try OffscreenImage(width: 800, height: 600)
      drawer = try TextEffectsRenderer(renderer: image.renderer)
    }

    func drawNext() throws {
      let start = min(frame * 12, text.count)
      let time = Double(frame) / 30
      answer.append(String(text[start..<min(start + 12, text.count)]), at: time)
      let began = ThreadTime.now
      try drawer.clear(to: .black)
      try drawer.draw(answer, at: time, in: Rect(x: 40, y: 30, width: 720, height: 540))
      let took = (ThreadTime.now - began).components
      seconds += Double(took.seconds) + Double(took.attoseconds) / 1e18
      frame += 1
    }
  }

  @Test(arguments: hostile.map(\.name)) func aHostileBlockCostsAtMostTwiceAnAnswer(name: String)
    throws
  {
    let text = try #require(Self.hostile.first { $0.name == name }).text
    let hostile = try Stream(Array(text.prefix(Self.length)))
    let ordinary = try Stream(Array(Self.answer.prefix(Self.length)))
    while hostile.frame * 12 < Self.length {
      try hostile.drawNext()
      try ordinary.drawNext()
    }
    #expect(
      hostile.seconds <= 2 * ordinary.seconds,
      "\(name): \(hostile.seconds) s against \(ordinary.seconds) s for the answer")
  }
}
