import TextEffects

/// What a model's stream says besides its answer, as the streaming scene shows it, a view of
/// its own beside the answer's: above the answer "Thinking…" or "Thought for 12 s", the
/// reasoning as it streams in (a tail of its newest lines, at most two fifths of the column)
/// and the tools called before the answer began; under the answer, those called after. It is
/// drawn in a smaller, dimmer face than the answer's (SwiftUI's subheadline, secondary).
struct StreamingNotesView {
  /// What the stream said of its reasoning and tools, and when.
  private var notes: StreamingNotes
  /// The reasoning's text, which streams in as the answer does.
  private var reasoning: StreamingText

  init(notes: StreamingNotes, reasoning: StreamingText) {
    self.notes = notes
    self.reasoning = reasoning
  }

  /// Whether the answer has begun to show text.
  var answerBegan: Bool { notes.answerBegan != nil }

  /// What `piece` says besides the answer's text, at `runTime`: its reasoning streams in, its
  /// tool calls are noted, and its end finishes the reasoning. A reasoning that runs past
  /// `DisplayText.characterLimit` characters keeps its most recent half, as the answer does.
  mutating func receive(_ piece: AnswerPiece, answerHasText: Bool, at runTime: Double) {
    reasoning.apply(piece.reasoning, at: runTime)
    notes.receive(piece, answerHasText: answerHasText, at: runTime)
    if reasoning.characterCount > DisplayText.characterLimit {
      reasoning.keepLast(DisplayText.characterLimit / 2)
    }
    if piece.ends { reasoning.finish(at: runTime) }
  }

  /// The reasoning as the settings now show it (another speed, fade, Markdown or Reduce
  /// Motion), its pieces arriving at their times.
  mutating func replay(as settings: SceneSettings) {
    let own = settings[StreamingSettings.self]
    reasoning = reasoning.replayed(
      charactersPerSecond: own.charactersPerSecond, fade: own.fade,
      reduceMotion: settings.reduceMotion, markdown: own.isMarkdown)
  }

  /// What a screen reader reads at `runTime`: the notes above the answer, and the tools after.
  func spoken(at runTime: Double, display: ReasoningDisplay) -> (
    above: [SpokenText], after: [SpokenText]
  ) {
    let shown = notes.shown(at: runTime, display: display)
    let above = shown.spoken(
      reasoning: shown.showsReasoning ? reasoning.accessibilityLabel(at: runTime) : "")
    return (above.map { SpokenText($0) }, shown.toolsAfter.map { SpokenText($0) })
  }

  /// `runTime` while the reasoning fades in; else when the notes next change, or nil.
  func nextChange(after runTime: Double) -> Double? {
    if !notes.isEmpty, reasoning.nextChange(after: runTime) == runTime { return runTime }
    return notes.nextEvent(after: runTime)
  }

  /// The notes' face: the answer's `body`, as SwiftUI's subheadline is to its body.
  private static func font(_ body: Font) -> Font {
    var font = body
    font.size *= 15.0 / 17
    return font
  }

  /// Draws the notes at `runTime` at the top of `column`, the answer's, `zoom` the scene's:
  /// returns the height they take, with the gap under them.
  mutating func draw(
    at runTime: Double, display: ReasoningDisplay, body: Font, zoom: Double,
    column: Rect, color: RGBAColor, language: String?,
    layouts: Typesetter, into context: GraphicsContext
  ) -> Double {
    let shown = notes.shown(at: runTime, display: display)
    guard !shown.isEmpty else { return 0 }
    let font = Self.font(body)
    var notesContext = context
    notesContext.offset = .zero
    notesContext.foregroundColor = color.withOpacity(0.6)
    var top = column.minY
    func line(_ text: String) {
      let layout = layouts.layout(text, font: font, language: language)
      notesContext.draw(layout, at: Point(x: column.minX, y: top))
      top += layout.size.height + 4 * zoom
    }
    if let header = shown.header { line(header) }
    if shown.showsReasoning {
      // Its newest lines, as many as two fifths of the column hold, the top one fading out.
      let limit = max(column.height * 0.4, font.size)
      reasoning = reasoning.font(font).lineSpacing(3 * zoom)
      let tail = reasoning.tail(height: limit)
      let layout = tail.layout(
        at: runTime,
        for: TextLayoutRequest(width: column.width, fillsWidth: true, layouts: layouts))
      var reasoningContext = notesContext
      reasoningContext.offset = Point(x: column.minX, y: top)
      tail.renderer(for: layout, at: runTime).draw(layout: layout, in: &reasoningContext)
      top += min(layout.size.height, limit) + 6 * zoom
    }
    for tool in shown.tools { line(tool) }
    return top - column.minY + 8 * zoom
  }

  /// Draws the calls that came after the answer began, each a line under the answer's last
  /// (`answer`, drawn in `context`), as it scrolls.
  func drawToolsAfter(
    _ answer: TextLayout, at runTime: Double, display: ReasoningDisplay, body: Font,
    zoom: Double, color: RGBAColor, language: String?, layouts: Typesetter,
    into context: GraphicsContext
  ) {
    let lines = notes.shown(at: runTime, display: display).toolsAfter
    guard !lines.isEmpty else { return }
    let font = Self.font(body)
    var toolContext = context
    toolContext.foregroundColor = color.withOpacity(0.6)
    var top = answer.size.height + 8 * zoom
    for line in lines {
      let layout = layouts.layout(line, font: font, language: language)
      toolContext.draw(layout, at: Point(x: 0, y: top))
      top += layout.size.height + 4 * zoom
    }
  }
}

extension StreamingText {
  /// `edit` made at `time`: appended, or, when it takes text back, the text replaced, the
  /// front sweeping again from what the two share.
  mutating func apply(_ edit: TextEdit, at time: Double) {
    if edit.retracted > 0 {
      replace(with: edit.applied(to: content.string), at: time)
    } else if !edit.added.isEmpty {
      append(edit.added, at: time)
    }
  }
}
