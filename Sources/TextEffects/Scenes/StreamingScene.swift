/// Seed 003's demo: a question in a blue bubble, an answer that streams in below it, and a
/// button that asks again.
public final class StreamingScene: Scene {
  public let kind = SceneKind.streaming
  public static let question = "How do I bake sourdough?"
  public static let demoAnswer =
    "Sourdough needs time more than effort. Mix flour, water, salt and a spoonful of starter in "
    + "the evening, fold the dough a few times before bed, and let it rise overnight. In the "
    + "morning, shape it, rest it for an hour and bake it in a hot pot with the lid on. The "
    + "crust comes out crisp and the crumb stays open and soft."
  /// The button's label: SF Symbols' arrow.clockwise is Unicode's clockwise open circle arrow.
  public static let askAgainLabel = "\u{21BB} Ask Again"

  public var settings: SceneSettings {
    didSet {
      if settings.customText != oldValue.customText || settings.seed != oldValue.seed {
        chunks = Self.chunks(for: settings, run: run)
      }
    }
  }
  public var background: RGBAColor { settings.appearance == .dark ? .black : .white }
  /// When the current answer started streaming, in scene time: 0, or the last Ask Again.
  public private(set) var runStart = 0.0
  /// How many times the question was asked again; each run has its own rhythm.
  public private(set) var run: UInt64 = 0
  /// When each chunk of the current run arrives, counted from `runStart`.
  public private(set) var chunks: StreamingChunks
  private let layouts: TextLayoutCache

  init(settings: SceneSettings, layouts: TextLayoutCache) {
    self.settings = settings
    self.layouts = layouts
    chunks = Self.chunks(for: settings, run: 0)
  }

  public var answer: String { settings.customText ?? Self.demoAnswer }

  private static func chunks(for settings: SceneSettings, run: UInt64) -> StreamingChunks {
    StreamingChunks(answer: settings.customText ?? demoAnswer, seed: settings.seed &+ run)
  }

  public func activate(_ control: Control, at time: Double) {
    guard control == .askAgain else { return }
    runStart = time
    run += 1
    chunks = Self.chunks(for: settings, run: run)
  }

  public func restart() {
    runStart = 0
    run = 0
    chunks = Self.chunks(for: settings, run: 0)
  }

  private struct Geometry {
    var zoom: Double
    var body: Font
    var content: Rect
    var question: TextLayout
    var bubble: Rect
    var label: TextLayout
    var button: Rect
  }

  /// Everything but the answer's own lines: the scene shrinks to fit the whole answer, so it
  /// keeps its size while the answer streams in.
  private func geometry(in frame: Rect) -> Geometry {
    let column = SceneFitting.column(in: frame)
    func measure(_ zoom: Double) -> (
      body: Font, question: TextLayout, label: TextLayout, height: Double
    ) {
      let body = Font.system(.body, dynamicType: settings.dynamicType, scale: zoom)
      let width = max(column.width - 40 * zoom, 1)
      let question = layouts.layout(Self.question, font: body, width: max(width - 28 * zoom, 1))
      let label = layouts.layout(Self.askAgainLabel, font: body)
      let answer = layouts.layout(answer, font: body, width: width, lineSpacing: 4 * zoom)
      let height =
        (20 + 20 + 16 + 16 + 14) * zoom + question.size.height + answer.size.height
        + label.size.height
      return (body, question, label, height + 20 * zoom)
    }
    let zoom = SceneFitting.zoom(toFit: frame.height) { measure($0).height }
    let (body, question, label, _) = measure(zoom)
    let content = Rect(
      x: column.minX + 20 * zoom, y: frame.minY + 20 * zoom,
      width: max(column.width - 40 * zoom, 1),
      height: max(frame.height - 40 * zoom, 1))
    let bubble = Rect(
      x: content.maxX - question.size.width - 28 * zoom, y: content.minY,
      width: question.size.width + 28 * zoom, height: question.size.height + 20 * zoom)
    let buttonSize = Size(
      width: label.size.width + 24 * zoom, height: label.size.height + 14 * zoom)
    let button = Rect(
      x: content.minX + (content.width - buttonSize.width) / 2,
      y: content.maxY - buttonSize.height, width: buttonSize.width, height: buttonSize.height)
    return Geometry(
      zoom: zoom, body: body, content: content, question: question, bubble: bubble,
      label: label, button: button)
  }

  public func hitTargets(in frame: Rect) -> [HitTarget] {
    [HitTarget(control: .askAgain, rect: geometry(in: frame).button)]
  }

  public func draw(at time: Double, in frame: Rect, pointer: PointerState, into list: DrawList) {
    let appearance = settings.appearance
    let primary: RGBAColor = appearance == .dark ? .white : .black
    let blue = SystemColor.blue.color(in: appearance)
    let geometry = geometry(in: frame)
    let zoom = geometry.zoom

    var context = GraphicsContext(list: list, foregroundColor: primary)
    context.fill(.roundedRectangle(geometry.bubble, cornerRadius: 20 * zoom), with: blue)
    var bubbleText = context
    bubbleText.foregroundColor = .white
    bubbleText.draw(
      geometry.question,
      at: Point(x: geometry.bubble.minX + 14 * zoom, y: geometry.bubble.minY + 10 * zoom))

    let runTime = time - runStart
    let answer = layouts.layout(
      chunks.text(at: runTime), font: geometry.body, width: geometry.content.width,
      lineSpacing: 4 * zoom)
    context.offset = Point(x: geometry.content.minX, y: geometry.bubble.maxY + 16 * zoom)
    let front = chunks.front(
      at: runTime, charactersPerSecond: settings.streamingSpeed, fade: settings.streamingFade)
    StreamingRenderer(
      visible: front.visible(at: runTime), fade: settings.streamingFade,
      isInstant: settings.reduceMotion
    ).draw(layout: answer, in: &context)

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
      geometry.label,
      at: Point(x: geometry.button.minX + 12 * zoom, y: geometry.button.minY + 7 * zoom))
  }
}
