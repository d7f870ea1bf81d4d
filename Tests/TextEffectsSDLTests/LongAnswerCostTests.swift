import Foundation
import Testing
import TextEffects
import TextEffectsSDL
import TextEffectsTestSupport

/// Through the public library only (this file imports nothing else of it), as a program of
/// one's own streams an answer (the long-answer example's: 7 characters a frame into a
/// 720-point column that follows its newest line): a frame at 32,000 characters costs at most
/// 1.5 times a frame at 1,000, plain and Markdown, on the optimised build. Two answers are
/// streamed by drawers of their own, one to each mark, and the hundred frames either side of
/// each are then timed in turn, one of each, so that whatever else the machine does (the other
/// tests, on two cores) falls on both alike; the medians are compared.
@Suite(.threadOfItsOwn(.computing)) struct LongAnswerCostTests {
  static let text = MarkdownAnswers.longAnswer(characters: 33_000)
  static let column = Rect(x: 40, y: 30, width: 720, height: 540)

  /// An answer streamed by a drawer of its own into an image of its own.
  final class Stream {
    let image: OffscreenImage
    let drawer: TextEffectsRenderer
    var answer: StreamingText
    var frame = 0

    init(markdown: Bool) throws {
      image = try OffscreenImage(width: 800, height: 600)
      drawer = try TextEffectsRenderer(renderer: image.renderer)
      answer = StreamingText(markdown: markdown).column(height: LongAnswerCostTests.column.height)
    }

    /// The next frame, 1/60 s on: 7 more characters, drawn.
    func drawNext() throws {
      let (time, start) = (Double(frame) / 60, frame * 7)
      let text = LongAnswerCostTests.text
      answer.append(String(text[min(start, text.count)..<min(start + 7, text.count)]), at: time)
      try drawer.clear(to: .black)
      try drawer.draw(answer, at: time, in: LongAnswerCostTests.column)
      frame += 1
    }
  }

  @Test(arguments: [false, true]) func aLongAnswerCostsAFrameWhatAShortOneDoes(markdown: Bool)
    throws
  {
    let streams = [try Stream(markdown: markdown), try Stream(markdown: markdown)]
    for (stream, mark) in zip(streams, [1_000, 32_000]) {
      while stream.frame * 7 < mark - 700 { try stream.drawNext() }
    }
    var costs: [[Double]] = [[], []]
    for _ in 0..<200 {
      for (index, stream) in streams.enumerated() {
        let began = DispatchTime.now().uptimeNanoseconds
        try stream.drawNext()
        costs[index].append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e3)
      }
    }
    let medians = costs.map { $0.sorted()[$0.count / 2] }
    #expect(medians[1] <= 1.5 * medians[0], "markdown \(markdown): \(medians) µs")
  }
}
