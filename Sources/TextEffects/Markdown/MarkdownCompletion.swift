import CCmark

// Sections: The answer so far, Block markers, Inline markers

/// A streamed answer's Markdown as it will most likely end, so that nothing on screen jumps
/// when the rest arrives (as Vercel's Streamdown does with its remend): an open `**`, `*`,
/// `~~` or code span is closed, so the text after it shows in its style at once; a link whose
/// address has not arrived shows as a link; a last line that so far is only a block's marker
/// (`-`, `1.`, `#`, `>`, a fence's backticks, a setext underline) or a table's header row
/// before its delimiter row are held back until they say what they are, rather than shown as
/// text that then turns into a list, a heading or a table. An open code fence needs nothing:
/// CommonMark runs it to the end of the document. Whether the text ends in code is
/// cmark-gfm's answer too: a fence's backticks inside raw HTML open nothing. Markers are
/// closed only in the block the text ends in, as cmark-gfm itself reads the text's blocks
/// (`MarkdownLastLeaf`): guessing blocks from lines, libFuzzer found code taken for a
/// paragraph and a heading's underline missed, and each closed a marker the whole answer
/// leaves open.
package enum MarkdownCompletion {
  // MARK: The answer so far

  /// `text` (the answer so far) with its unfinished syntax closed or held back, its lines
  /// ending in line feeds wherever CommonMark ends a line (a carriage return too).
  package static func complete(_ text: String) -> String {
    var parses = 0
    return complete(text, parses: &parses)
  }

  /// `text` completed as ``complete(_:)`` does, with the definitions' `labels` that text
  /// before it made (a reference to one is a link), adding to `parses` the one time it had
  /// cmark-gfm parse it.
  package static func complete(
    _ text: String, labels: Set<String> = [], parses: inout Int
  ) -> String {
    var lines = Self.lines(of: text)
    // A last line that is only a marker so far (a list's, a heading's, a fence's opening or
    // closing one, an underline), only spaces (the indent of what comes, which raw HTML or
    // code would show) or that may yet open raw HTML: the text is completed as it stood when
    // that line began, so whatever it turns out to be, nothing shown goes.
    if let last = lines.last,
      isOnlyAMarker(last) || mayOpenRawHTML(last) || mayStartAFootnote(last)
        || !last.isEmpty && last.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 })
    {
      let start = text.utf8.count - last.utf8.count
      return complete(String(Substring(text.utf8.prefix(start))), labels: labels, parses: &parses)
    }
    // The one look at how cmark-gfm reads the blocks: the block the text ends in. Its lines
    // are the text's own when they all end in line feeds.
    let joined =
      text.utf8.contains(UInt8(ascii: "\r")) ? lines.joined(separator: "\n") : text
    let leaf = MarkdownLastLeaf(joined)
    parses += 1
    if let leaf, let fence = leaf.fence, leaf.lines.upperBound >= lines.count - 1 {
      // A backtick fence that opens on the last line waits for that line's end: a backtick
      // after it on the line would make it text (what comes before it on the line, a list
      // item's marker, shows). Inside code nothing else is a marker, but a last line of
      // spaces may be a closing fence's indent.
      if fence == "`" && leaf.lines.lowerBound == lines.count {
        lines[lines.count - 1] = String(
          Substring(lines[lines.count - 1].utf8.prefix(max(leaf.column - 1, 0))))
      } else if leaf.lines.lowerBound < lines.count
        && lines[lines.count - 1].allSatisfy({ $0 == " " || $0 == "\t" })
      {
        lines.removeLast()
      }
      return lines.joined(separator: "\n")
    }
    // A definition cmark-gfm took from the text's last lines, its line not yet ended, may yet
    // not be one (`[x]: y` then ` z`): its label is no link until its line ends.
    if let definitions = takenDefinitions(in: lines, after: leaf) {
      return complete(
        lines[..<definitions].map { $0 + "\n" }.joined(), labels: labels, parses: &parses)
    }
    let header = tableHeader(in: lines, endingIn: leaf)
    if let header { lines.removeSubrange(header...) }
    guard !lines.isEmpty else { return "" }
    let whole = header == nil ? joined : lines.joined(separator: "\n")
    guard let leaf, let start = openBlockStart(in: lines, leaf: leaf),
      header.map({ $0 > start }) ?? true
    else { return whole }
    // A paragraph that so far may yet be link reference definitions shows nothing until it
    // is seen not to be one: a definition shows nothing, and shown as text it would go.
    if leaf.isParagraph, let definition = definitionStart(in: lines, paragraph: start) {
      return complete(
        lines[..<definition].map { $0 + "\n" }.joined(), labels: labels, parses: &parses)
    }
    // Definitions before it in the text make no block, so none has settled: read here.
    let before = MarkdownDefinitions.held(
      in: Substring(lines[..<start].joined(separator: "\n")), showing: [])
    if leaf.isTableCell {
      return completeRow(lines, leaf: leaf, labels: labels.union(before.labels)) ?? whole
    }
    let block = lines[start...].joined(separator: "\n")
    let closed = closeInlines(block, labels: labels.union(before.labels))
    // Most pieces close nothing and hold nothing back.
    if closed.utf8.elementsEqual(block.utf8) { return whole }
    // Closers that make a line a fence or a rule (`` then two more backticks, ** then one
    // more star) or unmake one (a heading's underline with a closer after it), or markers or
    // a word held back that leave one, or that leave a line that opens a block (`- - -
    // www.`; `#*[` and `#_` held back to `#`, an empty heading; `*_` to `*`, an empty item),
    // or a line left blank (a list item's code running on past it), would change the blocks:
    // the text is completed as it stood when that line began.
    let closedLines = closed.split(separator: "\n", omittingEmptySubsequences: false)
    func isBlank<Line: StringProtocol>(_ line: Line) -> Bool {
      line.allSatisfy { $0 == " " || $0 == "\t" }
    }
    func reads(_ line: String, as closedLine: Substring) -> Bool {
      let closedLine = String(closedLine)
      guard isAFence(closedLine) == isAFence(line), isARule(closedLine) == isARule(line) else {
        return false
      }
      return blockMarkers(closedLine) == blockMarkers(line) && isBlank(closedLine) == isBlank(line)
    }
    if let changed = zip(lines[start...], closedLines).map(reads).firstIndex(of: false) {
      // The text as it stood when that line began: nothing on it shows yet.
      let line = start + changed
      return complete(
        lines[..<line].map { $0 + "\n" }.joined(), labels: labels, parses: &parses)
    }
    return (lines[..<start] + [closed]).joined(separator: "\n")
  }

  /// `lines` completed when the text ends in a table's row: cmark-gfm reads each cell's
  /// inlines on their own, so only the row's last cell, after its last pipe that no backslash
  /// escapes, may have a marker to close (a closer after the row's last pipe would make a new
  /// cell), and a row that has ended has none. Nil when nothing closes.
  private static func completeRow(
    _ lines: [String], leaf: MarkdownLastLeaf, labels: Set<String>
  ) -> String? {
    guard leaf.lines.upperBound >= lines.count, let row = lines.last else { return nil }
    var cellStart = row.utf8.startIndex
    var escaped = false
    for index in row.utf8.indices {
      let byte = row.utf8[index]
      if byte == UInt8(ascii: "|") && !escaped { cellStart = row.utf8.index(after: index) }
      escaped = byte == UInt8(ascii: "\\") && !escaped
    }
    let cell = String(Substring(row.utf8[cellStart...]))
    let closed = closeInlines(cell, inTable: true, labels: labels)
    guard !closed.utf8.elementsEqual(cell.utf8) else { return nil }
    return (lines.dropLast() + [String(Substring(row.utf8[..<cellStart])) + closed])
      .joined(separator: "\n")
  }

  /// `text`'s lines, as CommonMark ends them (a line feed, a carriage return, or both),
  /// found in its bytes: a stream's last block is read every piece.
  private static func lines(of text: String) -> [String] {
    var lines: [String] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var index = start
    while index != bytes.endIndex {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
        index = bytes.index(after: index)
        continue
      }
      lines.append(String(text[start..<index]))
      index = bytes.index(after: index)
      if byte == UInt8(ascii: "\r"), index != bytes.endIndex, bytes[index] == UInt8(ascii: "\n") {
        index = bytes.index(after: index)
      }
      start = index
    }
    lines.append(String(text[start...]))
    return lines
  }

  /// The first byte of `line` that is not a space or a tab: what most lines are told apart by
  /// at once (a line of words is no marker, fence or rule).
  private static func firstMark(of line: String) -> UInt8? {
    line.utf8.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
  }

  // MARK: Block markers

  /// Whether a line is a fence: three or more backticks or tildes after spaces (as deep as a
  /// list item may indent it), and no backtick after a backtick fence's.
  private static func isAFence(_ line: String) -> Bool {
    guard let first = firstMark(of: line), first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
    else { return false }
    let trimmed = line.drop { $0 == " " }
    guard let mark = trimmed.first else { return false }
    let length = trimmed.prefix { $0 == mark }.count
    return length >= 3 && (mark == "~" || !trimmed.dropFirst(length).contains("`"))
  }

  /// The first line (counted from 0) to hold back as a table's header row, whose delimiter
  /// row has not come whole (a line feed after it): the last line of the paragraph the text
  /// ends in, as cmark-gfm reads it, when it starts with a pipe. Shown before, it would be a
  /// paragraph's line that then turns into a table. Once the next line has come and is not a
  /// delimiter row, the line shows as the paragraph's; once it is, cmark-gfm reads a table and
  /// its rows show as they come. (A delimiter row still being written is only markers, held
  /// back already.) A header without a leading pipe (`a | b`) shows as text until its
  /// delimiter row comes: a line of prose with a pipe in it is never held back.
  private static func tableHeader(in lines: [String], endingIn leaf: MarkdownLastLeaf?) -> Int? {
    let end = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
    guard let leaf, leaf.isParagraph, leaf.lines.upperBound == end, end > 0,
      lines[end - 1].drop(while: { $0 == " " }).hasPrefix("|")
    else { return nil }
    return end - 1
  }

  /// A line that so far could still become a list item, heading, quote, fence, thematic break
  /// or setext underline: only such markers, and spaces.
  private static func isOnlyAMarker(_ line: String) -> Bool {
    guard let first = firstMark(of: line), "-*+=_#>`~|:0123456789".utf8.contains(first) else {
      return false
    }
    // Markers and spaces only, told by bytes, stopping at the first that is neither: a long
    // line is told at once.
    if line.utf8.allSatisfy({
      "-*+=_#>`~|:".utf8.contains($0) || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
    }) {
      return true
    }
    // What else may be one is short.
    guard line.utf8.count <= 16 else { return false }
    // Past the quotes' and lists' markers ("> 1.", "1. - 2.", "- [x"): the start of an
    // ordered list's number ("1", "12") or of a task's box.
    let trimmed = Substring(line.trimmingScalars { $0 == " " || $0 == "\t" })
    var rest = trimmed
    while true {
      let length = rest.count
      rest = rest.drop { " \t>-+*".contains($0) }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      if (1...9).contains(digits.count), let delimiter = rest.dropFirst(digits.count).first,
        delimiter == "." || delimiter == ")"
      {
        rest = rest.dropFirst(digits.count + 1)
      }
      if rest.count == length { break }
    }
    return rest.isEmpty || rest.count <= 9 && rest.allSatisfy { $0.isASCII && $0.isNumber }
      || rest.count <= 3 && rest.hasPrefix("[") && rest.count < trimmed.count
  }

  /// Whether `line` may yet start a footnote (`[^note]:`, after quotes' markers and spaces):
  /// a label with no space so far, perhaps its `]`, and nothing after. Shown, it would be a
  /// reference that then goes.
  private static func mayStartAFootnote(_ line: String) -> Bool {
    let rest = line.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ">") }
    guard rest.starts(with: "[^".utf8) else { return false }
    let label = rest.dropFirst(2)
    let closed = label.last == UInt8(ascii: "]")
    return label.dropLast(closed ? 1 : 0).allSatisfy {
      !" \t[]".utf8.contains($0)
    }
  }

  /// Whether `line`, past its quotes' and list items' markers, starts as raw HTML may (`<`
  /// and a letter, `/`, `!` or `?`): an HTML block, which a tag's name and the line's end
  /// decide, shows as the text it is, and the line in a paragraph would not.
  private static func mayOpenRawHTML(_ line: String) -> Bool {
    var rest = line.utf8.drop {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">")
    }
    let digits = rest.prefix { isASCIIDigit($0) }.count
    if let marker = rest.dropFirst(digits).first,
      digits > 0
        ? marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")") : "-+*".utf8.contains(marker),
      rest.dropFirst(digits + 1).first.map(isASCIISpace) == true
    {
      rest = rest.dropFirst(digits + 1).drop { isASCIISpace($0) }
    }
    guard rest.first == UInt8(ascii: "<"), let next = rest.dropFirst().first else {
      return rest.elementsEqual("<".utf8)
    }
    return isASCIILetter(next) || "/!?".utf8.contains(next)
  }

  /// How many blocks `line` opens by its markers, one in another (`> 1. - #` opens four): a
  /// heading's `#` to `######`; `-`, `+`, `*` or a number and `.` or `)`, each followed by a
  /// space, a tab or the line's end; or `>`; each after at most three spaces.
  private static func blockMarkers(_ line: String) -> Int {
    var rest = Substring(line)
    var count = 0
    while let (length, isAHeading) = openingMarker(rest) {
      count += 1
      if isAHeading { break }
      rest = rest.dropFirst(length)
    }
    return count
  }

  /// The length (with the spaces before it) of the marker `line` starts with, when it opens a
  /// block, and whether it is a heading's (after which no marker opens one).
  private static func openingMarker(_ line: Substring) -> (length: Int, isAHeading: Bool)? {
    let indent = line.prefix { $0 == " " }.count
    guard indent <= 3 else { return nil }
    let rest = line.dropFirst(indent)
    guard let first = rest.first else { return nil }
    if first == ">" { return (indent + 1, false) }
    let marker: Substring
    if first == "#" {
      marker = rest.prefix { $0 == "#" }
      guard marker.count <= 6 else { return nil }
    } else if "-+*".contains(first) {
      marker = rest.prefix(1)
    } else {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      let delimiter = rest.dropFirst(digits.count).first
      guard (1...9).contains(digits.count), delimiter == "." || delimiter == ")" else {
        return nil
      }
      marker = rest.prefix(digits.count + 1)
    }
    let after = rest.dropFirst(marker.count).first
    guard after == nil || after == " " || after == "\t" else { return nil }
    return (indent + marker.count + (after == nil ? 0 : 1), first == "#")
  }

  /// A thematic break (three or more stars, dashes or underscores, all alike, among spaces)
  /// or a setext heading's underline (`=` or `-` only).
  private static func isARule(_ line: String) -> Bool {
    guard let first = firstMark(of: line), "*-_=".utf8.contains(first) else { return false }
    // Read by bytes, stopping at the first that is neither the mark nor a space: a long line
    // of markers and words is told at once.
    var marks = 0
    var spaceAfterMarks = false
    var spaceInside = false
    for byte in line.utf8 {
      if byte == first {
        spaceInside = spaceInside || spaceAfterMarks
        if spaceInside, first == UInt8(ascii: "=") { return false }
        marks += 1
      } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        spaceAfterMarks = marks > 0
      } else {
        return false
      }
    }
    // An underline (`=` or `-` without a space inside), or three or more `*`, `-` or `_`.
    return first == UInt8(ascii: "=") || marks >= 3 || first == UInt8(ascii: "-") && !spaceInside
  }

  /// The first line (counted from 0) of the block the text ends in, where an inline marker
  /// may still be open, as cmark-gfm reads the text; nil when that block takes no inline
  /// markers (code, raw HTML, a thematic break) or a blank line has ended it.
  private static func openBlockStart(in lines: [String], leaf: MarkdownLastLeaf) -> Int? {
    guard leaf.takesInlines else { return nil }
    // A last line just begun is not a blank line that ends it.
    let after = lines.dropFirst(leaf.lines.upperBound).dropLast()
    guard !after.contains(where: { $0.allSatisfy { $0 == " " || $0 == "\t" } }) else {
      return nil
    }
    return min(leaf.lines.lowerBound - 1, lines.count - 1)
  }

  /// The first line (counted from 0) of the definitions cmark-gfm took from the text's last
  /// lines, after the block it ends in, when the last line has not ended: lines that make no
  /// block and are no blank ones.
  private static func takenDefinitions(in lines: [String], after leaf: MarkdownLastLeaf?) -> Int? {
    guard let last = lines.last, !last.isEmpty else { return nil }
    var first = leaf?.lines.upperBound ?? 0
    while first < lines.count, lines[first].allSatisfy({ $0 == " " || $0 == "\t" }) {
      first += 1
    }
    guard first < lines.count,
      lines[first].drop(while: { $0 == " " || $0 == ">" }).first == "["
    else { return nil }
    return first
  }

  /// The first line (counted from 0) of link reference definitions the text may still be
  /// writing, from the paragraph starting at line `paragraph` or a line or two above it
  /// (where cmark-gfm took whole definitions out of it); nil when it is none.
  private static func definitionStart(in lines: [String], paragraph: Int) -> Int? {
    var start = paragraph
    while start >= 0, start > paragraph - 4 {
      let line = lines[start]
      guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
      if line.drop(while: { $0 == " " }).first == "[",
        MarkdownDefinitions.mayBeWriting(lines[start...].joined(separator: "\n"))
      {
        return start
      }
      start -= 1
    }
    return nil
  }

  // MARK: Inline markers

  /// `text`, one block's, with what is still being written held back and what is left open
  /// closed, as ``MarkdownInlineScan`` reads it: an open code span, emphasis and
  /// strikethrough closed innermost first, the innermost open bracket closed as a link (its
  /// address, when one is being written, held back for `#`), the brackets before it held
  /// back. Read byte by byte when the block is ASCII (as a stream mostly is), which costs no
  /// decoding; else by Unicode scalars, as cmark-gfm reads a character before or after a
  /// marker.
  static func closeInlines(
    _ text: String, inTable: Bool = false, labels: Set<String> = []
  ) -> String {
    text.utf8.allSatisfy { $0 < 0x80 }
      ? closeInlines(Array(text.utf8), inTable: inTable, labels: labels)
      : closeInlines(Array(text.unicodeScalars), inTable: inTable, labels: labels)
  }

  /// `units` with their open inline markers closed, as ``closeInlines(_:)-(String)`` says.
  /// The text closed is read again whole, as cmark-gfm will read it: where a closer would not
  /// close what it is for, or would change what the markers before it are (a closer that runs
  /// into a star before it, a rule of three), the markers left open are held back instead of
  /// closed; where even that changes them, the text is kept only up to the first marker left
  /// open. So no marker shows that the answer does not show.
  static func closeInlines<Unit: InlineUnit>(
    _ units: [Unit], inTable: Bool = false, labels: Set<String> = []
  ) -> String {
    let scan = MarkdownInlineScan(
      units, removesUnlikeTildes: MarkdownLibrary.removesUnlikeTildes, inTable: inTable,
      labels: labels)
    for holdingOpeners in [false, true] {
      let closed = closing(units, as: scan, holdingOpeners: holdingOpeners)
      if keepsItsMarkers(closed, of: units, as: scan, inTable: inTable, labels: labels) {
        return Unit.string(closed.units)
      }
    }
    let first =
      ([scan.openCode?.start, scan.openLink?.start]
      + (scan.openDelimiters + scan.openInLink).map(\.start)).compactMap { $0 }.min()
    return Unit.string(units[..<min(first ?? scan.end, scan.end)])
  }

  /// Whether `closed`, read whole, closes every marker it closes, and leaves each unit of
  /// `units` it keeps as `scan` read it: markup still markup, text still text (but the markers
  /// closed, now markup too).
  private static func keepsItsMarkers<Unit: InlineUnit>(
    _ closed: (units: [Unit], positions: [Int?]), of units: [Unit],
    as scan: MarkdownInlineScan<Unit>, inTable: Bool, labels: Set<String>
  ) -> Bool {
    let check = MarkdownInlineScan(
      closed.units, isWhole: true, removesUnlikeTildes: MarkdownLibrary.removesUnlikeTildes,
      inTable: inTable, labels: labels)
    guard check.openDelimiters.isEmpty else { return false }
    var isMarkup = [Bool](repeating: false, count: closed.units.count)
    for range in check.markup {
      for index in range where index < isMarkup.count { isMarkup[index] = true }
    }
    var wasMarkup = [Bool](repeating: false, count: units.count)
    let closedNow =
      scan.markup + (scan.openDelimiters + scan.openInLink).map { $0.start..<$0.start + $0.count }
      + [scan.openLink.map { $0.start..<$0.start + ($0.isImage ? 2 : 1) }].compactMap { $0 }
      + [scan.openCode.map { $0.start..<$0.start + $0.run }].compactMap { $0 }
    for range in closedNow {
      for index in range where index < wasMarkup.count { wasMarkup[index] = true }
    }
    return closed.positions.indices.allSatisfy { index in
      closed.positions[index].map { isMarkup[$0] == wasMarkup[index] } ?? true
    }
  }

  /// `units` as `scan` read them: what it holds back taken out, and what it left open closed
  /// (or, `holdingOpeners`, its emphasis and strikethrough held back too); and where each of
  /// `units` is in them, nil for those taken out.
  private static func closing<Unit: InlineUnit>(
    _ units: [Unit], as scan: MarkdownInlineScan<Unit>, holdingOpeners: Bool
  ) -> (units: [Unit], positions: [Int?]) {
    var held = Set(scan.held.joined())
    if holdingOpeners {
      for delimiter in scan.openDelimiters + scan.openInLink {
        held.formUnion(delimiter.start..<delimiter.start + delimiter.count)
      }
    }
    // The units kept, by where they are in `units`.
    var keptAt =
      held.isEmpty ? Array(0..<scan.end) : (0..<scan.end).filter { !held.contains($0) }
    if scan.openCode == nil, !scan.isDestinationOpen {
      // A last word that may yet be a bare address (`www.`, `https://`) is held back until
      // it ends: GitHub's autolinks make it a link only once its domain is whole.
      let word = keptAt.reversed().prefix { !units[$0].isWhitespace }.count
      if word > 0 {
        let last = Unit.string(keptAt.suffix(word).map { units[$0] }).lowercased()
        if ["www.", "http://", "https://"].contains(where: {
          $0.hasPrefix(last) || last.hasPrefix($0)
        }) {
          keptAt.removeLast(word)
        }
      }
    }
    func closers(for delimiters: [MarkdownInlineScan<Unit>.Delimiter]) -> [Unit] {
      holdingOpeners
        ? [] : delimiters.reversed().flatMap { repeatElement($0.character, count: $0.count) }
    }
    var closing: [Unit] = []
    var tail: Int
    if let code = scan.openCode {
      // Spaces are the code's own: the closer goes after them, but before the line feeds
      // the block ends in and a last line of nothing but spaces (its indent, which a list
      // item strips). A span that starts with a space and ends with none gets one before its
      // closer, so both are stripped, as they will be if the code goes on.
      let start = keptAt.partitioningIndex { $0 >= code.start }
      let lastLine = keptAt.reversed().prefix { !units[$0].isLineEnd }
      tail =
        keptAt.count - (lastLine.allSatisfy({ units[$0].isWhitespace }) ? lastLine.count : 0)
      tail -= keptAt[..<tail].reversed().prefix(while: { units[$0].isLineEnd }).count
      // A code span strips a space (or a line end, which it reads as one) from each end, not a
      // tab.
      let content = keptAt[min(start + code.run, tail)..<tail].map { units[$0] }
      func isSpace(_ unit: Unit) -> Bool { unit == .space || unit.isLineEnd }
      if content.allSatisfy(\.isWhitespace) {
        keptAt.removeSubrange(start..<tail)
        tail = start
      } else {
        if content.first.map(isSpace) == true, content.last.map(isSpace) == false {
          closing.append(.space)
        }
        closing += repeatElement(.backtick, count: code.run)
      }
    } else {
      tail = keptAt.count - keptAt.reversed().prefix(while: { units[$0].isWhitespace }).count
    }
    if scan.isDestinationOpen {
      closing += [.openingParenthesis, .hash, .closingParenthesis]
    }
    if scan.openLink != nil {
      closing += closers(for: scan.openInLink)
      closing += [.closingBracket, .openingParenthesis, .hash, .closingParenthesis]
    }
    closing += closers(for: scan.openDelimiters)
    var kept = keptAt.map { units[$0] }
    kept.insert(contentsOf: closing, at: tail)
    var positions = [Int?](repeating: nil, count: units.count)
    for (place, index) in keptAt.enumerated() {
      positions[index] = place < tail ? place : place + closing.count
    }
    return (kept, positions)
  }
}

/// What the cmark-gfm linked reads differently from one release to another.
enum MarkdownLibrary {
  /// cmark-gfm 0.29.0.gfm.13 and later take two runs of `~` of unlike lengths off the
  /// delimiter stack, with what is between; earlier releases leave them (see
  /// `MarkdownInlineScan`).
  static let removesUnlikeTildes: Bool = {
    let release = String(cString: cmark_version_string())
    let gfm = release.split(separator: ".").last.flatMap { Int($0) } ?? 0
    return release.hasPrefix("0.29.0.gfm.") ? gfm >= 13 : true
  }()
}

/// What ``MarkdownCompletion/closeInlines(_:)-(String)`` reads a block as: its bytes, when
/// it is ASCII, or its Unicode scalars. The markers are ASCII.
protocol InlineUnit: Equatable {
  init(ascii: UInt8)
  /// Its value, when it is ASCII.
  var ascii: UInt8? { get }
  /// The scalar cmark-gfm reads beside a marker: the unit's first, or its last.
  var firstScalar: Unicode.Scalar { get }
  var lastScalar: Unicode.Scalar { get }
  /// `units` as text.
  static func string<Units: Collection<Self>>(_ units: Units) -> String
}

extension InlineUnit {
  static var backslash: Self { Self(ascii: UInt8(ascii: "\\")) }
  static var backtick: Self { Self(ascii: UInt8(ascii: "`")) }
  static var star: Self { Self(ascii: UInt8(ascii: "*")) }
  static var underscore: Self { Self(ascii: UInt8(ascii: "_")) }
  static var tilde: Self { Self(ascii: UInt8(ascii: "~")) }
  static var hash: Self { Self(ascii: UInt8(ascii: "#")) }
  static var openingBracket: Self { Self(ascii: UInt8(ascii: "[")) }
  static var closingBracket: Self { Self(ascii: UInt8(ascii: "]")) }
  static var openingParenthesis: Self { Self(ascii: UInt8(ascii: "(")) }
  static var closingParenthesis: Self { Self(ascii: UInt8(ascii: ")")) }
  static var space: Self { Self(ascii: UInt8(ascii: " ")) }

  /// A tab, a line feed, a vertical tab, a form feed, a carriage return or a space.
  var isWhitespace: Bool { ascii.map(isASCIISpace) ?? false }
  /// A line feed or a carriage return.
  var isLineEnd: Bool { ascii == UInt8(ascii: "\n") || ascii == UInt8(ascii: "\r") }
}

extension Unicode.Scalar: InlineUnit {
  init(ascii: UInt8) { self.init(ascii) }
  var ascii: UInt8? { isASCII ? UInt8(value) : nil }
  var firstScalar: Unicode.Scalar { self }
  var lastScalar: Unicode.Scalar { self }
  static func string<Units: Collection<Unicode.Scalar>>(_ units: Units) -> String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: units)
    return String(text)
  }
}

/// An ASCII byte.
extension UInt8: InlineUnit {
  init(ascii: UInt8) { self = ascii }
  var ascii: UInt8? { self }
  var firstScalar: Unicode.Scalar { Unicode.Scalar(self) }
  var lastScalar: Unicode.Scalar { Unicode.Scalar(self) }
  static func string<Units: Collection<UInt8>>(_ units: Units) -> String {
    String(decoding: units, as: UTF8.self)
  }
}
