import TextEffects

// Sections: Answer, Timing, Drawing, Scrolling

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
        stream = Self.replayed(stream, settings: settings)
        notesView.replay(as: settings)
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
  /// What the model's stream says besides the answer: its reasoning and the tools it calls.
  private var notesView: StreamingNotesView
  /// When each chunk of the current run arrives: the demo's rhythm, or a trace's; none for a
  /// live stream, whose pieces arrive as they come.
  package private(set) var chunks = StreamingChunks()
  /// The answer as the scene streams it, for tests that look at its layout.
  package var streamed: StreamingText { stream }
  package let layouts: Typesetter

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
    self.chunks = chunks
    let trace = settings[StreamingSettings.self].trace
    let end = trace?.end ?? chunks.arrivals.last?.time ?? 0
    stream = Self.stream(of: chunks, finishedAt: end, settings: settings)
    notesView = StreamingNotesView(
      notes: trace?.notes ?? StreamingNotes(),
      reasoning: Self.stream(
        of: trace?.reasoning ?? StreamingChunks(), finishedAt: end, settings: settings))
  }

  /// The answer as `chunks` bring it, in a view that appeared at the run's start (or, for a
  /// trace, as a live stream came to a view already up), finished at `finishedAt`.
  private static func stream(
    of chunks: StreamingChunks, finishedAt: Double?, settings: SceneSettings
  ) -> StreamingText {
    let own = settings[StreamingSettings.self]
    var stream = StreamingText(
      appearedAt: own.trace == nil ? 0 : -StreamingMath.durationLimit.upperBound,
      charactersPerSecond: own.charactersPerSecond, fade: own.fade,
      reduceMotion: settings.reduceMotion, markdown: own.isMarkdown)
    let text = chunks.text.utf8
    var start = text.startIndex
    for arrival in chunks.arrivals {
      let end = text.index(text.startIndex, offsetBy: arrival.utf8Count)
      stream.append(String(Substring(text[start..<end])), at: arrival.time)
      start = end
    }
    if let finishedAt { stream.finish(at: finishedAt) }
    return stream
  }

  /// `stream` as the settings now show it (another speed, fade, Markdown or Reduce Motion),
  /// its pieces arriving at their times.
  private static func replayed(_ stream: StreamingText, settings: SceneSettings) -> StreamingText {
    let own = settings[StreamingSettings.self]
    return stream.replayed(
      charactersPerSecond: own.charactersPerSecond, fade: own.fade,
      reduceMotion: settings.reduceMotion, markdown: own.isMarkdown)
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
    var notes = StreamingNotes()
    if isLive { notes.awaited = own.asks?.name ?? "standard input" }
    notesView = StreamingNotesView(notes: notes, reasoning: stream)
    if !isLive { startRun(0) }
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
    stream.apply(piece.answer, at: runTime)
    notesView.receive(
      piece,
      answerHasText: notesView.answerBegan || piece.answer.added.contains { !$0.isWhitespace },
      at: runTime)
    if stream.characterCount > DisplayText.characterLimit {
      stream.keepLast(DisplayText.characterLimit / 2)
    }
    if piece.ends { stream.finish(at: runTime) }
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
      stream.accessibilityLabel(at: runTime),
      grows: isLive && stream.finishedAt == nil || chunks.nextArrival(after: runTime) != nil)
    let notes = notesView.spoken(at: runTime, display: settings[StreamingSettings.self].reasoning)
    return (questionText.isEmpty ? [] : [SpokenText(questionText)]) + notes.above + [answer]
      + notes.after
  }

  /// Every frame while the front moves over text that is still fading in, or the view
  /// scrolls; then the next chunk's arrival; nil once all is in and whole.
  package func nextChange(after time: Double) -> Double? {
    let runTime = time - runStart
    if stream.nextChange(after: runTime) == runTime { return time }
    let next = [stream.nextEvent(after: runTime), notesView.nextChange(after: runTime)]
      .compactMap { $0 }
    return next.min().map { runStart + $0 }
  }

  // MARK: Drawing

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
    let display = settings[StreamingSettings.self].reasoning
    geometry.answerTop += notesView.draw(
      at: runTime, display: display, body: geometry.body, zoom: zoom, column: geometry.answer,
      color: primary, language: settings.language, layouts: layouts, into: context)
    let column = geometry.answer
    stream = stream.font(geometry.body).lineSpacing(4 * zoom).language(settings.language)
    // Text from outside grows with each arrival, and its column follows the front; so does
    // Markdown, whose blocks are laid out as they come. The demo's answer, short and known, is
    // fitted whole.
    let follows = arrivesAsStreamed || isMarkdown
    if follows { stream = stream.column(height: column.height) }
    let answer = stream.layout(
      at: runTime,
      for: TextLayoutRequest(width: column.width, fillsWidth: true, layouts: layouts))
    var answerContext = context
    answerContext.offset = column.origin
    stream.renderer(for: answer, at: runTime).draw(layout: answer, in: &answerContext)
    if follows {
      let top = WholePixels.rounded(
        stream.columnTop(at: runTime), pixelsPerPoint: context.pixelsPerPoint)
      answerContext.offset.y -= top
      notesView.drawToolsAfter(
        answer, at: runTime, display: display, body: geometry.body, zoom: zoom, color: primary,
        language: settings.language, layouts: layouts, into: answerContext)
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

  // MARK: Scrolling

  /// Scrolls a long answer back by lines or pages, to its start, or back to following its
  /// front (End, or scrolling down as far as the front's view); the move is immediate, as a
  /// wheel's is. An answer that fits has nowhere to go.
  package func scroll(_ request: SceneScroll, at time: Double) {
    let runTime = time - runStart
    switch request {
    case .lines(let lines): stream.scroll(byLines: lines, at: runTime)
    case .pages(let pages): stream.scroll(byPages: pages, at: runTime)
    case .start: stream.scroll(by: -.infinity, at: runTime)
    case .end: stream.followNewestLine()
    }
  }
}
