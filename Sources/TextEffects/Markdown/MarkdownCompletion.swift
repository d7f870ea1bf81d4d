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

  /// `text` completed as ``complete(_:)`` does, adding to `parses` the one time it had
  /// cmark-gfm parse it.
  package static func complete(_ text: String, parses: inout Int) -> String {
    var lines = Self.lines(of: text)
    // A last line that is only a marker so far: a list's, a heading's, a fence's (opening
    // one, or closing the code it is in) or an underline.
    let holdsBack = lines.last.map(isOnlyAMarker) ?? false
    if holdsBack { lines.removeLast() }
    // The one look at how cmark-gfm reads the blocks: the block the text ends in. Its lines
    // are the text's own when none was held back and they all end in line feeds.
    let joined =
      holdsBack || text.utf8.contains(UInt8(ascii: "\r")) ? lines.joined(separator: "\n") : text
    let leaf = MarkdownLastLeaf(joined)
    parses += 1
    if let leaf, let fence = leaf.fence, leaf.lines.upperBound >= lines.count - 1 {
      // A backtick fence that opens on the last line waits for that line's end: a backtick
      // after it on the line would make it text. Inside code nothing else is a marker, but a
      // last line of spaces may be a closing fence's indent.
      if fence == "`" && leaf.lines.lowerBound == lines.count
        || leaf.lines.lowerBound < lines.count
          && lines[lines.count - 1].allSatisfy({ $0 == " " || $0 == "\t" })
      {
        lines.removeLast()
      }
      return lines.joined(separator: "\n")
    }
    let header = tableHeader(in: lines, endingIn: leaf)
    if let header { lines.removeSubrange(header...) }
    guard !lines.isEmpty else { return "" }
    let whole = header == nil ? joined : lines.joined(separator: "\n")
    guard let leaf, let start = openBlockStart(in: lines, leaf: leaf),
      header.map({ $0 > start }) ?? true
    else { return whole }
    let block = lines[start...].joined(separator: "\n")
    let closed = closeInlines(block)
    // Most pieces close nothing and hold nothing back.
    if closed.utf8.elementsEqual(block.utf8) { return whole }
    // Closers that make a line a fence or a rule (`` then two more backticks, ** then one
    // more star), or markers or a word held back that leave one, or that leave a line that
    // opens a block (`- - - www.`; `#*[` and `#_` held back to `#`, an empty heading; `*_` to
    // `*`, an empty item), would change the blocks: the text is left open instead.
    let closedLines = closed.split(separator: "\n", omittingEmptySubsequences: false)
    if zip(lines[start...], closedLines).contains(where: {
      isAFence(String($1)) && !isAFence($0) || isARule(String($1)) && !isARule($0)
        || startsABlock(String($1)) && !startsABlock($0)
    }) {
      return whole
    }
    return (lines[..<start] + [closed]).joined(separator: "\n")
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
    let trimmed = line.trimmingScalars { $0 == " " || $0 == "\t" }
    guard !trimmed.isEmpty else { return false }
    if trimmed.allSatisfy({ "-*+=_#>`~|:".contains($0) || $0 == " " }) { return true }
    // "1", "12.", "3)": an ordered list's number.
    let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
    let rest = trimmed.dropFirst(digits.count)
    return !digits.isEmpty && digits.count <= 9 && (rest.isEmpty || rest == "." || rest == ")")
      || trimmed.hasPrefix("- [") && trimmed.count <= 5
      || trimmed.hasPrefix("* [")
        && trimmed.count <= 5
  }

  /// Whether `line` opens a heading, a list item or a quote by its marker: `#` to `######`,
  /// `-`, `+`, `*` or a number and `.` or `)`, each followed by a space, a tab or the line's
  /// end; or `>`; after at most three spaces.
  private static func startsABlock(_ line: String) -> Bool {
    let indent = line.prefix { $0 == " " }.count
    guard indent <= 3 else { return false }
    let rest = line.dropFirst(indent)
    guard let first = rest.first else { return false }
    if first == ">" { return true }
    let marker: Substring
    if first == "#" {
      marker = rest.prefix { $0 == "#" }
      guard marker.count <= 6 else { return false }
    } else if "-+*".contains(first) {
      marker = rest.prefix(1)
    } else {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      let delimiter = rest.dropFirst(digits.count).first
      guard (1...9).contains(digits.count), delimiter == "." || delimiter == ")" else {
        return false
      }
      marker = rest.prefix(digits.count + 1)
    }
    let after = rest.dropFirst(marker.count).first
    return after == nil || after == " " || after == "\t"
  }

  /// A thematic break (three or more stars, dashes or underscores, all alike, among spaces)
  /// or a setext heading's underline (`=` or `-` only).
  private static func isARule(_ line: String) -> Bool {
    guard let first = firstMark(of: line), "*-_=".utf8.contains(first) else { return false }
    let trimmed = line.trimmingScalars { $0 == " " || $0 == "\t" }
    if let first = trimmed.first, first == "=" || first == "-",
      trimmed.allSatisfy({ $0 == first })
    {
      return true
    }
    let marks = line.filter { $0 != " " && $0 != "\t" }
    guard let first = marks.first, "*-_".contains(first) else { return false }
    return marks.count >= 3 && marks.allSatisfy { $0 == first }
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

  // MARK: Inline markers

  /// `text`, one block's, with its open code span, emphasis, strikethrough and link closed
  /// in the order they opened, and a marker at its very end (nothing after it yet) dropped.
  /// Read byte by byte when every byte is a character (ASCII, as a stream mostly is: the
  /// block's lines end in line feeds alone), which costs no grapheme breaking; else by
  /// characters, alike.
  static func closeInlines(_ text: String) -> String {
    text.utf8.allSatisfy { $0 < 0x80 }
      ? closeInlines(Array(text.utf8)) : closeInlines(Array(text))
  }

  /// `characters` with their open inline markers closed, as ``closeInlines(_:)-(String)``
  /// says.
  static func closeInlines<Unit: InlineUnit>(_ characters: [Unit]) -> String {
    var characters = characters
    var open = OpenMarkers()
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == .backslash {
        // An escape: the next character is itself. One at the very end is held back, as
        // it will not show.
        if index == characters.count - 1 { characters.removeLast() }
        index += 2
        continue
      }
      let run = characters[index...].prefix { $0 == character }.count
      if character == .backtick {
        // A code span: up to a run of as many backticks; nothing inside it is a marker.
        var end = index + run
        var closed = false
        while end < characters.count {
          let closing = characters[end...].prefix { $0 == .backtick }.count
          if closing == run {
            closed = true
            break
          }
          end += max(closing, 1)
        }
        if !closed {
          open.push(String(repeating: "`", count: run), at: index)
          index = characters.count
          continue
        }
        index = end + run
        continue
      } else if character == .star || character == .underscore || character == .tilde {
        let before = index > 0 ? characters[index - 1] : .space
        let after = index + run < characters.count ? characters[index + run] : .space
        let isUnderscore = character == .underscore
        let canOpen = !after.isWhitespace && (!isUnderscore || !before.isLetterOrDigit)
        let canClose = !before.isWhitespace && (!isUnderscore || !after.isLetterOrDigit)
        let marker = Unit.string(repeatElement(character, count: run))
        let closed = canClose && open.close(marker)
        if !closed, index + run == characters.count {
          // A run with nothing after it yet, which closes nothing whole: the start of a
          // marker, or half of a closing one. Held back until the next characters say.
          characters.removeSubrange(index...)
        } else if !closed, canOpen, character != .tilde || run == 2 {
          open.push(marker, at: index)
        }
      } else if character == .openingBracket {
        open.push("[", at: index)
      } else if character == .closingBracket, open.close("[") {
        // "[text]" then "(" and an address on its way: close the address.
        if index + 1 < characters.count, characters[index + 1] == .openingParenthesis,
          !characters[(index + 1)...].contains(.closingParenthesis)
        {
          return Unit.string(characters) + ")" + closers(for: open)
        }
        if index + 1 == characters.count {
          return Unit.string(characters) + "(#)" + closers(for: open)
        }
      }
      index += run
    }
    // A last word that may yet be a bare address (`www.`, `https://`) is held back until it
    // ends: GitHub's autolinks make it a link only once its domain is whole.
    let word = characters.reversed().prefix { !$0.isWhitespace }.count
    if word > 0 {
      let last = Unit.string(characters.suffix(word)).lowercased()
      if ["www.", "http://", "https://"].contains(where: {
        $0.hasPrefix(last) || last.hasPrefix($0)
      }) {
        characters.removeLast(word)
      }
    }
    // A marker with nothing but spaces and line ends after it yet is held back (one held
    // back with a word is gone): closed there, it would hold nothing (a backtick then its
    // closer is a run of two, which shows as itself).
    var tail = characters.reversed().prefix { $0.isWhitespace }.count
    while let last = open.last, last.at + last.marker.count >= characters.count - tail {
      let end = characters.count - tail
      if last.at < end { characters.removeSubrange(last.at..<end) }
      open.removeLast()
      tail = characters.reversed().prefix { $0.isWhitespace }.count
    }
    // The closers go before the spaces and line feeds the text ends in: a closing marker
    // after a space closes nothing.
    let body = Unit.string(characters.dropLast(tail))
    return body + closers(for: open) + Unit.string(characters.suffix(tail))
  }

  /// The closing markers for `open`, the last opened first; an open `[` closes as a link.
  private static func closers(for open: OpenMarkers) -> String {
    open.all.reversed().map { $0.marker == "[" ? "](#)" : $0.marker }.joined()
  }
}

/// The markers open so far, in the order they opened, with each kind's latest found at once:
/// closing one closes those opened after it (as CommonMark's delimiter stack does), each
/// marker pushed and removed once, so a block of any length is read in linear time.
private struct OpenMarkers {
  private(set) var all: [(marker: String, at: Int)] = []
  private var positions: [String: [Int]] = [:]

  var last: (marker: String, at: Int)? { all.last }

  mutating func push(_ marker: String, at index: Int) {
    positions[marker, default: []].append(all.count)
    all.append((marker, index))
  }

  /// Closes the latest `marker` and every marker opened after it; false when none is open.
  mutating func close(_ marker: String) -> Bool {
    guard let top = positions[marker]?.last else { return false }
    while all.count > top { removeLast() }
    return true
  }

  mutating func removeLast() {
    guard let last = all.popLast() else { return }
    positions[last.marker]?.removeLast()
  }
}

/// What ``MarkdownCompletion/closeInlines(_:)-(String)`` reads a block as: its characters,
/// or the bytes of an ASCII one, each of which is a character. The markers are ASCII.
protocol InlineUnit: Equatable {
  init(ascii: UInt8)
  var isWhitespace: Bool { get }
  var isLetterOrDigit: Bool { get }
  /// `units` as text.
  static func string<Units: Collection<Self>>(_ units: Units) -> String
}

extension InlineUnit {
  static var backslash: Self { Self(ascii: UInt8(ascii: "\\")) }
  static var backtick: Self { Self(ascii: UInt8(ascii: "`")) }
  static var star: Self { Self(ascii: UInt8(ascii: "*")) }
  static var underscore: Self { Self(ascii: UInt8(ascii: "_")) }
  static var tilde: Self { Self(ascii: UInt8(ascii: "~")) }
  static var openingBracket: Self { Self(ascii: UInt8(ascii: "[")) }
  static var closingBracket: Self { Self(ascii: UInt8(ascii: "]")) }
  static var openingParenthesis: Self { Self(ascii: UInt8(ascii: "(")) }
  static var closingParenthesis: Self { Self(ascii: UInt8(ascii: ")")) }
  static var space: Self { Self(ascii: UInt8(ascii: " ")) }
}

extension Character: InlineUnit {
  init(ascii: UInt8) { self.init(Unicode.Scalar(ascii)) }
  var isLetterOrDigit: Bool { isLetter || isNumber }
  static func string<Units: Collection<Character>>(_ units: Units) -> String { String(units) }
}

/// An ASCII byte, classed as its character is.
extension UInt8: InlineUnit {
  init(ascii: UInt8) { self = ascii }
  /// A tab, a line feed, a vertical tab, a form feed, a carriage return or a space.
  var isWhitespace: Bool { (9...13).contains(self) || self == 32 }
  var isLetterOrDigit: Bool {
    (48...57).contains(self) || (65...90).contains(self) || (97...122).contains(self)
  }
  static func string<Units: Collection<UInt8>>(_ units: Units) -> String {
    String(decoding: units, as: UTF8.self)
  }
}
