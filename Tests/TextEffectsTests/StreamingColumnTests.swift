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

  /// Records `answer` at `time` into `list` as a frame of its own, as a program's loop does
  /// before `drawChanges`.
  func record(_ answer: StreamingText, at time: Double, into list: DrawList) {
    list.reset(background: .black)
    let layout = answer.layout(at: time, for: request)
    var context = GraphicsContext(list: list)
    answer.renderer(for: layout, at: time).draw(layout: layout, in: &context)
  }

  /// A column draws each line as a layer in a scope of its own: a frame repeats the lines
  /// whose characters are all in and that stayed where they were; the line the front fades in
  /// draws every frame; a column of another height draws every line again. It says which
  /// rectangle scrolls, so the pixels of a step can move.
  @Test func aColumnRepeatsTheLinesThatStayed() throws {
    var answer = StreamingText().column(height: 200)
    answer.append(String(repeating: "A line that wraps in the column.\n", count: 12), at: 0)
    answer.append("The newest line", at: 9.9)
    let list = DrawList()
    record(answer, at: 10, into: list)
    record(answer, at: 10.02, into: list)
    let repeats = list.layers.map(\.repeats)
    #expect(repeats.count > 3 && repeats.dropLast().allSatisfy { $0 } && repeats.last == false)
    let scrolled = try #require(list.scrolledView)
    #expect(scrolled.rect.height == 200 && abs(scrolled.offset - answer.columnTop(at: 10.02)) < 1)
    let other = answer.column(height: 180)
    record(other, at: 10.04, into: list)
    #expect(list.layers.allSatisfy { !$0.repeats })
    // A copy that changes works its own reading out, and is a view of its own: it repeats
    // nothing of the original's lines.
    var copy = answer
    copy.append(" and more", at: 10.05)
    record(copy, at: 10.06, into: list)
    #expect(list.layers.allSatisfy { !$0.repeats })
  }

  /// A tail shows the text's last lines under a height, the top one fading out over a line,
  /// and is as tall as the text until the text outgrows it; it does not scroll back.
  @Test func aTailShowsTheLastLines() throws {
    var reasoning = StreamingText(reduceMotion: true).tail(height: 100)
    reasoning.append("One short line", at: 0)
    var layout = reasoning.layout(at: 1, for: request)
    var renderer = try #require(reasoning.renderer(for: layout, at: 1) as? StreamingRenderer)
    #expect(renderer.view == nil)
    reasoning.append(String(repeating: "\nAnother line of thought", count: 20), at: 2)
    layout = reasoning.layout(at: 3, for: request)
    renderer = try #require(reasoning.renderer(for: layout, at: 3) as? StreamingRenderer)
    let view = try #require(renderer.view)
    #expect(view.bottom == layout.size.height && view.bottom - view.top == 100)
    #expect(reasoning.columnTop(at: 3) == view.top)
    reasoning.scroll(by: -50, at: 3)
    #expect(reasoning.scrolledBack == nil)
  }

  /// Lines and pages scroll by the column's own measures: a line is its line height, a page
  /// the column less a line; minus infinity goes to the start; `keepLast` follows again.
  @Test func linesAndPagesScrollByTheColumnsMeasures() throws {
    var answer = StreamingText().column(height: 200)
    for line in 0..<60 { answer.append("Line \(line)\n", at: Double(line) / 10) }
    let following = try view(of: answer, at: 20).top
    let lineHeight = request.fonts.metrics(for: answer.content.font).lineHeight
    answer.scroll(byLines: -2, at: 20)
    #expect(answer.scrolledBack == following - 2 * lineHeight)
    answer.scroll(byPages: -1, at: 20)
    #expect(answer.scrolledBack == following - 2 * lineHeight - (200 - lineHeight))
    answer.scroll(by: -.infinity, at: 20)
    #expect(answer.scrolledBack == 0 && answer.columnTop(at: 20) == 0)
    answer.keepLast(100)
    #expect(answer.scrolledBack == nil && answer.characterCount <= 100)
  }

  /// Replayed at another speed, the pieces keep their times: the front sweeps over them
  /// again as it would have at that speed, from when the view appeared.
  @Test func aReplayedStreamKeepsItsPiecesTimes() {
    var answer = StreamingText(appearedAt: 0, charactersPerSecond: 80)
    answer.append("Twenty characters in", at: 0.1)
    answer.append(" and twenty more come", at: 0.5)
    let slow = answer.replayed(
      charactersPerSecond: 10, fade: 10, reduceMotion: false, markdown: false)
    var fresh = StreamingText(appearedAt: 0, charactersPerSecond: 10)
    fresh.append("Twenty characters in", at: 0.1)
    fresh.append(" and twenty more come", at: 0.5)
    for time in [0.2, 0.6, 1.5, 3.0] {
      #expect(slow.frontPosition(at: time) == fresh.frontPosition(at: time), "at \(time)")
    }
    #expect(slow.frontPosition(at: 1) < answer.frontPosition(at: 1))
    #expect(answer.nextEvent(after: 0.2) == 0.5 && answer.nextEvent(after: 0.6) == nil)
  }

  /// A Markdown answer's label for a screen reader is what shows, without its syntax.
  @Test func theLabelIsWhatShows() {
    var answer = StreamingText(markdown: true)
    answer.append("# Title\n\nSome **bold** words", at: 0)
    #expect(answer.accessibilityLabel(at: 1) == "Title\nSome bold words")
  }

  /// A copy in another font keeps a layout of its own: drawing the two, frame after frame,
  /// lays neither out again (they shared one, which each made anew for the other's font).
  @Test func aCopyInAnotherFontKeepsALayoutOfItsOwn() {
    var answer = StreamingText()
    answer.append("Words of an answer that wraps in the column, and goes on. ", at: 0)
    let large = answer.font(.system(size: 30))
    func generation(of text: StreamingText) -> Int {
      text.streamedLayout(
        at: 1, font: text.content.font, fonts: request.fonts, width: 300, lineSpacing: 0,
        language: nil
      ).generation
    }
    let made = generation(of: answer)
    let madeLarge = generation(of: large)
    for _ in 0..<3 {
      #expect(generation(of: answer) == made)
      #expect(generation(of: large) == madeLarge)
    }
    // A copy that only moved into a column shares its reading still: nothing to lay out anew.
    let column = answer.column(height: 100)
    #expect(generation(of: column) == made)
  }
}
