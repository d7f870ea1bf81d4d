import TextEffects

/// Where the streaming scene's parts go: the bubble, the answer's column and the button, the
/// whole zoomed to fit the frame.
extension StreamingScene {
  struct Geometry {
    var zoom: Double
    var body: Font
    var content: Rect
    /// Nil when there is no question to show.
    var question: TextLayout?
    var bubble: Rect
    var label: TextLayout?
    var button: Rect
    var answerTop: Double
    /// Where the answer's view ends: above the button, or at the bottom.
    var answerBottom: Double

    /// The answer's column: the content's width, from its top to its foot.
    var answer: Rect {
      Rect(
        x: content.minX, y: answerTop, width: content.width, height: answerBottom - answerTop)
    }
  }

  /// Everything but the answer's own lines: the scene shrinks to fit the whole answer, so it
  /// keeps its size while the answer streams in. A live answer (from standard input) is not
  /// known whole, so the scene keeps its full size for it, and so does a trace of one; it
  /// grows from the top.
  func measuredGeometry(in frame: Rect) -> Geometry {
    let column = SceneFitting.column(in: frame)
    func measure(_ zoom: Double) -> (
      body: Font, question: TextLayout?, label: TextLayout?, height: Double
    ) {
      let system = Font.system(.body, dynamicType: settings.dynamicType, scale: zoom)
      // The question and the answer are the user's text, in the user's font; the button is
      // the window's.
      let body = settings.textFont(system)
      let width = max(column.width - 40 * zoom, 1)
      let question =
        questionText.isEmpty
        ? nil
        : layouts.layout(
          questionText, font: body, width: max(width - 28 * zoom, 1),
          language: settings.language)
      let label =
        settings[StreamingSettings.self].showsAskAgain
        ? layouts.layout(Self.askAgainLabel, font: system) : nil
      let fullAnswer = arrivesAsStreamed ? "" : answer
      let answerHeight =
        settings[StreamingSettings.self].isMarkdown
        ? TextLayout(
          markdown: fullAnswer, font: body, fonts: layouts.fonts, width: width,
          lineSpacing: 4 * zoom, language: settings.language
        ).size.height
        : layouts.layout(
          fullAnswer, font: body, width: width, lineSpacing: 4 * zoom,
          language: settings.language, fillsWidth: true
        ).size.height
      let questionHeight = question.map { $0.size.height + (20 + 16) * zoom } ?? 0
      let labelHeight = label.map { $0.size.height + (14 + 16) * zoom } ?? 0
      return (body, question, label, (20 + 20) * zoom + questionHeight + answerHeight + labelHeight)
    }
    let zoom = SceneFitting.zoom(toFit: frame.height) { measure($0).height }
    let (body, question, label, height) = measure(zoom)
    // With no button below to hold the column down (a kiosk's item), an answer known whole
    // stands in the middle of the screen, as the typewriter and the glitch do, not two lines
    // at the top of an empty one; each line is where it will stay while the answer streams.
    let centring = label == nil && !arrivesAsStreamed ? max((frame.height - height) / 2, 0) : 0
    let top = frame.minY + 20 * zoom + centring
    let content = Rect(
      x: column.minX + 20 * zoom, y: top, width: max(column.width - 40 * zoom, 1),
      height: max(frame.maxY - 20 * zoom - top, 1))
    let questionSize = question?.size ?? .zero
    let bubble = Rect(
      x: content.maxX - questionSize.width - 28 * zoom, y: content.minY,
      width: questionSize.width + 28 * zoom, height: questionSize.height + 20 * zoom)
    let labelSize = label?.size ?? .zero
    let buttonSize = Size(width: labelSize.width + 24 * zoom, height: labelSize.height + 14 * zoom)
    let button = Rect(
      x: content.minX + (content.width - buttonSize.width) / 2,
      y: content.maxY - buttonSize.height, width: buttonSize.width, height: buttonSize.height)
    return Geometry(
      zoom: zoom, body: body, content: content, question: question, bubble: bubble,
      label: label, button: button,
      answerTop: question == nil ? content.minY : bubble.maxY + 16 * zoom,
      answerBottom: label == nil ? content.maxY : button.minY - 16 * zoom)
  }
}
