// Sections: The scan, Delimiters, Brackets, Code, Raw HTML and autolinks

/// What a block's inlines leave open at its end, and what is still being written there, read
/// as cmark-gfm reads inlines (the CommonMark spec's own algorithm: delimiter runs and their
/// flanking, "process emphasis" with its rule of three, "look for link or image" with links
/// deactivating the brackets before them, code spans, raw HTML, autolinks, entities, and
/// GitHub's strikethrough and bare links). cmark-gfm says only what a whole text makes, never
/// what is left open in it, so ``MarkdownCompletion`` asks this scan which markers to close,
/// and checks the closed text with it.
///
/// A block still arriving ends mid-marker as often as not; what could still become something
/// else is held back (``end``): a run of `*` with nothing after it yet, a backslash, a `<` that
/// may open a tag or an autolink, an `&` that may start an entity, a `!` before a `[`, a link's
/// destination. Read as a whole block (`isWhole`), nothing is held back and nothing guessed.
struct MarkdownInlineScan<Unit: InlineUnit> {
  // MARK: The scan

  /// A run of `*`, `_` or `~`, as the delimiter stack holds it.
  struct Delimiter {
    var character: Unit
    /// Where the run starts: its unmatched characters are its first `count`.
    var start: Int
    var count: Int
    /// The run's length as written, which the rule of three counts.
    var length: Int
    var canOpen: Bool
    var canClose: Bool
    var previous: Int?
    var next: Int?
  }

  /// A `[` or `![` that may yet start a link or an image.
  private struct Bracket {
    var start: Int
    var isImage: Bool
    var isActive = true
    /// Another bracket came after it while it was open: it is no shortcut reference.
    var hasBracketAfter = false
    /// The last delimiter before it: the links' emphasis is processed above it.
    var delimiterBelow: Int?
  }

  private let units: [Unit]
  private var syntax: MarkdownInlineSyntax<Unit> { MarkdownInlineSyntax(units: units) }
  private let isWhole: Bool
  /// Whether a run of backticks that nothing closes yet opens a code span still being
  /// written, or is text (as it is when the span is guessed wrong).
  private let guessesCode: Bool
  /// In a table's row a backslash before a pipe is the row's, taken out before the cell's
  /// inlines are read: it escapes nothing there, and shows nothing.
  private let inTable: Bool
  /// The link reference definitions' labels, normalized (``MarkdownDefinitions/label(_:)``):
  /// what a reference link may use.
  private let labels: Set<String>
  /// cmark-gfm before 0.29.0.gfm.13 leaves two runs of `~` of unlike lengths on the stack;
  /// from it they are taken off, with what is between.
  private let removesUnlikeTildes: Bool

  /// Where what is still being written starts: the units from here on are held back.
  private(set) var end: Int
  /// Units held back before ``end``: brackets that may yet open links (a link's `[` shows
  /// nothing), and runs a link guessed at made text.
  private(set) var held: [Range<Int>] = []
  /// The code span left open: where its backticks start and how many there are.
  private(set) var openCode: (start: Int, run: Int)?
  /// The innermost bracket left open that has text after it, closed as a link.
  private(set) var openLink: (start: Int, isImage: Bool)?
  /// A link whose destination is being written: ``end`` is just after its `]`.
  private(set) var isDestinationOpen = false
  /// The units that show nothing, read as the text ends: escapes' backslashes, code spans'
  /// backticks, the markers emphasis and strikethrough used, links' brackets and
  /// destinations, autolinks' angle brackets, entities.
  private(set) var markup: [Range<Int>] = []
  /// Emphasis and strikethrough left open, outermost first: outside ``openLink``, and in it.
  private(set) var openDelimiters: [Delimiter] = []
  private(set) var openInLink: [Delimiter] = []

  private var delimiters: [Delimiter] = []
  private var lastDelimiter: Int?
  private var brackets: [Bracket] = []
  /// Where each run of backticks starts, by its length: a code span's closer is found at once.
  private var backtickRuns: [Int: [Int]] = [:]

  /// Reads `units`, a block's text (its lines joined by line feeds), as the block's end so far,
  /// or, with `isWhole`, as the whole block.
  init(
    _ units: [Unit], isWhole: Bool = false, removesUnlikeTildes: Bool = true,
    guessesCode: Bool = true, inTable: Bool = false, labels: Set<String> = []
  ) {
    self.units = units
    self.isWhole = isWhole
    self.guessesCode = guessesCode
    self.inTable = inTable
    self.labels = labels
    self.removesUnlikeTildes = removesUnlikeTildes
    end = units.count
    findBacktickRuns()
    scan()
    finishScan()
  }

  private mutating func scan() {
    var index = 0
    reading: while index < units.count {
      let unit = units[index]
      guard let byte = unit.ascii else {
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\\"):
        if inTable, index + 1 < units.count, units[index + 1].ascii == UInt8(ascii: "|") {
          index += 2
        } else if index + 1 < units.count,
          units[index + 1].ascii.map(isASCIIPunctuation) == true
        {
          markup.append(index..<index + 1)
          index += 2
        } else if !isWhole,
          index + 1 == units.count
            || units[index + 1].isLineEnd && units[(index + 1)...].allSatisfy(\.isWhitespace)
        {
          // At the end, or before the line end the block ends in: an escape, a hard break or
          // a backslash, as what comes next says.
          end = index
          break reading
        } else {
          index += 1
        }
      case UInt8(ascii: "`"):
        guard let after = codeSpan(at: index) else { break reading }
        index = after
      case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
        let run = units[index...].prefix { $0 == unit }.count
        if !isWhole, index + run == units.count {
          end = index
          break reading
        }
        pushDelimiter(unit, at: index, run: run)
        index += run
      case UInt8(ascii: "["):
        pushBracket(Bracket(start: index, isImage: false, delimiterBelow: lastDelimiter))
        index += 1
      case UInt8(ascii: "!"):
        if index + 1 < units.count, units[index + 1] == .openingBracket,
          !(index + 2 < units.count && units[index + 2].ascii == UInt8(ascii: "^"))
        {
          pushBracket(Bracket(start: index, isImage: true, delimiterBelow: lastDelimiter))
          index += 2
        } else if !isWhole, index + 1 == units.count {
          end = index
          break reading
        } else {
          index += 1
        }
      case UInt8(ascii: "]"):
        guard let after = closeBracket(at: index) else { break reading }
        index = after
      case UInt8(ascii: "<"):
        guard let after = pointyBrace(at: index) else { break reading }
        index = after
      case UInt8(ascii: "&"):
        if let entity = syntax.entityLength(at: index) {
          markup.append(index..<index + entity)
          index += entity
        } else if !isWhole, syntax.isEntityPrefix(from: index) {
          end = index
          break reading
        } else {
          index += 1
        }
      case UInt8(ascii: "w"), UInt8(ascii: ":"):
        index =
          (brackets.isEmpty ? MarkdownBareLinks(units: units).end(at: index) : nil) ?? index + 1
      default:
        index += 1
      }
    }
  }

  /// The end of the text: what is left open found, emphasis processed as cmark-gfm will
  /// process the text closed.
  private mutating func finishScan() {
    if !isWhole, let code = openCode {
      // A code span guessed at: if nothing closes it, its backtick is text and what is in it
      // is read as the rest of the block is. Whatever that reading would show nothing of (a
      // backslash, a star, another span's backticks) or hold back is held back.
      // Its lines after the first wait for it to close: held back, nothing on them can
      // start a block as the text is completed.
      let content = code.start + code.run
      if let lineEnd = units[content..<end].firstIndex(where: \.isLineEnd) { end = lineEnd }
      let text = MarkdownInlineScan(
        units, removesUnlikeTildes: removesUnlikeTildes, guessesCode: false, inTable: inTable,
        labels: labels)
      end = min(end, max(text.end, content))
      let hidden =
        text.markup + text.held
        + (text.openDelimiters + text.openInLink).map { $0.start..<$0.start + $0.count }
        + (text.openLink.map { [$0.start..<$0.start + ($0.isImage ? 2 : 1)] } ?? [])
      held += hidden.compactMap {
        let overlap = $0.clamped(to: content..<max(content, end))
        return overlap.isEmpty ? nil : overlap
      }
      held += (content..<max(content, end)).filter { units[$0] == .backtick }.map { $0..<$0 + 1 }
    }
    if !isWhole {
      // A bracket with nothing in it yet is held back, as a marker just begun is.
      while let top = brackets.last, top.isActive,
        units[(top.start + (top.isImage ? 2 : 1))..<end].allSatisfy(\.isWhitespace)
      {
        end = top.start
        brackets.removeLast()
      }
      // A footnote's reference still being written is held back: once its `]` comes, it
      // shows as the note's number.
      if let top = brackets.last, top.isActive, isFootnoteReference(top, endingAt: end) {
        end = top.start
        brackets.removeLast()
      }
      // The last bracket, when active, is closed as a link (a `]` closes the last bracket,
      // whatever it is); every other active one is held back: which becomes a link, if any,
      // is not known yet, and a link's `[` shows nothing.
      if let top = brackets.last, top.isActive {
        openLink = (top.start, top.isImage)
        brackets.removeLast()
        holdActiveBrackets()
        processEmphasis(above: top.delimiterBelow, keepingOpen: true)
        openInLink = openDelimiters
        openDelimiters = []
        holdUnmatched(after: top.start)
      } else {
        holdActiveBrackets()
      }
    }
    processEmphasis(above: nil, keepingOpen: true)
    guard !isWhole else { return }
    // An opener with nothing after it yet is held back too, and so is the link it leaves
    // empty.
    while let last = (openDelimiters + openInLink).max(by: { $0.start < $1.start }),
      isBlank(from: last.start + last.count)
    {
      end = last.start
      openDelimiters.removeAll { $0.start == last.start }
      openInLink.removeAll { $0.start == last.start }
      if let link = openLink, isBlank(from: link.start + (link.isImage ? 2 : 1)) {
        end = link.start
        openLink = nil
      }
    }
  }

  /// Whether nothing but spaces and units held back come from `start` to ``end``.
  private func isBlank(from start: Int) -> Bool {
    (start..<max(start, end)).allSatisfy { index in
      units[index].isWhitespace || held.contains { $0.contains(index) }
    }
  }

  /// Holds back every active bracket left: each may yet open a link or an image.
  private mutating func holdActiveBrackets() {
    for bracket in brackets where bracket.isActive {
      held.append(bracket.start..<bracket.start + (bracket.isImage ? 2 : 1))
    }
  }

  /// Holds back what is left unmatched of the runs after `start` (in a link guessed at): made
  /// text by the link, but able to close an opener before it if no link is made.
  private mutating func holdUnmatched(after start: Int) {
    for delimiter in delimiters where delimiter.start > start && delimiter.start < end {
      guard delimiter.count > 0, !delimiter.canOpen || isDestinationOpen else { continue }
      guard !openInLink.contains(where: { $0.start == delimiter.start }) else { continue }
      held.append(delimiter.start..<delimiter.start + delimiter.count)
    }
  }

  // MARK: Delimiters

  private mutating func pushDelimiter(_ unit: Unit, at index: Int, run: Int) {
    let before = index > 0 ? units[index - 1].lastScalar : "\n"
    let after = index + run < units.count ? units[index + run].firstScalar : "\n"
    let spaceBefore = isMarkdownSpace(before)
    let spaceAfter = isMarkdownSpace(after)
    let punctuationBefore = isMarkdownPunctuation(before)
    let punctuationAfter = isMarkdownPunctuation(after)
    let left = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore)
    let right = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter)
    var canOpen = left
    var canClose = right
    if unit == .underscore {
      canOpen = left && (!right || punctuationBefore)
      canClose = right && (!left || punctuationAfter)
    } else if unit == .tilde {
      // GitHub's strikethrough: one tilde or two, no more.
      guard run <= 2 else { return }
    }
    guard canOpen || canClose else { return }
    delimiters.append(
      Delimiter(
        character: unit, start: index, count: run, length: run, canOpen: canOpen,
        canClose: canClose, previous: lastDelimiter, next: nil))
    let added = delimiters.count - 1
    if let last = lastDelimiter { delimiters[last].next = added }
    lastDelimiter = added
  }

  private mutating func remove(_ delimiter: Int) {
    let (previous, next) = (delimiters[delimiter].previous, delimiters[delimiter].next)
    if let previous { delimiters[previous].next = next }
    if let next {
      delimiters[next].previous = previous
    } else {
      lastDelimiter = previous
    }
  }

  /// The spec's "process emphasis" over the delimiters above `bottom` (all, with nil), as
  /// cmark-gfm runs it, then taken off the stack; with `keepingOpen`, the openers left
  /// unmatched are kept as the ones open.
  private mutating func processEmphasis(above bottom: Int?, keepingOpen: Bool) {
    var closer: Int?
    var candidate = lastDelimiter
    while let current = candidate, current != bottom {
      closer = current
      candidate = delimiters[current].previous
    }
    // Per kind of closer (its length modulo three and its character), the delimiter below
    // which no opener for it is left.
    var openersBottom: [Int: Int?] = [:]
    while let current = closer {
      let closing = delimiters[current]
      guard closing.canClose else {
        closer = closing.next
        continue
      }
      let key = closing.length % 3 * 256 + Int(closing.character.ascii ?? 0)
      let floor = openersBottom[key] ?? bottom
      var opener = closing.previous
      var found = false
      while let candidate = opener, candidate != bottom, candidate != floor {
        let opening = delimiters[candidate]
        if opening.canOpen, opening.character == closing.character,
          !(closing.canOpen || opening.canClose) || closing.length % 3 == 0
            || (opening.length + closing.length) % 3 != 0
        {
          found = true
          break
        }
        opener = opening.previous
      }
      if found, let opener {
        closer = match(opener, current)
      } else {
        openersBottom[key] = closing.previous
        if !closing.canOpen { remove(current) }
        closer = closing.next
      }
    }
    var open: [Delimiter] = []
    while let last = lastDelimiter, last != bottom {
      let delimiter = delimiters[last]
      if keepingOpen, delimiter.canOpen, delimiter.count > 0 { open.append(delimiter) }
      remove(last)
    }
    openDelimiters += open.reversed()
  }

  /// Matches `opener` with `closer`: the emphasis or strikethrough between them is made, the
  /// delimiters between taken off. The closer to go on with.
  private mutating func match(_ opener: Int, _ closer: Int) -> Int? {
    let next = delimiters[closer].next
    func removeBetween() {
      var between = delimiters[closer].previous
      while let delimiter = between, delimiter != opener {
        between = delimiters[delimiter].previous
        remove(delimiter)
      }
    }
    if delimiters[closer].character == .tilde {
      guard delimiters[opener].count == delimiters[closer].count || removesUnlikeTildes else {
        return next
      }
      if delimiters[opener].count == delimiters[closer].count {
        for delimiter in [delimiters[opener], delimiters[closer]] {
          markup.append(delimiter.start..<delimiter.start + delimiter.count)
        }
      }
      removeBetween()
      remove(closer)
      remove(opener)
      return next
    }
    let used = delimiters[closer].count >= 2 && delimiters[opener].count >= 2 ? 2 : 1
    delimiters[opener].count -= used
    let closing = delimiters[closer]
    let closerUsed = closing.start + closing.length - closing.count
    markup += [
      delimiters[opener].start + delimiters[opener].count..<delimiters[opener].start
        + delimiters[opener].count + used, closerUsed..<closerUsed + used,
    ]
    delimiters[closer].count -= used
    removeBetween()
    if delimiters[opener].count == 0 { remove(opener) }
    guard delimiters[closer].count == 0 else { return closer }
    remove(closer)
    return next
  }

  // MARK: Brackets

  /// A `]` at `index`: a link or an image made, or a bracket that is text. Where to go on
  /// reading, or nil where the text ends in a link's destination (held back).
  private mutating func closeBracket(at index: Int) -> Int? {
    guard let opener = brackets.last else { return index + 1 }
    guard opener.isActive else {
      brackets.removeLast()
      return index + 1
    }
    let after = index + 1
    if !isWhole, after == units.count, isFootnoteReference(opener, endingAt: index) {
      // "[^note]": a footnote's reference (`MarkdownFootnotes`), as it stands.
      brackets.removeLast()
      return after
    }
    if !isWhole, after == units.count {
      // "[text]" and nothing yet: most likely a link whose address is coming.
      guessLink(opener, endingAt: after)
      return nil
    }
    if after < units.count, units[after] == .openingParenthesis {
      switch syntax.linkDestination(from: after + 1) {
      case .end(let end):
        makeLink(opener)
        markup += [opener.start..<opener.start + (opener.isImage ? 2 : 1), index..<end]
        return end
      case .unfinished where !isWhole:
        guessLink(opener, endingAt: after)
        return nil
      case .unfinished, .none:
        break
      }
    }
    // A reference: a label in brackets after it (`[]` for its own text), or, alone, its
    // own text; a link only where a definition gives the label.
    var label = (opener.start + (opener.isImage ? 2 : 1))..<index
    var linkEnd = after
    var namesItself = true
    if after < units.count, units[after] == .openingBracket {
      switch syntax.referenceLabel(from: after + 1) {
      case .end(let end):
        if end > after + 2 {
          label = (after + 1)..<(end - 1)
          namesItself = false
        }
        linkEnd = end
      case .unfinished where !isWhole && !labels.isEmpty:
        // A label still being written may yet name a definition.
        guessLink(opener, endingAt: after)
        return nil
      case .unfinished, .none:
        break
      }
    }
    if !namesItself || !opener.hasBracketAfter, !labels.isEmpty,
      labels.contains(MarkdownDefinitions.label(Unit.string(units[label])))
    {
      makeLink(opener)
      markup += [opener.start..<opener.start + (opener.isImage ? 2 : 1), index..<linkEnd]
      return linkEnd
    }
    brackets.removeLast()
    return after
  }

  /// Whether `opener`'s text up to `end` is a caret and a footnote's label so far (no
  /// space or bracket in it), as cmark-gfm's footnotes write one: `[^1`, `[^note]`.
  private func isFootnoteReference(_ opener: Bracket, endingAt end: Int) -> Bool {
    let label = opener.start + 2
    guard !opener.isImage, label <= end, units[opener.start + 1].ascii == UInt8(ascii: "^") else {
      return false
    }
    return units[label..<end].allSatisfy {
      !$0.isWhitespace && $0 != .openingBracket && $0.ascii != UInt8(ascii: "]")
    }
  }

  private mutating func pushBracket(_ bracket: Bracket) {
    if !brackets.isEmpty { brackets[brackets.count - 1].hasBracketAfter = true }
    brackets.append(bracket)
  }

  /// The text ends in `opener`'s link, its destination still to come: kept up to its `]`
  /// (`end`), the brackets it would deactivate and what it would make text held back, as
  /// the link may yet not be one.
  private mutating func guessLink(_ opener: Bracket, endingAt end: Int) {
    self.end = end
    isDestinationOpen = true
    markup += [opener.start..<opener.start + (opener.isImage ? 2 : 1), end - 1..<end]
    if !opener.isImage {
      for bracket in brackets.dropLast().reversed() where !bracket.isImage {
        guard bracket.isActive else { break }
        held.append(bracket.start..<bracket.start + 1)
      }
    }
    makeLink(opener)
    holdUnmatched(after: opener.start)
  }

  /// The link or image `opener` starts is made: the emphasis in its text processed, the
  /// brackets before it (for a link) deactivated, as links hold no links.
  private mutating func makeLink(_ opener: Bracket) {
    processEmphasis(above: opener.delimiterBelow, keepingOpen: false)
    brackets.removeLast()
    guard !opener.isImage else { return }
    for index in brackets.indices.reversed() where !brackets[index].isImage {
      guard brackets[index].isActive else { break }
      brackets[index].isActive = false
    }
  }

  // MARK: Code

  /// Every run of backticks, by its length, in order: a span's closer is the first run of its
  /// length after it (backslashes escape nothing in code).
  private mutating func findBacktickRuns() {
    var index = 0
    while index < units.count {
      guard units[index] == .backtick else {
        index += 1
        continue
      }
      let run = units[index...].prefix { $0 == .backtick }.count
      backtickRuns[run, default: []].append(index)
      index += run
    }
  }

  /// A run of backticks at `index`: past its code span, or past it as text when nothing
  /// closes it; nil when the text ends in a code span still open.
  private mutating func codeSpan(at index: Int) -> Int? {
    let run = units[index...].prefix { $0 == .backtick }.count
    // cmark-gfm closes no span opened by more than 80 backticks.
    let runs = run > 80 ? [] : backtickRuns[run] ?? []
    let next = runs.partitioningIndex { $0 > index }
    let closer = next < runs.count ? runs[next] : nil
    // A closer at the very end may be the start of a longer run.
    if let closer, isWhole || closer + run < units.count {
      markup += [index..<index + run, closer..<closer + run]
      return closer + run
    }
    if isWhole || !guessesCode { return index + run }
    let content = index + run
    guard content < units.count else {
      end = index
      return nil
    }
    // Backticks at its end (but for line ends) may be the start of its closer; a backslash,
    // the start of an escaped pipe in a table's cell.
    var last = units.count
    while last > content, units[last - 1].isLineEnd { last -= 1 }
    let lineEnds = last
    while last > content, units[last - 1] == .backtick { last -= 1 }
    if last < lineEnds {
      end = last
    } else if units[units.count - 1] == .backslash {
      end = units.count - 1
    }
    openCode = (index, run)
    return nil
  }

  // MARK: Raw HTML and autolinks

  /// A `<` at `index`: past the autolink or raw HTML it starts, or past it as text; nil where
  /// the text ends in one still being written (held back).
  private mutating func pointyBrace(at index: Int) -> Int? {
    let html = MarkdownRawHTML(units, from: index + 1)
    switch html.read() {
    case .end(let after):
      if html.isAutolink { markup += [index..<index + 1, after - 1..<after] }
      return after
    case .unfinished where !isWhole:
      end = index
      return nil
    case .unfinished, .none: return index + 1
    }
  }
}
