import TextEffects

/// Seed 003's demo: a question in a blue bubble, an answer that streams in below it, and a
/// button that asks again.
package final class StreamingScene: Scene {
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
      let traceChanged =
        settings[StreamingSettings.self].trace != oldValue[StreamingSettings.self].trace
      if traceChanged { traced = settings[StreamingSettings.self].trace?.chunks }
      if settings.customText != oldValue.customText || traceChanged {
        answer = Self.answer(for: settings, traced: traced)
      }
      if settings[StreamingSettings.self].question != oldValue[StreamingSettings.self].question {
        questionText = Self.questionText(for: settings)
      }
      if !isLive,
        settings.customText != oldValue.customText || settings.seed != oldValue.seed
          || traceChanged
      {
        chunks = Self.chunks(for: answer, traced: traced, settings: settings, run: run)
      }
    }
  }
  package var background: RGBAColor { settings.appearance == .dark ? .black : .white }
  /// When the current answer started streaming, in scene time: 0, or the last Ask Again.
  package private(set) var runStart = 0.0
  /// How many times the question was asked again; each run has its own rhythm.
  package private(set) var run: UInt64 = 0
  /// When each chunk of the current run arrives, counted from `runStart`.
  package private(set) var chunks: StreamingChunks
  let layouts: TextLayoutCache
  private var fronts = StreamingFrontCache()
  /// The text shown last, by its length: taking a prefix of the answer makes a new string, so
  /// it is made once per arrival, not once per frame.
  private var shown: (count: Int, text: String) = (0, "")

  init(settings: SceneSettings, layouts: TextLayoutCache) {
    self.settings = settings
    self.layouts = layouts
    isLive = settings[StreamingSettings.self].streamsLiveInput
    let traced = settings[StreamingSettings.self].trace?.chunks
    self.traced = traced
    let answer = Self.answer(for: settings, traced: traced)
    self.answer = answer
    questionText = Self.questionText(for: settings)
    chunks =
      isLive
      ? StreamingChunks() : Self.chunks(for: answer, traced: traced, settings: settings, run: 0)
  }

  /// The demo's answer, the user's, or a trace's, as much as `DisplayText` lets a scene show.
  package private(set) var answer: String

  /// A trace's arrivals as the scene takes them, made once per trace: each run replays them.
  private var traced: StreamingChunks?

  private static func answer(for settings: SceneSettings, traced: StreamingChunks?) -> String {
    traced?.text ?? settings.customText.map { DisplayText.bounded($0).text } ?? demoAnswer
  }

  /// When the view appeared, in run time: a trace's times count from its first arrival, which
  /// came live to a view already up, its opening sweep over; so did the replay's.
  private var appeared: Double {
    settings[StreamingSettings.self].trace == nil ? 0 : -StreamingMath.durationLimit.upperBound
  }

  /// Whether the text comes as it came from outside, live or replayed from a trace: it is not
  /// fitted whole beforehand, so a replay looks as the stream did live.
  var arrivesAsStreamed: Bool { isLive || settings[StreamingSettings.self].trace != nil }

  /// True when the text comes from outside (standard input) rather than from a script.
  package let isLive: Bool

  /// Text that just arrived from outside, at `time`: it streams in like a chunk.
  ///
  /// A stream that runs past `DisplayText.characterLimit` characters keeps its most recent
  /// half: it never stops being read, and a kiosk fed for weeks holds a bounded text.
  package func receive(_ text: String, at time: Double) {
    guard isLive else { return }
    chunks.append(text, at: time - runStart)
    if chunks.count(at: .infinity) > DisplayText.characterLimit {
      chunks.keepLast(DisplayText.characterLimit / 2)
      // The count shown last may come round again with other text.
      shown = (0, "")
    }
  }

  /// A live answer's arrivals, to carry into the scene made anew for other fonts.
  package var received: StreamingChunks? { isLive ? chunks : nil }

  /// Goes on from a live answer's arrivals, already shown up to now.
  package func resume(_ received: StreamingChunks) {
    guard isLive else { return }
    chunks = received
    shown = (0, "")
  }

  /// A run's chunks: the trace's, or the demo's rhythm for the run, drawn from the seed.
  private static func chunks(
    for answer: String, traced: StreamingChunks?, settings: SceneSettings, run: UInt64
  ) -> StreamingChunks {
    traced
      ?? StreamingChunks(answer: answer, seed: settings.seed &+ run, language: settings.language)
  }

  package func activate(_ control: SceneControl, at time: Double) {
    guard control == .askAgain, !isLive else { return }
    runStart = time
    run += 1
    chunks = Self.chunks(for: answer, traced: traced, settings: settings, run: run)
  }

  package func restart() {
    guard !isLive else { return }
    runStart = 0
    run = 0
    chunks = Self.chunks(for: answer, traced: traced, settings: settings, run: 0)
  }

  /// The front `runTime` seconds into the current run.
  private func front(at runTime: Double) -> StreamingFront {
    fronts.front(
      of: chunks, at: runTime,
      charactersPerSecond: settings[StreamingSettings.self].charactersPerSecond,
      fade: settings[StreamingSettings.self].fade, appeared: appeared)
  }

  /// Every frame while the front moves over text that is still fading in; then the next
  /// chunk's arrival; nil once all is in and whole.
  package func nextChange(after time: Double) -> Double? {
    let runTime = time - runStart
    let count = Double(chunks.count(at: runTime))
    let front = front(at: runTime)
    if !settings.reduceMotion, count > 0, front.isMoving(at: runTime),
      front.visible(at: runTime) - settings[StreamingSettings.self].fade < count
    {
      return time
    }
    return chunks.arrivals.first { $0.time > runTime }.map { runStart + $0.time }
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
    let geometry = geometry(in: frame)
    let zoom = geometry.zoom

    var context = context
    context.foregroundColor = primary
    if let question = geometry.question {
      context.fill(.roundedRectangle(geometry.bubble, cornerRadius: 20 * zoom), with: blue)
      var bubbleText = context
      bubbleText.foregroundColor = .white
      bubbleText.draw(
        question,
        at: Point(x: geometry.bubble.minX + 14 * zoom, y: geometry.bubble.minY + 10 * zoom))
    }

    let runTime = time - runStart
    let count = chunks.count(at: runTime)
    if count != shown.count { shown = (count, chunks.text(at: runTime)) }
    let answer = layouts.layout(
      shown.text, font: geometry.body, width: geometry.content.width, lineSpacing: 4 * zoom,
      language: settings.language, fillsWidth: true)
    context.offset = Point(x: geometry.content.minX, y: geometry.answerTop)
    let front = front(at: runTime)
    StreamingRenderer(
      visible: front.visible(at: runTime), fade: settings[StreamingSettings.self].fade,
      isInstant: settings.reduceMotion
    ).draw(layout: answer, in: &context)

    guard let labelLayout = geometry.label else { return }
    // `.buttonStyle(.bordered)`: a tinted fill, darker while hovered, the label dimmed while
    // pressed.
    let isHovered = pointer.hovered == .askAgain
    let isPressed = pointer.pressed == .askAgain
    context.offset = .zero
    context.fill(
      .roundedRectangle(geometry.button, cornerRadius: 8 * zoom),
      with: blue.withOpacity(isPressed ? 0.3 : isHovered ? 0.22 : 0.15))
    var label = context
    label.foregroundColor = blue.withOpacity(isPressed ? 0.6 : 1)
    label.draw(
      labelLayout,
      at: Point(x: geometry.button.minX + 12 * zoom, y: geometry.button.minY + 7 * zoom))
  }
}
