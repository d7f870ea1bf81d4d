// Sections: State, Analysing, Scripts and fonts, Shaping, Lines

/// One paragraph (the text between two line breaks) analysed and shaped once: each character's
/// font, direction, glyphs and advance, and where its lines may break.
///
/// Bidi levels, line breaks and scripts come from ICU; the glyphs from each font's shaper, one
/// run at a time, where a run is one font, one script and one direction, shaped with the whole
/// paragraph as its context. Lines are cut from it and reordered for display without shaping
/// again, so a layout shapes each character once.
///
/// A paragraph that grows (a stream's open one) is shaped again only from the last cluster
/// before the new text that the shaper says is safe to shape from: the glyphs before it stay
/// as they were, as HarfBuzz's unsafe-to-concat flag promises (see `extending`).
struct ShapedParagraph {
  // MARK: State

  /// Its characters' indices in the text.
  let range: Range<Int>
  private let utf16: UTF16Paragraph
  /// Nil when every character reads left to right (text below Hebrew, most of all).
  private let bidi: BidiParagraph?
  /// Each character's advance; a tab's is as wide as a tab can be, so wrapping never lets a
  /// line run past the width.
  private(set) var advances: [Double]
  /// The advances summed in reading order: `count + 1` pens from 0.
  private(set) var pens: [Double] = [0]
  /// Each character's font: the text's, or the one found for it.
  private(set) var fonts: [Font]
  /// Each character's glyphs, placed from its left edge.
  private(set) var glyphs: [TextLayout.Glyphs]
  /// The characters that read right to left, when any does.
  private var rightToLeft: [Bool]?
  /// The character counts after which a line may end, ascending, the last being the whole.
  private(set) var breaks: [Int] = []
  /// Which characters are spaces or other blanks.
  private let blanks: [Bool]
  /// Which are tabs: their width depends on where they stand on their line.
  private let tabs: Set<Int>
  /// Each character's script, as its run was cut by.
  private let scripts: [ScriptTag]
  /// The language its Han characters were shaped in.
  private let hanLanguage: String?
  /// Which characters start a cluster whose first glyph is clear of `isUnsafeToConcat`, in a
  /// run read left to right: where shaping may start again when text is added after them.
  private var safeStarts: [Bool]

  /// The paragraph reads right to left: it starts at the right.
  var isRightToLeft: Bool { bidi?.isRightToLeft ?? false }
  var count: Int { range.count }

  // MARK: Analysing

  /// Analyses and shapes characters `range` of `characters` as a paragraph in `direction`.
  /// When `previous` is the same paragraph before text was added at its end, laid out with
  /// the same `context`, what it shaped before the new text's reach is kept. `styles` gives
  /// each character of `characters` the font its stretch is set in, when it is styled text.
  init(
    _ range: Range<Int>, of characters: [Character], direction: BidiParagraph.BaseDirection,
    context: LayoutContext, styles: [Font]? = nil, extending previous: ShapedParagraph? = nil
  ) {
    self.range = range
    let text = characters[range]
    utf16 = UTF16Paragraph(text)
    bidi =
      utf16.isBelowHebrew && direction != .rightToLeft
      ? nil : BidiParagraph(utf16.units, base: direction)
    advances = Array(repeating: 0, count: range.count)
    glyphs = Array(repeating: .none, count: range.count)
    safeStarts = Array(repeating: false, count: range.count)
    blanks = text.map(\.isBlank)
    tabs = Set(text.indices.lazy.filter { text[$0].isTab }.map { $0 - range.lowerBound })
    if let bidi, bidi.levels.contains(where: { $0 & 1 == 1 }) {
      rightToLeft = utf16.starts.dropLast().map { bidi.levels[$0] & 1 == 1 }
    }
    let scripts = Self.scripts(of: text)
    self.scripts = scripts
    fonts = Self.fonts(
      of: text, scripts: scripts, styles: styles.map { $0[range] }, context: context)
    let hanLanguage = context.hanLanguage ?? Self.hanLanguage(of: scripts)
    self.hanLanguage = hanLanguage
    let language = { (script: ScriptTag) in script == .han ? hanLanguage : context.language }
    shapeRuns(extending: previous, context: context, language: language)
    var pen = 0.0
    pens.reserveCapacity(range.count + 1)
    for advance in advances {
      pen += advance
      pens.append(pen)
    }
    breaks = lineBreaks(context.lineBreaks)
  }

  func isBlank(_ offset: Int) -> Bool {
    blanks[offset]
  }

  func isTab(_ offset: Int) -> Bool {
    tabs.contains(offset)
  }

  func isRightToLeft(_ offset: Int) -> Bool {
    rightToLeft?[offset] ?? false
  }

  // MARK: Scripts and fonts

  /// Each character's script: that of its first scalar with a script of its own; spaces,
  /// punctuation and marks (Common, Inherited) take the script of the text before them, or at
  /// the start the text after, so a run is cut only where the writing changes.
  private static func scripts(of text: ArraySlice<Character>) -> [ScriptTag] {
    var scripts = text.map { character in
      character.unicodeScalars.lazy.map(ScriptTag.init(of:)).first { !$0.isShared } ?? .common
    }
    var current = scripts.first { !$0.isShared } ?? .common
    for index in scripts.indices {
      if scripts[index].isShared { scripts[index] = current } else { current = scripts[index] }
    }
    return scripts
  }

  /// The language Han characters take their regional forms from when the text's own says
  /// none: Japanese beside kana, Korean beside hangul; nil leaves the font's own forms.
  private static func hanLanguage(of scripts: [ScriptTag]) -> String? {
    guard scripts.contains(.han) else { return nil }
    if scripts.contains(where: { $0 == .hiragana || $0 == .katakana }) { return "ja" }
    return scripts.contains(.hangul) ? "ko" : nil
  }

  /// Each character's font. A space takes the text's font whenever that has it, as a browser
  /// gives it, even between two words of a fallback font: its width is the text's. A styled
  /// character looks in the font of its stretch first.
  private static func fonts(
    of text: ArraySlice<Character>, scripts: [ScriptTag], styles: ArraySlice<Font>?,
    context: LayoutContext
  ) -> [Font] {
    var fonts: [Font] = []
    fonts.reserveCapacity(text.count)
    var offset = 0
    for (index, character) in zip(text.indices, text) {
      fonts.append(
        styles.map { context.font(for: character, script: scripts[offset], in: $0[index]) }
          ?? context.font(for: character, script: scripts[offset]))
      offset += 1
    }
    return fonts
  }

  /// The most characters a shaper gets at once: a longer run goes in pieces, so no count
  /// handed to a shaper can pass its 32-bit integers; only a kerning pair across a seam, once
  /// in 16,384 characters, is lost.
  static let charactersPerRun = 16_384

  // MARK: Shaping

  /// Where shaping may start again, latest first, when this paragraph is `previous` with text
  /// added at its end: the characters both have and that `previous` shaped as this paragraph
  /// shapes them (same fonts, scripts and language, all left to right) and that start a
  /// cluster safe to shape from. None when the two share no such start.
  private func restartPoints(after previous: ShapedParagraph) -> [Int] {
    guard bidi == nil, previous.bidi == nil, hanLanguage == previous.hanLanguage else { return [] }
    // The characters both have whole: a piece may have added a mark to the last.
    var kept = min(previous.count, count)
    let sharedUnits: Int = zip(previous.utf16.units, utf16.units).prefix { $0 == $1 }.count
    while kept > 0,
      previous.utf16.starts[kept] != utf16.starts[kept] || utf16.starts[kept] > sharedUnits
    {
      kept -= 1
    }
    let same: Int = (0..<kept).prefix { (index: Int) -> Bool in
      previous.fonts[index] == fonts[index] && previous.scripts[index] == scripts[index]
    }.count
    // A few tries are enough: each is a word or so further back.
    var points: [Int] = []
    for start in stride(from: max(same, 1) - 1, through: 1, by: -1)
    where previous.safeStarts[start] {
      points.append(start)
      if points.count == 3 { break }
    }
    return points
  }

  /// Shapes each run of one font, script and direction, and gives each character its glyphs
  /// (placed from its left edge) and its advance. Extending `previous`, the characters before
  /// one of ``restartPoints(after:)`` keep its glyphs when the shaping from there starts clear
  /// of unsafe-to-concat as well (HarfBuzz's own recipe for shaping a part again); else the
  /// next is tried, and at last the whole is shaped.
  private mutating func shapeRuns(
    extending previous: ShapedParagraph?, context: LayoutContext,
    language: (ScriptTag) -> String?
  ) {
    var runs: [Range<Int>] = []
    var start = 0
    while start < count {
      var end = start + 1
      while end < count, end - start < Self.charactersPerRun, fonts[end] == fonts[start],
        scripts[end] == scripts[start], isRightToLeft(end) == isRightToLeft(start)
      {
        end += 1
      }
      runs.append(start..<end)
      start = end
    }
    let restarts = previous.map(restartPoints(after:)) ?? []
    for restart in restarts + [0] {
      if let previous, restart > 0 {
        advances.replaceSubrange(..<restart, with: previous.advances[..<restart])
        glyphs.replaceSubrange(..<restart, with: previous.glyphs[..<restart])
        safeStarts.replaceSubrange(..<restart, with: previous.safeStarts[..<restart])
      }
      if shape(runs, from: restart, context: context, language: language) { break }
    }
    for offset in tabs {
      advances[offset] = context.widestTab
      glyphs[offset] = .none
    }
  }

  /// Shapes the characters of `runs` from `first` on (the run it falls in from it, with the
  /// paragraph as context), and reports whether the shaping starts clear of unsafe-to-concat
  /// there (always, from 0).
  private mutating func shape(
    _ runs: [Range<Int>], from first: Int, context: LayoutContext,
    language: (ScriptTag) -> String?
  ) -> Bool {
    for offset in first..<count {
      advances[offset] = 0
      glyphs[offset] = .none
      safeStarts[offset] = false
    }
    let parts = runs.compactMap { run in
      run.upperBound > first ? max(run.lowerBound, first)..<run.upperBound : nil
    }
    let paragraph = utf16
    let fonts = fonts
    let scripts = scripts
    let rightToLeft = parts.map { isRightToLeft($0.lowerBound) }
    let shaped = paragraph.units.withUnsafeBufferPointer { units in
      zip(parts, rightToLeft).map { run, isRightToLeft in
        context.metrics(for: fonts[run.lowerBound]).shape(
          units, run: paragraph.units(of: run), isRightToLeft: isRightToLeft,
          script: scripts[run.lowerBound], language: language(scripts[run.lowerBound]))
      }
    }
    for (run, glyphs) in zip(parts, shaped) { take(glyphs, in: run) }
    return first == 0 || safeStarts[first]
  }

  /// Hands each glyph of a run to the character its cluster starts in. A character's glyphs
  /// come together, left to right; one whose cluster a ligature took (an Arabic alef after
  /// lam) keeps no glyph and no width, and shows with the one before it.
  private mutating func take(_ shaped: [ShapedGlyph], in run: Range<Int>) {
    // A shaper's cluster outside the run (none should be) goes to the run's nearest end.
    let utf16 = self.utf16
    let owner = { (glyph: ShapedGlyph) in
      min(max(utf16.character(atUnit: glyph.cluster), run.lowerBound), run.upperBound - 1)
    }
    var index = 0
    var lastOwner = -1
    while index < shaped.count {
      let character = owner(shaped[index])
      var end = index + 1
      while end < shaped.count, owner(shaped[end]) == character { end += 1 }
      // Most characters have one glyph: it is kept without an array.
      var pen = 0.0
      let placed: TextLayout.Glyphs
      if end == index + 1 {
        let glyph = shaped[index]
        placed = .one(TextLayout.Glyph(id: glyph.id, offset: glyph.offset))
        pen = glyph.advance
      } else {
        placed = TextLayout.Glyphs(
          shaped[index..<end].map { glyph in
            defer { pen += glyph.advance }
            return TextLayout.Glyph(
              id: glyph.id, offset: Point(x: pen + glyph.offset.x, y: glyph.offset.y))
          })
      }
      advances[character] += pen
      // Left to right, clusters ascend: the first glyphs a character gets start its cluster.
      if character > lastOwner, !isRightToLeft(character) {
        safeStarts[character] = !shaped[index].isUnsafeToConcat
        lastOwner = character
      }
      if !blanks[character] {
        glyphs[character] = glyphs[character].isEmpty ? placed : glyphs[character].appending(placed)
      }
      index = end
    }
  }

  // MARK: Lines

  /// Where ICU lets a line end, as counts of characters: a boundary inside a character is none.
  private func lineBreaks(_ boundaries: TextBoundaries) -> [Int] {
    let offsets = utf16.units.withUnsafeBufferPointer { boundaries.boundaries(of: $0) }
    var breaks: [Int] = []
    breaks.reserveCapacity(offsets.count)
    var character = 0
    for offset in offsets {
      while character < count, utf16.starts[character + 1] < offset { character += 1 }
      if character < count, utf16.starts[character + 1] == offset { breaks.append(character + 1) }
    }
    if breaks.last != count { breaks.append(count) }
    return breaks
  }

  /// The width of characters `range` (paragraph offsets) laid end to end.
  func width(of range: Range<Int>) -> Double {
    pens[range.upperBound] - pens[range.lowerBound]
  }

  /// The characters of line `line` (paragraph offsets) in runs as they show, left to right,
  /// each with whether it reads right to left.
  func visualRuns(of line: Range<Int>) -> [(characters: Range<Int>, isRightToLeft: Bool)] {
    guard let bidi, rightToLeft != nil || bidi.isRightToLeft else { return [(line, false)] }
    // A character goes with the run its first code unit is in: ICU's runs are of code points,
    // and a cluster's marks or tags may take another level than its base.
    return bidi.visualRuns(of: utf16.units(of: line)).compactMap { run in
      var first = utf16.character(atUnit: run.units.lowerBound)
      if utf16.starts[first] < run.units.lowerBound { first += 1 }
      let end = utf16.character(atUnit: run.units.upperBound - 1) + 1
      return first < end ? (first..<end, run.isRightToLeft) : nil
    }
  }
}
