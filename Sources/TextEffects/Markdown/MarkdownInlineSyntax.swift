// Sections: Links, Entities

/// What the inline scan (`MarkdownInlineScan`) reads by the characters alone, as the CommonMark
/// spec writes it: an inline link's destination and title, a reference's label, an entity.
/// Each says whether it is whole, still being written up to the text's end, or not one.
struct MarkdownInlineSyntax<Unit: InlineUnit> {
  let units: [Unit]

  // MARK: Links

  enum Reading {
    /// A destination and title, then `)`: reading goes on at the index after it.
    case end(Int)
    /// Well formed so far, up to the text's end.
    case unfinished
  }

  /// An inline link's destination and title from `start` (just after its `(`), as the spec
  /// reads them: nil when they are not one.
  func linkDestination(from start: Int) -> Reading? {
    var index = skipSpaces(from: start)
    guard index < units.count else { return .unfinished }
    if units[index].ascii == UInt8(ascii: "<") {
      index += 1
      while index < units.count, units[index].ascii != UInt8(ascii: ">") {
        let byte = units[index].ascii
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "<") { return nil }
        index += byte == UInt8(ascii: "\\") ? 2 : 1
      }
      guard index < units.count else { return .unfinished }
      index += 1
    } else {
      var depth = 0
      let destination = index
      while index < units.count {
        let byte = units[index].ascii
        if byte == UInt8(ascii: "\\"), index + 1 < units.count,
          units[index + 1].ascii.map(isASCIIPunctuation) == true
        {
          index += 2
        } else if byte == UInt8(ascii: "(") {
          depth += 1
          guard depth <= 32 else { return nil }
          index += 1
        } else if byte == UInt8(ascii: ")") {
          guard depth > 0 else { break }
          depth -= 1
          index += 1
        } else if byte.map(isASCIISpace) == true {
          guard index > destination else { return nil }
          break
        } else {
          index += 1
        }
      }
      guard index < units.count else { return .unfinished }
    }
    let titleStart = skipSpaces(from: index)
    guard titleStart < units.count else { return .unfinished }
    var titleEnd = titleStart
    if titleStart > index, let quote = units[titleStart].ascii,
      quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") || quote == UInt8(ascii: "(")
    {
      let closing = quote == UInt8(ascii: "(") ? UInt8(ascii: ")") : quote
      var scan = titleStart + 1
      while scan < units.count, units[scan].ascii != closing {
        if quote == UInt8(ascii: "("), units[scan].ascii == UInt8(ascii: "(") { return nil }
        scan += units[scan].ascii == UInt8(ascii: "\\") ? 2 : 1
      }
      guard scan < units.count else { return .unfinished }
      titleEnd = scan + 1
    }
    let close = skipSpaces(from: titleEnd)
    guard close < units.count else { return .unfinished }
    return units[close] == .closingParenthesis ? .end(close + 1) : nil
  }

  /// The first index from `start` that is not a space, a tab or a line end.
  private func skipSpaces(from start: Int) -> Int {
    var index = start
    while index < units.count, units[index].ascii.map(isASCIISpace) == true { index += 1 }
    return index
  }

  /// A reference's label from `start` (just after its `[`): no unescaped `[`, at most 999
  /// characters, then `]`.
  func referenceLabel(from start: Int) -> Reading? {
    var index = start
    while index < units.count {
      let byte = units[index].ascii
      if byte == UInt8(ascii: "]") { return .end(index + 1) }
      if byte == UInt8(ascii: "[") || index - start > 999 { return nil }
      index += byte == UInt8(ascii: "\\") ? 2 : 1
    }
    return .unfinished
  }

  // MARK: Entities

  /// How long the entity at `index` (an `&`) is: `&` and a name, a decimal number or a
  /// hexadecimal one, then `;`; nil when there is none.
  func entityLength(at index: Int) -> Int? {
    var scan = index + 1
    let limit = min(units.count, index + 34)
    func run(_ accepts: (UInt8) -> Bool, atMost: Int) -> Int {
      let start = scan
      while scan < limit, scan - start < atMost, let byte = units[scan].ascii, accepts(byte) {
        scan += 1
      }
      return scan - start
    }
    if scan < limit, units[scan].ascii == UInt8(ascii: "#") {
      scan += 1
      if scan < limit, let x = units[scan].ascii, x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
        scan += 1
        guard run(isASCIIHexDigit, atMost: 6) > 0 else { return nil }
      } else {
        guard run(isASCIIDigit, atMost: 7) > 0 else { return nil }
      }
    } else {
      guard scan < limit, units[scan].ascii.map(isASCIILetter) == true,
        run({ isASCIILetter($0) || isASCIIDigit($0) }, atMost: 32) > 1
      else { return nil }
    }
    guard scan < units.count, units[scan].ascii == UInt8(ascii: ";") else { return nil }
    return scan + 1 - index
  }

  /// Whether the text from `index` (an `&`) to its end may yet be an entity: `&`, `&#`,
  /// `&#x`, then letters or digits.
  func isEntityPrefix(from index: Int) -> Bool {
    let rest = units[(index + 1)...].map { $0.ascii ?? 0 }
    guard rest.count <= 32 else { return false }
    if rest.first == UInt8(ascii: "#") {
      let digits = rest.dropFirst()
      if let x = digits.first, x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
        return digits.count <= 7 && digits.dropFirst().allSatisfy(isASCIIHexDigit)
      }
      return digits.count <= 7 && digits.allSatisfy(isASCIIDigit)
    }
    return rest.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) }
  }
}
