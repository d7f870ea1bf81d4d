/// Seed 003's demo: a question in a blue bubble and an answer that streams in below it.
public final class StreamingScene: Scene {
  public let kind = SceneKind.streaming
  public static let question = "How do I bake sourdough?"
  public static let answer =
    "Sourdough needs time more than effort. Mix flour, water, salt and a spoonful of starter in "
    + "the evening, fold the dough a few times before bed, and let it rise overnight. In the "
    + "morning, shape it, rest it for an hour and bake it in a hot pot with the lid on. The "
    + "crust comes out crisp and the crumb stays open and soft."

  public let chunks: StreamingChunks
  private let settings: SceneSettings
  private let layouts: TextLayoutCache

  init(settings: SceneSettings, layouts: TextLayoutCache) {
    self.settings = settings
    self.layouts = layouts
    chunks = StreamingChunks(answer: Self.answer, seed: settings.seed)
  }

  public func draw(at time: Double, in size: Size, into list: DrawList) {
    let appearance = settings.appearance
    let primary: RGBAColor = appearance == .dark ? .white : .black
    list.reset(background: appearance == .dark ? .black : .white)
    let blue = SystemColor.blue.color(in: appearance)
    let body = Font.system(.body, scale: settings.textScale)
    let content = SceneColumn.frame(in: size).insetBy(20)

    let question = layouts.layout(Self.question, font: body, width: max(content.width - 28, 1))
    let bubble = Rect(
      x: content.maxX - question.size.width - 28, y: content.minY,
      width: question.size.width + 28, height: question.size.height + 20)
    var context = GraphicsContext(list: list, foregroundColor: primary)
    context.fill(.roundedRectangle(bubble, cornerRadius: 20), with: blue)
    var bubbleContext = context
    bubbleContext.foregroundColor = .white
    bubbleContext.offset = Point(x: bubble.minX + 14, y: bubble.minY + 10)
    for slice in question.slices { bubbleContext.draw(slice) }

    let answer = layouts.layout(
      chunks.text(at: time), font: body, width: content.width, lineSpacing: 4)
    context.offset = Point(x: content.minX, y: bubble.maxY + 16)
    StreamingRenderer(
      visible: chunks.front(at: time).visible(at: time), isInstant: settings.reduceMotion
    ).draw(layout: answer, in: &context)

    let label = layouts.layout("Ask Again", font: body)
    let button = Rect(
      x: content.minX + (content.width - label.size.width - 24) / 2,
      y: content.maxY - label.size.height - 14,
      width: label.size.width + 24, height: label.size.height + 14)
    context.offset = .zero
    context.fill(.roundedRectangle(button, cornerRadius: 8), with: blue.withOpacity(0.15))
    var labelContext = context
    labelContext.foregroundColor = blue
    labelContext.offset = Point(x: button.minX + 12, y: button.minY + 7)
    for slice in label.slices { labelContext.draw(slice) }
  }
}
