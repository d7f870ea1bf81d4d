import TextEffects

/// Runs any text through the streamed Markdown's path: the answer so far completed, at the
/// whole text and at a cut, then parsed by cmark-gfm and laid out. Nothing may trap; the
/// completion adds only closing markers, as long as those they close (a run of 90 stars
/// closes with 90) and four for a link's `[` (`](#)`), so never more than four times the text;
/// no block read holds an empty run; the layout has a slice for each character that shows,
/// lines that hold its slices in order and decorations on its lines; the text streamed to the
/// cut and then whole lays out as the whole does, completed as the answer so far; and once
/// finished, as the whole document does. Kept to its newest half, it keeps no more than that
/// and no less than half of it.
package enum MarkdownCheck {
  /// What is wrong, as sentences; none means the text was read well.
  package static func problems(with text: String) -> [String] {
    var problems: [String] = []
    let characters = Array(text)
    for cut in Set([characters.count, characters.count / 2, characters.count * 9 / 10]) {
      let prefix = String(characters[..<cut])
      let completed = MarkdownCompletion.complete(prefix)
      if completed.unicodeScalars.count > prefix.unicodeScalars.count * 5 + 8 {
        problems.append(
          "completing \(prefix.prefix(40).debugDescription) added "
            + "\(completed.unicodeScalars.count - prefix.unicodeScalars.count) scalars")
      }
      for block in MarkdownDocument(parsing: completed).blocks {
        if case .tableRow = block.kind, block.cells.isEmpty {
          problems.append("a table row of no cells in \(prefix.prefix(40).debugDescription)")
        }
        if block.runs.contains(where: { $0.text.isEmpty }) {
          problems.append("an empty run in \(prefix.prefix(40).debugDescription)")
        }
      }
    }
    // Kept to its newest half, it keeps at most that, and at least half of it.
    let half = characters.count / 2
    let kept = MarkdownCut.keptCharacters(of: text, atMost: half)
    if kept > half || kept * 2 < half {
      problems.append("kept \(kept) of \(half) characters of \(text.prefix(40).debugDescription)")
    }
    problems += layoutProblems(with: text, cut: characters.count / 2)
    return problems
  }

  private static func layoutProblems(with text: String, cut: Int) -> [String] {
    let fonts = StandInFonts()
    let font = Font(size: 16)
    let whole = TextLayout(markdown: text, font: font, fonts: fonts, width: 300, lineSpacing: 4)
    var problems: [String] = []
    let named = text.prefix(40).debugDescription
    let shown = MarkdownDocument(parsing: text).blocks.reduce(0) {
      $0 + $1.shown.count
    }
    if whole.characterCount != shown {
      problems.append("\(named) lays out \(whole.characterCount) characters of \(shown)")
    }
    var next = 0
    for line in whole.lines {
      if line.slices.lowerBound != next || line.slices.upperBound > whole.slices.count {
        problems.append("\(named): a line holds slices \(line.slices) after \(next)")
        break
      }
      next = line.slices.upperBound
    }
    if next != whole.slices.count { problems.append("\(named): lines leave slices out") }
    if whole.decorations.contains(where: { $0.line >= whole.lines.count }) {
      problems.append("\(named): a decoration on no line")
    }
    func layout(_ answer: StreamingText, at time: Double) -> TextLayout {
      answer.streamedLayout(
        at: time, font: font, fonts: fonts, width: 300, lineSpacing: 4, language: nil
      )
      .layout
    }
    var streamed = StreamingText(markdown: true)
    streamed.append(String(text.prefix(cut)), at: 0)
    _ = layout(streamed, at: 0)
    streamed.append(String(text.dropFirst(cut)), at: 1)
    var given = StreamingText(markdown: true)
    given.append(text, at: 1)
    let open = (streamed: layout(streamed, at: 1), given: layout(given, at: 1))
    if open.streamed.slices != open.given.slices
      || open.streamed.decorations != open.given.decorations
    {
      problems.append("\(named) streamed does not lay out as it does given at once")
    }
    streamed.finish(at: 1)
    let finished = layout(streamed, at: 1)
    if finished.slices != whole.slices || finished.decorations != whole.decorations {
      problems.append("\(named) streamed and finished does not lay out as the whole does")
    }
    return problems
  }
}
