import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects

/// A `StreamingText` in a column (`column(height:)`), as a program of its own draws it: the
/// column follows the newest line as the scene's answer does, scrolls back when asked, and
/// follows again once scrolled to the end.
@Suite struct StreamingColumnTests {
  /// A column 300 points wide, with layouts of its own (a cache is one test's).
  let request = TextLayoutRequest(
    width: 300, fillsWidth: true, layouts: TextLayoutCache(fonts: StandInFonts()))

  /// Where the column shows `answer` at `time`: its view's top and bottom, in layout points.
  func view(of answer: StreamingText, at time: Double) throws -> (
    top: Double, bottom: Double
  ) {
    let layout = answer.layout(at: time, for: request)
    let renderer = try #require(answer.renderer(for: layout, at: time) as? StreamingRenderer)
    let view = try #require(renderer.view)
    #expect(renderer.scrollsView)
    return (view.top, view.bottom)
  }

  /// A hundred lines, a line a second: the line the front writes is in view at every time.
  @Test func theColumnFollowsTheNewestLine() throws {
    var answer = StreamingText().column(height: 200)
    for line in 0..<100 {
      let time = Double(line)
      answer.append("Line \(line) of a long answer that keeps coming.\n", at: time)
      let view = try view(of: answer, at: time + 0.9)
      let layout = answer.layout(at: time + 0.9, for: request)
      let front = answer.front(at: time + 0.9).visible(at: time + 0.9)
      let written = layout.lines.first {
        $0.slices.upperBound > min(Int(front), layout.characterCount - 1)
      }
      let bottom = (written?.top ?? 0) + (written?.height ?? 0)
      #expect(bottom <= view.bottom + 0.001, "line \(line): \(bottom) below \(view.bottom)")
    }
    #expect(try view(of: answer, at: 200).top > 1_000)
    // Without a column it shows every line, from the top.
    var whole = StreamingText("One\nTwo")
    whole.append("\nThree", at: 1)
    let layout = whole.layout(at: 2, for: request)
    let renderer = try #require(whole.renderer(for: layout, at: 2) as? StreamingRenderer)
    #expect(renderer.view == nil)
  }

  /// Scrolled back, the column stays where it was put while the answer grows; scrolled as far
  /// as the newest line (or told to), it follows again; it never goes above the first line.
  @Test func theColumnScrollsBackAndFollowsAgain() throws {
    var answer = StreamingText().column(height: 200)
    for line in 0..<60 { answer.append("Line \(line)\n", at: Double(line) / 10) }
    let following = try view(of: answer, at: 20).top
    answer.scroll(by: -300, at: 20)
    #expect(answer.scrolledBack == following - 300)
    answer.append("More\nand more\n", at: 21)
    #expect(try view(of: answer, at: 22).top == following - 300)
    answer.scroll(by: 10_000, at: 22)
    #expect(answer.scrolledBack == nil)
    answer.scroll(by: -1_000_000, at: 22)
    #expect(answer.scrolledBack == 0)
    #expect(try view(of: answer, at: 22).top == 0)
    answer.followNewestLine()
    #expect(try view(of: answer, at: 22).top >= following)
  }

  /// The column moves while a step eases in, so the loop must draw; once still, it may sleep.
  @Test func aMovingColumnAsksForFrames() throws {
    var answer = StreamingText(reduceMotion: false).column(height: 100)
    answer.append(String(repeating: "A line that wraps in the column.\n", count: 20), at: 0)
    _ = answer.layout(at: 0.2, for: request)
    #expect(answer.nextChange(after: 0.2) == 0.2)
    _ = answer.layout(at: 60, for: request)
    #expect(answer.nextChange(after: 60) == nil)
  }
}
