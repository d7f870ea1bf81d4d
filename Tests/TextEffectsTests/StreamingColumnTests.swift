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
    width: 300, fillsWidth: true, layouts: Typesetter(fonts: StandInFonts()))

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

  /// What `answer` draws at `time`, as a program of its own draws it.
  func commands(of answer: StreamingText, at time: Double) -> [DrawList.Command] {
    let layout = answer.layout(at: time, for: request)
    let list = DrawList()
    var context = GraphicsContext(list: list)
    answer.renderer(for: layout, at: time).draw(layout: layout, in: &context)
    return list.commands
  }

  /// An answer fed for long into a column holds the slices of the lines near its view, not one
  /// for every character (see `TextLayout.Slices`): its lines are those of the same answer
  /// laid out without a column (which holds every slice), the slices it holds are that
  /// answer's, and the lines its view shows all have theirs. Scrolled back to its start, it
  /// lays the whole answer out again and draws its first lines as a copy laid out from nothing
  /// does; following the newest line again, it lets go of them again.
  @Test(arguments: [false, true]) func aLongColumnHoldsTheSlicesNearItsView(markdown: Bool)
    throws
  {
    let sentence = markdown ? "Some **bold** and `code` read on. " : "Words of a long answer. "
    let pieces: [(text: String, time: Double)] = (0..<1_600).map { index in
      let paragraphEnd = index % 8 == 7 ? "\n\n" : ""
      return (text: sentence + paragraphEnd, time: Double(index) * 0.05)
    }
    var fed = StreamingText(markdown: markdown).column(height: 200)
    var everySlice = StreamingText(markdown: markdown)
    var mostHeld = 0
    for (index, piece) in pieces.enumerated() {
      fed.append(piece.text, at: piece.time)
      everySlice.append(piece.text, at: piece.time)
      let time = piece.time + 0.03
      let held = fed.layout(at: time, for: request)
      let all = everySlice.layout(at: time, for: request)
      mostHeld = max(mostHeld, held.slices.count)
      let renderer = try #require(fed.renderer(for: held, at: time) as? StreamingRenderer)
      let view = try #require(renderer.view)
      #expect(held.topOfHeldSlices <= view.top - view.edge, "piece \(index)")
      guard index % 40 == 39 else { continue }
      #expect(held.lines == all.lines, "piece \(index)")
      #expect(
        held.slices.indices.allSatisfy { held.slices[$0] == all.slices[$0] }, "piece \(index)")
    }
    let characters = try #require(fed.lastLayout?.characterCount)
    #expect(characters > 30_000)
    #expect(mostHeld < 12_000, "\(mostHeld) slices held of \(characters)")
    // An earlier time (a screenshot of the middle) is laid out again from the start as far
    // as it goes, Markdown's blocks whose slices were let go of among them.
    let middle = pieces[600].time + 0.03
    let earlier = fed.layout(at: middle, for: request)
    let allEarlier = everySlice.layout(at: middle, for: request)
    #expect(earlier.lines == allEarlier.lines)
    #expect(earlier.slices.indices.allSatisfy { earlier.slices[$0] == allEarlier.slices[$0] })
    #expect(earlier.characterCount < characters / 2)
    // Back to the start: laid out whole again, the first lines shown as they were.
    let end = pieces.last!.time + 60
    var whole = StreamingText(markdown: markdown).column(height: 200)
    for piece in pieces { whole.append(piece.text, at: piece.time) }
    _ = whole.layout(at: end, for: request)
    fed.scroll(by: -1e9, at: end)
    whole.scroll(by: -1e9, at: end)
    let startAlike = commands(of: fed, at: end) == commands(of: whole, at: end)
    #expect(startAlike, "scrolled back, the start draws otherwise than laid out from nothing")
    #expect(fed.layout(at: end, for: request).slices.startIndex == 0)
    // Following again, it lets go of them as the answer grows.
    fed.followNewestLine()
    _ = fed.layout(at: end, for: request)
    fed.append(sentence, at: end + 1)
    #expect(fed.layout(at: end + 2, for: request).slices.count < 12_000)
  }
}
