import TextEffects

// Sections: Answer, Timing, Drawing, Notes, Scrolling

/// Seed 003's demo: a question in a blue bubble, an answer that streams in below it, and a
/// button that asks again. A model's stream from outside also shows, above its answer, what it
/// says besides (``StreamingNotes``): its reasoning and the tools it calls.
package final class StreamingScene: AnsweringScene {
  // MARK: Answer

  package let kind = SceneKind.streaming
  package static let question = "How do I bake sourdough?"
  package static let demoAnswer =
    "Sourdough needs time more than effort. Mix flour, water, salt and a spoonful of starter in "
    + "the evening, fold the dough a few times before bed, and let it rise overnight. In the "
    + "morning, shape it, rest it for an hour and bake it in a hot pot with the lid on. The "
    + "crust comes out crisp and the crumb stays open and soft."
  /// The button's label: SF Symbols' arrow.clockwise is Unicode's clockwise open circle arrow.
  package static let askAgainLabel = "\u{21BB} Ask Again"

  package var settings: SceneSettings {
    didSet {
      placed = nil
      let own = settings[StreamingSettings.self]
      let old = oldValue[StreamingSettings.self]
      let traceChanged = own.trace != old.trace
      // A trace past the limit is cut where a Markdown answer's blocks allow.
      let tracedChanged = traceChanged || own.trace != nil && own.isMarkdown != old.isMarkdown
      if tracedChanged { traced = own.trace?.chunks(markdown: own.isMarkdown) }
      if settings.customText != oldValue.customText || tracedChanged {
        answer = Self.answer(for: settings, traced: traced)
      }
      if settings[StreamingSettings.self].question != oldValue[StreamingSettings.self].question {
        questionText = Self.questionText(for: settings)
      }
      if !isLive,
        settings.customText != oldValue.customText || settings.seed != oldValue.seed
          || traceChanged
      {
        startRun(run)
      } else if own.charactersPerSecond != old.charactersPerSecond || own.fade != old.fade
        || own.isMarkdown != old.isMarkdown || settings.reduceMotion != oldValue.reduceMotion
      {
        stream = Self.stream(of: stream.chunks, finishedAt: stream.finishedAt, settings: settings)
        reasoning = Self.stream(
          of: reasoning.chunks, finishedAt: reasoning.finishedAt, settings: settings)
      }
    }
  }
  package var background: RGBAColor { settings.appearance == .dark ? .black : .white }
  /// When the current answer started streaming, in scene time: 0, or the last Ask Again.
  package private(set) var runStart = 0.0
  /// How many times the question was asked again; each run has its own rhythm.
  package private(set) var run: UInt64 = 0
  /// The current run's answer: when each of its pieces arrives, counted from `runStart`, and
  /// all that shows of it at any time (the front, the layout, what a screen reader reads).
  private var stream: StreamingText
  /// What the model's stream says besides the answer's text, and its reasoning's text, which
  /// streams in as the answer does.
  private var notes = StreamingNotes()
  private var reasoning: StreamingText
  /// When each chunk of the current run arrives.
  package var chunks: StreamingChunks { stream.chunks }
  let layouts: Typesetter
  /// The view the answer was last drawn in (which says when it next scrolls and how far a
  /// page is), with the offset that follows the front in it and the lines' spacing.
  private var lastView: (scroll: StreamingScroll, following: Double, lineAdvance: Double)?
  /// Where a person scrolled the answer back to, in points from its top; nil while the view
  /// follows the front.
  private var scrolledBack: Double?

  /// The scene's parts as last placed, in the frame and the fonts they were placed with:
  /// measuring them lays out the question and the button, which a live stream's every frame
  /// needs and which change only with the frame, the fonts or the settings.
  private var placed: (frame: Rect, fonts: Int, geometry: Geometry)?

  /// Where the parts go in `frame`, placed again only when it, the fonts or the settings
  /// changed.
  private func geometry(in frame: Rect) -> Geometry {
    if let placed, placed.frame == frame, placed.fonts == layouts.generation {
      return placed.geometry
    }
    let geometry = measuredGeometry(in: frame)
    placed = (frame, layouts.generation, geometry)
    return geometry
  }

  /// Run `run` of the answer starts: its chunks, the trace's or the demo's rhythm for the run,
  /// finished with their last (or where the trace ended); and the view follows it.
  private func startRun(_ run: UInt64) {
    let chunks =
      traced
      ?? StreamingChunks(answer: answer, seed: settings.seed &+ run, language: settings.language)
    let trace = settings[StreamingSettings.self].trace
    let end = trace?.end ?? chunks.arrivals.last?.time ?? 0
    stream = Self.stream(of: chunks, finishedAt: end, settings: settings)
    notes = trace?.notes ?? StreamingNotes()
    reasoning = Self.stream(
      of: trace?.reasoning ?? StreamingChunks(), finishedAt: end, settings: settings)
    scrolledBack = nil
  }

  /// The answer as `chunks` bring it, in a view that appeared at the run's start (or, for a
  /// trace, as a live stream came to a view already up), finished at `finishedAt`.
  private static func stream(
    of chunks: StreamingChunks, finishedAt: Double?, settings: SceneSettings
  ) -> StreamingText {
    let own = settings[StreamingSettings.self]
    return StreamingText(
      chunks: chunks, appeared: own.trace == nil ? 0 : -StreamingMath.durationLimit.upperBound,
      charactersPerSecond: own.charactersPerSecond, fade: own.fade,
      reduceMotion: settings.reduceMotion, markdown: own.isMarkdown, finishedAt: finishedAt)
  }

  init(settings: SceneSettings, layouts: Typesetter) {
    self.settings = settings
    self.layouts = layouts
    isLive = settings[StreamingSettings.self].streamsLiveInput
    let own = settings[StreamingSettings.self]
    let traced = own.trace?.chunks(markdown: own.isMarkdown)
    self.traced = traced
    let answer = Self.answer(for: settings, traced: traced)
    self.answer = answer
    questionText = Self.questionText(for: settings)
    stream = Self.stream(of: StreamingChunks(), finishedAt: nil, settings: settings)
    reasoning = stream
    if isLive { notes.awaited = own.asks?.name ?? "standard input" } else { startRun(0) }
  }

  /// The demo's answer, the user's, or a trace's, as much as `DisplayText` lets a scene show.
  package private(set) var answer: String

  /// A trace's arrivals as the scene takes them, made once per trace: each run replays them.
  private var traced: StreamingChunks?

  private static func answer(for settings: SceneSettings, traced: StreamingChunks?) -> String {
    traced?.text ?? settings.customText.map { DisplayText.bounded($0).text } ?? demoAnswer
  }

  /// Whether the text comes as it came from outside, live or replayed from a trace: it is not
  /// fitted whole beforehand, so a replay looks as the stream did live.
  var arrivesAsStreamed: Bool { isLive || settings[StreamingSettings.self].trace != nil }

  /// Whether the answer is Markdown, drawn styled.
  private var isMarkdown: Bool { settings[StreamingSettings.self].isMarkdown }

  /// True when the text comes from outside (standard input) rather than from a script.
  package let isLive: Bool

  /// What just arrived from outside, at `time`: its answer's text streams in like a chunk
  /// (text a terminal program wrote over is taken back, and the front sweeps again from
  /// there), its reasoning and tool calls go to the notes above it; the end of the input
  /// finishes the answer, which then shows as the whole text does.
  ///
  /// A stream that runs past `DisplayText.characterLimit` characters keeps its most recent
  /// half: it never stops being read, and a kiosk fed for weeks holds a bounded text. Its
  /// reasoning alike.
  package func receive(_ piece: AnswerPiece, at time: Double) {
    guard isLive else { return }
    let runTime = time - runStart
    Self.apply(piece.answer, to: &stream, at: runTime)
    Self.apply(piece.reasoning, to: &reasoning, at: runTime)
    notes.receive(
      piece,
      answerHasText: notes.answerBegan != nil
        || piece.answer.added.contains { !$0.isWhitespace }, at: runTime)
    if stream.chunks.count(at: .infinity) > DisplayText.characterLimit {
      stream.keepLast(DisplayText.characterLimit / 2)
      scrolledBack = nil
    }
    if reasoning.chunks.count(at: .infinity) > DisplayText.characterLimit {
      reasoning.keepLast(DisplayText.characterLimit / 2)
    }
    if piece.ends {
      stream.finish(at: runTime)
      reasoning.finish(at: runTime)
    }
  }

  /// `edit` made to `text` at `time`: appended, or, when it takes text back, the text
  /// replaced, the front sweeping again from what the two share.
  private static func apply(_ edit: TextEdit, to text: inout StreamingText, at time: Double) {
    if edit.retracted > 0 {
      text.replace(with: edit.applied(to: text.chunks.text), at: time)
    } else if !edit.added.isEmpty {
      text.append(edit.added, at: time)
    }
  }

  package func activate(_ control: SceneControl, at time: Double) {
    guard control == .askAgain, !isLive else { return }
    runStart = time
    run += 1
    startRun(run)
  }

  package func restart() {
    guard !isLive else { return }
    runStart = 0
    run = 0
    startRun(0)
  }

  // MARK: Timing

  /// The question, then the answer as far as it has arrived (the seed's `Text(text)`, read
  /// whole however far it has faded in), which grows while more is to come.
  package func spokenTexts(at time: Double) -> [SpokenText] {
    let runTime = time - runStart
    let answer = SpokenText(
      stream.spokenText(at: runTime),
      grows: isLive && stream.finishedAt == nil || stream.chunks.nextArrival(after: runTime) != nil)
    let shown = notes.shown(at: runTime, display: settings[StreamingSettings.self].reasoning)
    let spokenNotes = shown.spoken(
      reasoning: shown.showsReasoning ? reasoning.spokenText(at: runTime) : ""
    ).map { SpokenText($0) }
    return (questionText.isEmpty ? [] : [SpokenText(questionText)]) + spokenNotes + [answer]
      + shown.toolsAfter.map { SpokenText($0) }
  }

  /// Every frame while the front moves over text that is still fading in, or the view
  /// scrolls; then the next chunk's arrival; nil once all is in and whole.
  package func nextChange(after time: Double) -> Double? {
    let runTime = time - runStart
    let count = Double(stream.shownCount(at: runTime))
    let front = stream.front(at: runTime)
    if !settings.reduceMotion, count > 0, front.isMoving(at: runTime),
      front.visible(at: runTime) - settings[StreamingSettings.self].fade < count
    {
      return time
    }
    if !settings.reduceMotion, let lastView, let layout = stream.lastLayout,
      StreamingScroll.isMoving(
        at: runTime, needed: stream.needed(by: lastView.scroll, in: layout, at: runTime))
    {
      return time
    }
    if !notes.isEmpty, let change = reasoning.nextChange(after: runTime), change == runTime {
      return time
    }
    let next = [stream.nextEvent(after: runTime), notes.nextEvent(after: runTime)].compactMap { $0 }
    return next.min().map { runStart + $0 }
  }

  // MARK: Drawing

  /// For each line of the answer's layout, when it last changed, counted in changes to the
  /// layout or the view's place and size: its layer's version, so that a line drawn whole and
  /// unchanged is repeated from the frame before rather than drawn again (of 3,000 glyphs,
  /// only the front's change), and its glyphs found where they were when the view scrolled.
  private var lineChanges: [Int] = []
  /// The changes counted so far: the scene's own count, its lines being layers in its own
  /// scope (``GraphicsContext/scoped(by:)``), so a scene drawn after another into the same
  /// list (a kiosk's next item) never takes the other's lines for its own.
  private var changes = 0
  private func countChange() -> Int {
    changes += 1
    return changes
  }

  /// The answer as last laid out, when it is laid out as it streams.
  package var laidAnswer: TextLayout? { stream.lastLayout }

  /// The layout generation and the view the lines' versions were counted for.
  private var counted: (generation: Int, view: ViewPlace?)?
  /// Where the view is drawn on the screen, its height and its fading edges: with the
  /// context's offset, they say where a line shows and how it fades.
  private struct ViewPlace: Equatable {
    var top: Double
    var height: Double
    var edge: Double
  }

  /// Draws a streamed answer's view, line by line, each a layer of the frame: one with all its
  /// text in is repeated while it stays as it was drawn; one the front is still fading in is
  /// drawn every frame, its glyphs found where they were.
  private func draw(
    _ layout: TextLayout, with renderer: StreamingRenderer, viewTop: Double,
    in context: GraphicsContext
  ) {
    let shown = renderer.shownLines(of: layout)
    let whole = shown.lowerBound..<(shown.lowerBound + renderer.wholeLines(shown, of: layout))
    let view = renderer.view ?? (0, 0, 0)
    let place = ViewPlace(top: viewTop, height: view.bottom - view.top, edge: view.edge)
    if counted?.view != place {
      lineChanges = Array(repeating: countChange(), count: lineChanges.count)
      counted?.view = place
    }
    var renderer = renderer
    let lines = context.scoped(by: self)
    for line in whole {
      renderer.lines = line..<(line + 1)
      lines.layer(id: line, version: lineChanges[line]) { context in
        var context = context
        renderer.draw(layout: layout, in: &context)
      }
    }
    for line in whole.upperBound..<shown.upperBound {
      renderer.lines = line..<(line + 1)
      lines.layer(id: line, version: nil) { context in
        var context = context
        renderer.draw(layout: layout, in: &context)
      }
    }
  }

  /// The question in the bubble: the demo's, the user's, or none when given empty.
  package private(set) var questionText: String

  private static func questionText(for settings: SceneSettings) -> String {
    settings[StreamingSettings.self].question.map { DisplayText.bounded($0).text } ?? question
  }

  package func hitTargets(in frame: Rect) -> [SceneHitTarget] {
    guard settings[StreamingSettings.self].showsAskAgain else { return [] }
    return [SceneHitTarget(control: .askAgain, rect: geometry(in: frame).button)]
  }

  package func draw(
    at time: Double, in frame: Rect, pointer: ScenePointer, into context: GraphicsContext
  ) {
    let appearance = settings.appearance
    let primary = settings.textColor ?? (appearance == .dark ? .white : .black)
    let blue = settings.color(.blue)
    var geometry = geometry(in: frame)
    let zoom = geometry.zoom

    var context = context
    context.foregroundColor = primary

    // The notes, then the answer under them: lines leaving its view at the top fade out under
    // the question.
    let runTime = time - runStart
    geometry.answerTop += drawNotes(at: runTime, in: geometry, color: primary, into: &context)
    context.offset = Point(x: geometry.content.minX, y: geometry.answerTop)
    var renderer = StreamingRenderer(
      visible: stream.front(at: runTime).visible(at: runTime),
      fade: settings[StreamingSettings.self].fade, isInstant: settings.reduceMotion)
    if arrivesAsStreamed || isMarkdown {
      // Text from outside grows with each arrival, and its view follows the front; so does
      // Markdown, whose blocks are laid out as they come.
      func layOut() -> TextLayout {
        answerLayout(
          at: runTime, font: geometry.body, width: geometry.content.width, lineSpacing: 4 * zoom)
      }
      var answer = layOut()
      let view = view(
        of: answer, in: geometry, at: runTime, pixelsPerPoint: context.pixelsPerPoint)
      // Following the front, the layout keeps only the slices near the view (see
      // `TextLayout.Slices`); scrolled back, all of them.
      let following = scrolledBack == nil ? (view.top, view.bottom) : nil
      if stream.keepSlices(following: following) { answer = layOut() }
      context.offset = .zero
      // The text's column, with room for a glyph that reaches past it: what moves as it
      // scrolls.
      let overhang = 8 * zoom
      context.scrolls(
        Rect(
          x: geometry.content.minX - overhang, y: geometry.answerTop,
          width: geometry.content.width + 2 * overhang,
          height: geometry.answerBottom - geometry.answerTop),
        by: view.top)
      context.offset = Point(x: geometry.content.minX, y: geometry.answerTop - view.top)
      renderer.view = view
      draw(answer, with: renderer, viewTop: geometry.answerTop, in: context)
      drawToolsAfter(answer, at: runTime, in: geometry, color: primary, into: context)
    } else {
      // The demo's answer, short and known, is fitted whole; each of its prefixes is laid
      // out once, as the fitting laid out the whole.
      let answer = layouts.layout(
        String(chunks.received(at: runTime)), font: geometry.body,
        width: geometry.content.width, lineSpacing: 4 * zoom, language: settings.language,
        fillsWidth: true)
      renderer.draw(layout: answer, in: &context)
    }

    context.offset = .zero
    if let question = geometry.question {
      context.fill(.roundedRectangle(geometry.bubble, cornerRadius: 20 * zoom), with: blue)
      var bubbleText = context
      bubbleText.foregroundColor = .white
      bubbleText.draw(
        question,
        at: Point(x: geometry.bubble.minX + 14 * zoom, y: geometry.bubble.minY + 10 * zoom))
    }

    guard let labelLayout = geometry.label else { return }
    // `.buttonStyle(.bordered)`: a tinted fill, darker while hovered, the label dimmed while
    // pressed.
    let isHovered = pointer.hovered == .askAgain
    let isPressed = pointer.pressed == .askAgain
    context.fill(
      .roundedRectangle(geometry.button, cornerRadius: 8 * zoom),
      with: blue.withOpacity(isPressed ? 0.3 : isHovered ? 0.22 : 0.15))
    var label = context
    label.foregroundColor = blue.withOpacity(isPressed ? 0.6 : 1)
    label.draw(
      labelLayout,
      at: Point(x: geometry.button.minX + 12 * zoom, y: geometry.button.minY + 7 * zoom))
  }

  // MARK: Notes

  /// Draws the notes at `runTime` at the top of the answer's column, in a smaller, dimmer
  /// face than the answer's (SwiftUI's subheadline, secondary): "Thinking…" or "Thought for
  /// 12 s", the reasoning as it streams in (a view of its newest lines, at most two fifths of
  /// the column), the tools called. Returns the height they take, with the gap under them.
  private func drawNotes(
    at runTime: Double, in geometry: Geometry, color: RGBAColor, into context: inout GraphicsContext
  ) -> Double {
    let shown = notes.shown(at: runTime, display: settings[StreamingSettings.self].reasoning)
    guard !shown.isEmpty else { return 0 }
    let zoom = geometry.zoom
    var font = geometry.body
    font.size *= 15.0 / 17
    var notesContext = context
    notesContext.offset = .zero
    notesContext.foregroundColor = color.withOpacity(0.6)
    var top = geometry.answerTop
    func line(_ text: String) {
      let layout = layouts.layout(text, font: font, language: settings.language)
      notesContext.draw(layout, at: Point(x: geometry.content.minX, y: top))
      top += layout.size.height + 4 * zoom
    }
    if let header = shown.header { line(header) }
    if shown.showsReasoning {
      // Its newest lines, as many as two fifths of the column hold, the top one fading out.
      let limit = max((geometry.answerBottom - geometry.answerTop) * 0.4, font.size)
      let layout = reasoning.font(font).lineSpacing(3 * zoom).layout(
        at: runTime,
        for: TextLayoutRequest(width: geometry.content.width, fillsWidth: true, layouts: layouts))
      var renderer = StreamingRenderer(
        visible: reasoning.front(at: runTime).visible(at: runTime),
        fade: settings[StreamingSettings.self].fade, isInstant: settings.reduceMotion)
      let height = layout.size.height
      if height > limit {
        renderer.view = (height - limit, height, font.size * 1.2)
        renderer.scrollsView = true
      }
      var reasoningContext = notesContext
      reasoningContext.offset = Point(x: geometry.content.minX, y: top)
      renderer.draw(layout: layout, in: &reasoningContext)
      top += min(height, limit) + 6 * zoom
    }
    for tool in shown.tools { line(tool) }
    return top - geometry.answerTop + 8 * zoom
  }

  /// The calls that came after the answer began, each a line under its last, as it scrolls.
  private func drawToolsAfter(
    _ answer: TextLayout, at runTime: Double, in geometry: Geometry, color: RGBAColor,
    into context: GraphicsContext
  ) {
    let lines = notes.shown(at: runTime, display: settings[StreamingSettings.self].reasoning)
      .toolsAfter
    guard !lines.isEmpty else { return }
    var font = geometry.body
    font.size *= 15.0 / 17
    var toolContext = context
    toolContext.foregroundColor = color.withOpacity(0.6)
    var top = answer.size.height + 8 * geometry.zoom
    for line in lines {
      let layout = layouts.layout(line, font: font, language: settings.language)
      toolContext.draw(layout, at: Point(x: 0, y: top))
      top += layout.size.height + 4 * geometry.zoom
    }
  }

  // MARK: Scrolling

  /// Scrolls a long answer back by lines or pages, to its start, or back to following its
  /// front (End, or scrolling down as far as the front's view); the move is immediate, as a
  /// wheel's is. An answer that fits has nowhere to go.
  package func scroll(_ request: SceneScroll) {
    guard let view = lastView else { return }
    let from = scrolledBack ?? view.following
    let page = max(view.scroll.viewHeight - view.lineAdvance, view.lineAdvance)
    let target: Double
    switch request {
    case .lines(let lines): target = from + lines * view.lineAdvance
    case .pages(let pages): target = from + pages * page
    case .start: target = 0
    case .end: target = .infinity
    }
    scrolledBack = target.isNaN || target >= view.following ? nil : max(target, 0)
  }

  /// The part of the answer its view shows at `runTime`: where the front is followed to, or
  /// where a person scrolled back to; lines fade out over a line's height at either side.
  private func view(
    of answer: TextLayout, in geometry: Geometry, at runTime: Double,
    pixelsPerPoint: Double
  ) -> (top: Double, bottom: Double, edge: Double) {
    let lineAdvance = layouts.layout(" ", font: geometry.body).size.height + 4 * geometry.zoom
    let scroll = StreamingScroll(
      viewHeight: geometry.answerBottom - geometry.answerTop, lineAdvance: lineAdvance)
    // With Reduce Motion the view moves at once, as a scroll view without animation does.
    let needed = stream.needed(by: scroll, in: answer, at: runTime)
    // On whole pixels, so the pixels kept in view can move rather than be drawn again.
    func wholePixels(_ points: Double) -> Double {
      WholePixels.rounded(points, pixelsPerPoint: pixelsPerPoint)
    }
    let following =
      settings.reduceMotion
      ? needed(runTime) : wholePixels(StreamingScroll.offset(at: runTime, needed: needed))
    lastView = (scroll, following, lineAdvance)
    // Scrolled back as far as the view that follows, it follows again.
    if let back = scrolledBack, back >= following { scrolledBack = nil }
    let top = scrolledBack.map(wholePixels) ?? following
    return (top, top + scroll.viewHeight, lineAdvance)
  }

  /// The answer laid out as far as it has arrived at `runTime`: grown by what arrived since the
  /// last frame, or made anew for other fonts, width, a new run or an earlier time.
  private func answerLayout(at runTime: Double, font: Font, width: Double, lineSpacing: Double)
    -> TextLayout
  {
    let laid = stream.layout(
      at: runTime, font: font, fonts: layouts.fonts, width: width, lineSpacing: lineSpacing,
      language: settings.language)
    let lines = laid.layout.lines.count
    let kept =
      laid.generation == counted?.generation ? min(laid.firstChangedLine, lineChanges.count) : 0
    if kept < lines || kept < lineChanges.count {
      lineChanges.removeSubrange(kept...)
      lineChanges.append(contentsOf: repeatElement(countChange(), count: lines - kept))
    }
    counted = (laid.generation, counted?.view)
    return laid.layout
  }
}
