// Sections: The definitions in a text, Reading one

/// Link reference definitions (`[label]: destination "title"`), read as the CommonMark spec
/// writes them, for a stream: whether a paragraph may still be writing one, which shows
/// nothing once it is one; and the definitions a settled part of an answer holds, which the
/// blocks after it may use. cmark-gfm resolves references over the whole document but keeps
/// its definitions to itself, and a stream reads its answer a block at a time.
package enum MarkdownDefinitions {
  // MARK: The definitions in a text

  /// Whether `text`, a paragraph's lines so far, may still be one or more definitions: a
  /// label, its colon, a destination, a title, each perhaps not yet whole.
  static func mayBeWriting(_ text: String) -> Bool {
    var reader = Reader(Array(text.utf8))
    var read = 0
    while true {
      switch reader.definition() {
      case .unfinished: return true
      case .none: return false
      case .whole:
        read += 1
        if reader.isAtEnd { return read > 0 }
      }
    }
  }

  /// A label as references match it: its letters folded to one case, its runs of
  /// whitespace one space, none at its ends.
  static func label(_ text: String) -> String {
    text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// The definitions `text` (an answer's settled blocks, as written) holds, each on lines of
  /// its own, ready to stand before the blocks that may use them, and their labels; empty
  /// when it holds none. Not in text that shows code (where `[x]: y` is the code's own).
  static func held(in text: Substring, showing blocks: [MarkdownBlock])
    -> (text: String, labels: Set<String>)
  {
    guard !blocks.contains(where: { if case .code = $0.kind { true } else { false } }) else {
      return ("", [])
    }
    var found: [UInt8] = []
    var labels: Set<String> = []
    for definition in definitions(in: text) {
      labels.insert(definition.label)
      found += text.utf8.dropFirst(definition.bytes.lowerBound).prefix(definition.bytes.count)
        .filter { $0 != UInt8(ascii: "\r") }
      if found.last != UInt8(ascii: "\n") { found.append(UInt8(ascii: "\n")) }
    }
    return (String(decoding: found, as: UTF8.self), labels)
  }

  /// Where in `text` (in UTF-8 bytes) each definition is, from its `[` to its line's end, and
  /// its label, normalized. Only lines that begin a definition at the top level or in quotes
  /// are looked at.
  package static func definitions(in text: Substring) -> [(bytes: Range<Int>, label: String)] {
    guard text.utf8.contains(UInt8(ascii: ":")) else { return [] }
    let bytes = Array(text.utf8)
    var found: [(bytes: Range<Int>, label: String)] = []
    var lineStart = 0
    while lineStart < bytes.count {
      // Past quotes' markers and up to three spaces.
      var start = lineStart
      while start < bytes.count, bytes[start] == UInt8(ascii: ">") || bytes[start] == 0x20 {
        start += 1
      }
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      if start < bytes.count, bytes[start] == UInt8(ascii: "[") {
        var reader = Reader(Array(bytes[start...]), isWhole: true)
        if case .whole = reader.definition() {
          let end = start + reader.position
          found.append((start..<end, label(String(decoding: reader.label, as: UTF8.self))))
          lineStart = end
          continue
        }
      }
      lineStart = lineEnd + 1
    }
    return found
  }
}

// MARK: Reading one

/// Reads definitions from bytes, one after another.
private struct Reader {
  enum Reading {
    /// A definition, and the line it ends.
    case whole
    /// Well formed up to the text's end.
    case unfinished
  }

  let bytes: [UInt8]
  /// Whether the text ends where it is meant to: a destination at its end is whole, a title
  /// left open is no title.
  let isWhole: Bool
  private(set) var position = 0
  /// The last definition's label, as written.
  private(set) var labelRange = 0..<0

  var label: ArraySlice<UInt8> { bytes[labelRange] }

  /// Reads `bytes`, a NUL among them read as cmark-gfm reads it, as U+FFFD: a byte that is
  /// no space, control or marker (0x80, which decodes to U+FFFD in a label).
  init(_ bytes: [UInt8], isWhole: Bool = false) {
    self.bytes = bytes.map { $0 == 0 ? 0x80 : $0 }
    self.isWhole = isWhole
  }

  var isAtEnd: Bool { position >= bytes.count }

  private func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// Spaces and tabs, then at most one line end and the spaces and tabs after it; nil where
  /// a blank line comes.
  private mutating func skipWhitespace() -> (sawLineEnd: Bool, blank: Bool) {
    while let next = byte(position), isSpaceOrTab(next) { position += 1 }
    guard let next = byte(position), next == 0x0A || next == 0x0D else { return (false, false) }
    position += next == 0x0D && byte(position + 1) == 0x0A ? 2 : 1
    while let next = byte(position), isSpaceOrTab(next) { position += 1 }
    let blank = byte(position) == 0x0A || byte(position) == 0x0D
    return (true, blank)
  }

  /// The definition from `position`: up to three spaces, `[label]:`, whitespace, a
  /// destination, and an optional title after whitespace, then the line's end.
  mutating func definition() -> Reading? {
    var indent = 0
    while byte(position) == 0x20, indent < 3 {
      position += 1
      indent += 1
    }
    guard let open = byte(position) else { return .unfinished }
    guard open == UInt8(ascii: "[") else { return nil }
    position += 1
    // The label: no unescaped bracket, something but whitespace, at most 999 characters.
    let labelStart = position
    var hasText = false
    while true {
      guard let next = byte(position) else { return .unfinished }
      if next == UInt8(ascii: "]") { break }
      if next == UInt8(ascii: "[") { return nil }
      if next == 0x0A || next == 0x0D {
        guard !skipWhitespace().blank else { return nil }
        continue
      }
      if next == UInt8(ascii: "\\"), byte(position + 1) != nil { position += 1 }
      if !isSpaceOrTab(next) { hasText = true }
      position += 1
      guard position - labelStart <= 999 else { return nil }
    }
    guard hasText else { return nil }
    labelRange = labelStart..<position
    position += 1
    guard let colon = byte(position) else { return .unfinished }
    guard colon == UInt8(ascii: ":") else { return nil }
    // `[^note]:` starts a footnote (`MarkdownFootnotes`), not a link's definition.
    if bytes[labelRange].first == UInt8(ascii: "^"), labelRange.count > 1,
      !bytes[labelRange].contains(where: { [0x20, 0x09, 0x0A, 0x0D].contains($0) })
    {
      return nil
    }
    position += 1
    guard !skipWhitespace().blank else { return nil }
    guard byte(position) != nil else { return .unfinished }
    switch destination() {
    case .unfinished: return .unfinished
    case nil: return nil
    case .whole: break
    }
    // After the destination: the line's end (a title may follow on the next line), or
    // whitespace and a title.
    let afterDestination = position
    while let next = byte(position), isSpaceOrTab(next) { position += 1 }
    guard let next = byte(position) else { return isWhole ? .whole : .unfinished }
    if next == 0x0A || next == 0x0D {
      position += next == 0x0D && byte(position + 1) == 0x0A ? 2 : 1
      let lineStart = position
      while let space = byte(position), isSpaceOrTab(space) { position += 1 }
      guard let opener = byte(position) else {
        // Whole, though a title may yet come on the next line.
        position = lineStart
        return .whole
      }
      if "\"'(".utf8.contains(opener) {
        switch title() {
        case .unfinished where !isWhole: return .unfinished
        case .whole?: return .whole
        case .unfinished, nil: break
        }
      }
      // No title: the definition ends at its destination's line.
      position = lineStart
      return .whole
    }
    guard position > afterDestination, "\"'(".utf8.contains(next) else { return nil }
    let read = title()
    return isWhole && read == .unfinished ? nil : read
  }

  /// `<...>` without line ends or unescaped `<`, or a run without spaces or controls whose
  /// parentheses balance.
  private mutating func destination() -> Reading? {
    if byte(position) == UInt8(ascii: "<") {
      position += 1
      while let next = byte(position) {
        if next == UInt8(ascii: ">") {
          position += 1
          return .whole
        }
        if next == 0x0A || next == 0x0D || next == UInt8(ascii: "<") { return nil }
        position += next == UInt8(ascii: "\\") ? 2 : 1
      }
      return .unfinished
    }
    let start = position
    var depth = 0
    while let next = byte(position), next > 0x20, next != 0x7F {
      if next == UInt8(ascii: "\\"), byte(position + 1) != nil {
        position += 2
        continue
      }
      if next == UInt8(ascii: "(") { depth += 1 }
      if next == UInt8(ascii: ")") {
        guard depth > 0 else { break }
        depth -= 1
      }
      guard depth <= 32 else { return nil }
      position += 1
    }
    guard position > start else { return nil }
    return byte(position) == nil && !isWhole ? .unfinished : .whole
  }

  /// A title in quotes or parentheses (no blank line in it), then spaces to the line's end.
  private mutating func title() -> Reading? {
    guard let opener = byte(position) else { return .unfinished }
    let closer = opener == UInt8(ascii: "(") ? UInt8(ascii: ")") : opener
    position += 1
    while true {
      guard let next = byte(position) else { return .unfinished }
      if next == closer { break }
      if opener == UInt8(ascii: "("), next == opener { return nil }
      if next == 0x0A || next == 0x0D {
        guard !skipWhitespace().blank else { return nil }
        continue
      }
      position += next == UInt8(ascii: "\\") ? 2 : 1
    }
    position += 1
    while let next = byte(position), isSpaceOrTab(next) { position += 1 }
    guard let end = byte(position) else { return .unfinished }
    guard end == 0x0A || end == 0x0D else { return nil }
    position += end == 0x0D && byte(position + 1) == 0x0A ? 2 : 1
    return .whole
  }
}
