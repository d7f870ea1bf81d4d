import TextEffects

/// A Markdown answer streamed as a model sends it, checked on every frame for the two things a
/// person must never see: a line that had settled changing, and a character that shows and
/// then goes.
///
/// - A line settles when the block it shows has ended (a later block has begun: CommonMark
///   changes no ended block, bar a link used before its reference is defined). From then on
///   it is laid out exactly as the finished answer lays it out: the same place, the same
///   glyphs, the same decorations, so not a pixel of it changes.
/// - What shows only grows: each frame's characters are found, in order, among the next
///   frame's, and the last frame's among the finished answer's. Half-written syntax may be
///   held back and styles may change on the lines still arriving, but nothing the answer does
///   not show (a completion's `](#)`, a `**` that becomes bold, a `<` that becomes a link)
///   ever reaches the screen.
///
/// The answer is laid out through `StreamingText`, as the streaming scene and a program of
/// your own lay it out, in fonts without files (`StandInFonts`). One thing no stream can know
/// is left out: a link reference defined after the text that uses it (CommonMark resolves
/// references over the whole document, and a settled `[x]` becomes a link only once the
/// answer ends). An answer with definitions is streamed with them first, where that shows
/// as the answer does; so every other part of it is still checked.
package enum MarkdownPrefixCheck {
  /// What is wrong with `text` streamed in pieces of `pieceLength` characters (the last may
  /// be shorter), each laid out as it comes, then finished: sentences, at most `limit`.
  package static func problems(streaming answer: String, pieceLength: Int = 1, limit: Int = 4)
    -> [String]
  {
    let text = definitionsFirst(answer) ?? answer
    let characters = Array(text)
    let step = max(pieceLength, 1)
    var answer = StreamingText(markdown: true)
    var frames: [(end: Int, layout: TextLayout, settled: Int)] = []
    var end = 0
    while end < characters.count {
      let start = end
      end = min(end + step, characters.count)
      answer.append(String(characters[start..<end]), at: Double(end))
      frames.append((end, layout(of: answer, at: Double(end)), answer.settledLines ?? 0))
    }
    answer.finish(at: Double(end))
    let finished = layout(of: answer, at: Double(end) + 1)
    var problems: [String] = []
    func after(_ end: Int) -> String {
      String(characters[max(0, end - 24)..<end]).debugDescription
    }
    let whole = TextLayout(
      markdown: text, font: font, fonts: fonts, width: width, lineSpacing: lineSpacing)
    if finished.slices != whole.slices || finished.lines != whole.lines
      || finished.decorations != whole.decorations
    {
      problems.append("finished, \(after(end)) is not laid out as the whole text is")
    }
    var settled = 0
    for (index, frame) in frames.enumerated() where problems.count < limit {
      if frame.settled < settled {
        problems.append(
          "after \(after(frame.end)) \(frame.settled) lines are settled, \(settled) were before")
      }
      settled = frame.settled
      if let line = firstDiffering(lines: 0..<frame.settled, of: frame.layout, from: finished) {
        problems.append(
          "after \(after(frame.end)) settled line \(line) "
            + "(\(lineText(line, in: frame.layout).debugDescription)) is not as it ends "
            + "(\(lineText(line, in: finished).debugDescription))")
      }
      let next = index + 1 < frames.count ? frames[index + 1].layout : finished
      if let gone = firstUnmatched(frame.layout, in: next) {
        let shown = frame.layout.slices.map(\.text)
        let context = shown[max(0, gone - 12)..<min(shown.count, gone + 12)].joined()
        problems.append(
          "after \(after(frame.end)) \(shown[gone].debugDescription) shows (in "
            + "\(context.debugDescription)) and then goes "
            + (index + 1 < frames.count
              ? "after \(after(frames[index + 1].end))" : "once finished"))
      }
    }
    return Array(problems.prefix(limit))
  }

  /// `text` with its link reference definitions moved to its start, when it has some and
  /// that lays out exactly as `text` does.
  static func definitionsFirst(_ text: String) -> String? {
    let definitions = MarkdownDefinitions.definitions(in: text[...])
    guard !definitions.isEmpty else { return nil }
    let bytes = Array(text.utf8)
    var first: [UInt8] = []
    var rest: [UInt8] = []
    var next = 0
    for definition in definitions {
      rest += bytes[next..<definition.bytes.lowerBound]
      first += bytes[definition.bytes]
      if first.last != UInt8(ascii: "\n") { first.append(UInt8(ascii: "\n")) }
      next = definition.bytes.upperBound
    }
    rest += bytes[next...]
    let moved = String(decoding: first + [UInt8(ascii: "\n")] + rest, as: UTF8.self)
    let layouts = [text, moved].map {
      TextLayout(markdown: $0, font: font, fonts: fonts, width: width, lineSpacing: lineSpacing)
    }
    let alike =
      layouts[0].slices.elementsEqual(layouts[1].slices) && layouts[0].lines == layouts[1].lines
      && layouts[0].decorations == layouts[1].decorations
    return alike ? moved : nil
  }

  static let font = Font(size: 16)
  static let fonts = StandInFonts()
  static let width = 300.0
  static let lineSpacing = 4.0

  private static func layout(of answer: StreamingText, at time: Double) -> TextLayout {
    answer.streamedLayout(
      at: time, font: font, fonts: fonts, width: width, lineSpacing: lineSpacing, language: nil
    ).layout
  }

  /// The first of `lines` that `layout` lays out otherwise than `finished`: its place, its
  /// slices (each glyph where it stands) or the decorations on it.
  private static func firstDiffering(
    lines: Range<Int>, of layout: TextLayout, from finished: TextLayout
  ) -> Int? {
    func decorations(_ layout: TextLayout, on line: Int) -> [TextDecoration] {
      layout.decorations.filter { $0.line == line }
    }
    return lines.first { line in
      guard line < finished.lines.count else { return true }
      let shown = layout.lines[line]
      let ends = finished.lines[line]
      return shown != ends
        || !layout.slices[shown.slices].elementsEqual(finished.slices[ends.slices])
        || decorations(layout, on: line) != decorations(finished, on: line)
    }
  }

  private static func lineText(_ line: Int, in layout: TextLayout) -> String {
    guard line < layout.lines.count else { return "" }
    return layout.slices[layout.lines[line].slices].map(\.text).joined()
  }

  /// The first slice of `layout` whose character is not found, in order, among `next`'s:
  /// nil when every one is (the greedy match finds a subsequence whenever there is one).
  private static func firstUnmatched(_ layout: TextLayout, in next: TextLayout) -> Int? {
    var found = next.slices.startIndex
    for index in layout.slices.indices {
      // A character the next text extends (a mark that came after it joins it) is found in
      // what it became.
      let scalars = layout.slices[index].text.unicodeScalars
      while found < next.slices.endIndex,
        !next.slices[found].text.unicodeScalars.starts(with: scalars)
      {
        found += 1
      }
      guard found < next.slices.endIndex else { return index }
      found += 1
    }
    return nil
  }
}
