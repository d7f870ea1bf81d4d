import TextEffects
import TextEffectsApp

/// Runs one input through everything that handles text short of pixels: layout at several
/// widths and alignments, the three renderers, and each demo scene given it as its text, at
/// several times and window sizes. What it finds comes back as sentences; none means the input
/// was handled: no crash, every character has its slice, every line fits its width, and
/// everything drawn has a finite place.
package struct TextCheck {
  package let fonts: any FontMetricsProvider

  package init(fonts: any FontMetricsProvider) {
    self.fonts = fonts
  }

  /// The layout checks take what a scene shows of `text` (`DisplayText`), as the program
  /// does; the scenes take `text` whole and must cut it themselves.
  package func problems(with text: String) -> [String] {
    var problems: [String] = []
    let shown = DisplayText.bounded(text).text
    let characters = Array(shown)
    let font = Font.system(.body)
    for (width, alignment) in [(nil, .leading), (1, .center), (45.5, .trailing), (300, .leading)]
      as [(Double?, TextAlignment)]
    {
      let laidOut = TextLayout(
        text: shown, font: font, fonts: fonts, width: width, alignment: alignment,
        lineSpacing: 4)
      problems += Self.layoutProblems(of: laidOut, characters: characters, width: width)
      problems += rendererProblems(laidOut)
    }
    for kind in SceneKind.showingText {
      problems += sceneProblems(kind, text: text)
    }
    return problems
  }

  /// Every character a slice, in order; lines that tile the slices; lines inside the width
  /// unless one cluster alone is wider; finite places.
  package static func layoutProblems(of layout: TextLayout, characters: [Character], width: Double?)
    -> [String]
  {
    var problems: [String] = []
    let label = "at width \(width.map { "\($0)" } ?? "none")"
    guard layout.slices.count == characters.count else {
      return ["\(layout.slices.count) slices for \(characters.count) characters \(label)"]
    }
    for (index, slice) in layout.slices.enumerated() {
      if slice.characterIndex != index || slice.text != String(characters[index]) {
        problems.append("slice \(index) holds character \(slice.characterIndex) \(label)")
      }
      if !(slice.origin.x.isFinite && slice.origin.y.isFinite && slice.advance.isFinite) {
        problems.append("slice \(index) has no finite place \(label)")
      }
    }
    var next = 0
    for (number, line) in layout.lines.enumerated() {
      if line.slices.lowerBound != next {
        problems.append("line \(number) starts at slice \(line.slices.lowerBound), not \(next)")
      }
      next = line.slices.upperBound
      let inked = line.slices.filter { !layout.slices[$0].isBlank }.count
      // Lines align inside the widest, which is wider than `width` only when it holds one
      // cluster that alone is wider.
      if let width, inked > 1, line.width > width + 0.01 {
        problems.append("line \(number) is \(line.width) wide \(label)")
      }
      if line.minX < -0.01 || line.minX + line.width > layout.size.width + 0.01 {
        problems.append("line \(number) is outside the layout's box \(label)")
      }
    }
    if next != characters.count { problems.append("the lines end at slice \(next) \(label)") }
    if !(layout.size.width.isFinite && layout.size.height.isFinite) {
      problems.append("the layout's size is not finite \(label)")
    }
    return problems
  }

  /// Each renderer draws at most what the layout holds (three copies for the glitch, one
  /// cursor for the typewriter), each glyph at a finite place.
  func rendererProblems(_ layout: TextLayout) -> [String] {
    let inked = layout.slices.reduce(0) { $0 + ($1.isBlank ? 0 : $1.glyphs.count) }
    let renderers: [(any TextRenderer, Int)] = [
      (
        TypewriterRenderer(
          visibleCount: layout.slices.count / 2, showsCursor: true, cursorColor: .white),
        inked + 1
      ),
      (
        GlitchRenderer(tick: 5, reduceMotion: false, firstColor: .white, secondColor: .white),
        3 * inked
      ),
      (StreamingRenderer(visible: Double(layout.slices.count) / 3), inked),
    ]
    var problems: [String] = []
    let typesetter = Typesetter(fonts: fonts)
    for (renderer, most) in renderers {
      let list = DrawList()
      var context = GraphicsContext(list: list)
      context.typesetter = typesetter
      renderer.draw(layout: layout, in: &context)
      if list.glyphs.count > most {
        problems.append("\(type(of: renderer)) drew \(list.glyphs.count) glyphs of \(most)")
      }
      problems += Self.placeProblems(list, "\(type(of: renderer))")
    }
    return problems
  }

  /// The scene plays the text at a few moments, in a roomy window and in the smallest.
  func sceneProblems(_ kind: SceneKind, text: String) -> [String] {
    var problems: [String] = []
    let scene = kind.makeScene(settings: SceneSettings(customText: text), fonts: fonts).scene
    for size in [Size(width: 900, height: 600), Size(width: 320, height: 240)] {
      for time in [0, 0.35, 3.3, 47] {
        let list = DrawList()
        scene.draw(
          at: time, in: Rect(origin: .zero, size: size), pointer: PointerState(), into: list)
        problems += Self.placeProblems(list, "\(kind) at \(time) s in \(size)")
        if let next = scene.nextChange(after: time), !(next >= time && next.isFinite) {
          problems.append("\(kind) after \(time) s next changes at \(next)")
        }
      }
    }
    return problems
  }

  package static func placeProblems(_ list: DrawList, _ label: String) -> [String] {
    for command in list.commands {
      switch command {
      case .glyph(let glyph):
        guard glyph.origin.x.isFinite, glyph.origin.y.isFinite else {
          return ["\(label) drew glyph \(glyph.glyph) at \(glyph.origin)"]
        }
      case .shape(let draw):
        let numbers: [Double]
        switch draw.shape {
        case .rectangle(let rect): numbers = [rect.minX, rect.minY, rect.width, rect.height]
        case .roundedRectangle(let rect, let radius):
          numbers = [rect.minX, rect.minY, rect.width, rect.height, radius]
        case .circle(let center, let radius): numbers = [center.x, center.y, radius]
        }
        guard numbers.allSatisfy(\.isFinite) else { return ["\(label) drew \(draw.shape)"] }
      }
    }
    return []
  }
}
