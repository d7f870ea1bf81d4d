import TextEffects

/// Not a seed's demo: a screenful of text (10,000 characters by default) streaming in at speed,
/// every eighth line with glitch copies, to measure what drawing costs. Only the lines on
/// screen and the characters the front has reached are visited, so a frame's work follows the
/// glyphs it shows, not the length of the text.
package final class StressScene: Scene {
  package let kind = SceneKind.stress
  package static let defaultCharacters = 10_000
  /// The whole text arrives in this many seconds, in chunks a frame apart.
  package static let arrivalTime = 4.0
  static let chunkInterval = 1.0 / 20

  package var settings: SceneSettings {
    didSet {
      if settings[StressSettings.self].characters != oldValue[StressSettings.self].characters
        || settings[StreamingSettings.self].fade != oldValue[StreamingSettings.self].fade
        || settings.reduceMotion != oldValue.reduceMotion
      {
        (chunks, stream) = Self.stream(for: settings)
      }
    }
  }
  package let background = RGBAColor.black
  /// The text and when each chunk of it arrives, and what shows of it at any time.
  package private(set) var chunks: StreamingChunks
  private var stream: StreamingText
  package let layouts: Typesetter
  /// The whole text's layout, kept here by its font, width and fonts: looking it
  /// up in the cache would hash the whole text every frame, work that grows with the text, not
  /// with what shows.
  private var layout: (font: Font, width: Double, fonts: Int, layout: TextLayout)?

  init(settings: SceneSettings, layouts: Typesetter) {
    self.settings = settings
    self.layouts = layouts
    (chunks, stream) = Self.stream(for: settings)
  }

  /// The seed's answer, repeated to `count` characters.
  package static func text(count: Int) -> String {
    let source = StreamingScene.demoAnswer + " "
    var text = String(repeating: source, count: count / source.count + 1)
    text.removeLast(text.count - max(count, 0))
    return text
  }

  /// The text in chunks a frame apart, the front as fast as they come, so it keeps up.
  private static func stream(for settings: SceneSettings) -> (StreamingChunks, StreamingText) {
    let text = Array(text(count: settings[StressSettings.self].characters))
    let steps = Int(arrivalTime / chunkInterval)
    let perChunk = max((text.count + steps - 1) / steps, 1)
    var chunks = StreamingChunks()
    var stream = StreamingText(
      appearedAt: 0,
      charactersPerSecond: Double(settings[StressSettings.self].characters) / arrivalTime,
      fade: settings[StreamingSettings.self].fade, reduceMotion: settings.reduceMotion)
    var start = 0
    var step = 1
    while start < text.count {
      let end = min(start + perChunk, text.count)
      let piece = String(text[start..<end])
      chunks.append(piece, at: Double(step) * chunkInterval)
      stream.append(piece, at: Double(step) * chunkInterval)
      start = end
      step += 1
    }
    return (chunks, stream)
  }

  private var font: Font { Font.system(.body, dynamicType: settings.dynamicType, scale: 13 / 17) }

  /// The text as far as it has arrived, as the streaming scene's answer.
  package func spokenTexts(at time: Double) -> [SpokenText] {
    [SpokenText(String(chunks.received(at: time)), grows: chunks.nextArrival(after: time) != nil)]
  }

  package func nextChange(after time: Double) -> Double? {
    if !settings.reduceMotion {
      if stream.nextChange(after: time) == time || time < Self.arrivalTime { return time }
    }
    return settings.reduceMotion ? nil : GlitchSchedule.nextChange(after: time, isForced: false)
  }

  package func draw(
    at time: Double, in frame: Rect, pointer: ScenePointer, into context: GraphicsContext
  ) {
    let layout = wholeLayout(width: max(frame.width - 40, 1))
    let visible =
      settings.reduceMotion
      ? Double(layout.characterCount)
      : stream.frontPosition(at: time)
    let origin = Point(x: frame.minX + 20, y: frame.minY + 20)
    // The streaming scene's fade, and every eighth line the glitch's copies, 4 points at most,
    // each drawn by the effect's own renderer on one line of the whole text.
    let fade = StreamingRenderer(
      visible: visible, fade: settings[StreamingSettings.self].fade,
      isInstant: settings.reduceMotion)
    let glitch = GlitchRenderer(
      tick: GlitchSchedule.tick(at: time), reduceMotion: settings.reduceMotion,
      firstColor: settings.color(.cyan),
      secondColor: settings.color(.pink), maxOffset: 4, content: fade)
    var context = context
    context.foregroundColor = .white
    context.offset = origin

    for (number, line) in layout.lines.enumerated() {
      guard origin.y + line.top + line.height <= frame.maxY else { break }  // the screen is full
      guard let first = line.slices.first.map({ layout.slices[$0] }),
        Double(first.characterIndex) < visible
      else { break }  // the front has not reached this line yet
      context.sliceRange = line.slices
      if number % 8 == 0 {
        glitch.draw(layout: layout, in: &context)
      } else {
        fade.draw(layout: layout, in: &context)
      }
    }
  }

  private func wholeLayout(width: Double) -> TextLayout {
    let font = font
    if let layout, layout.font == font, layout.width == width,
      layout.fonts == layouts.generation
    {
      return layout.layout
    }
    let made = layouts.layout(
      chunks.text, font: font, width: width, lineSpacing: 2)
    layout = (font, width, layouts.generation, made)
    return made
  }
}
