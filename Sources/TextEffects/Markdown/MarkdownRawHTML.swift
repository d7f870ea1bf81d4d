/// An autolink or raw HTML read from just after its `<`, as the spec's grammar has them.
struct MarkdownRawHTML<Unit: InlineUnit> {
  enum Reading {
    /// Whole: reading goes on at the index after its `>`.
    case end(Int)
    /// Well formed up to the text's end.
    case unfinished
  }

  let units: [Unit]
  let start: Int

  init(_ units: [Unit], from start: Int) {
    self.units = units
    self.start = start
  }

  /// The unit at `index` as a byte: beyond ASCII, or a NUL (which cmark-gfm reads as
  /// U+FFFD), 0x80, which no rule here names.
  private func byte(_ index: Int) -> UInt8? {
    guard index < units.count else { return nil }
    let byte = units[index].ascii ?? 0x80
    return byte == 0 ? 0x80 : byte
  }

  /// Whether what it reads whole is an autolink, which shows without its angle brackets.
  var isAutolink: Bool {
    for reading in [autolink(), email()] {
      if case .end = reading { return true }
    }
    return false
  }

  func read() -> Reading? {
    guard byte(start) != nil else { return .unfinished }
    let readings = [autolink(), email(), tag()]
    if let whole = readings.compactMap({ reading -> Int? in
      if case .end(let end) = reading { return end }
      return nil
    }).first {
      return .end(whole)
    }
    let unfinished = readings.contains {
      if case .unfinished = $0 { return true }
      return false
    }
    return unfinished ? .unfinished : nil
  }

  /// `scheme:` then no space, `<` or `>`, then `>`.
  private func autolink() -> Reading? {
    var index = start
    guard let first = byte(index) else { return .unfinished }
    guard isASCIILetter(first) else { return nil }
    index += 1
    while let next = byte(index),
      isASCIILetter(next) || isASCIIDigit(next) || "+.-".utf8.contains(next)
    {
      index += 1
    }
    guard let colon = byte(index) else { return index - start <= 32 ? .unfinished : nil }
    guard colon == UInt8(ascii: ":"), (2...32).contains(index - start) else { return nil }
    index += 1
    while let next = byte(index) {
      if next == UInt8(ascii: ">") { return .end(index + 1) }
      guard next > 0x20, next != UInt8(ascii: "<") else { return nil }
      index += 1
    }
    return .unfinished
  }

  /// An address's local part, `@`, and its domain's labels, then `>`.
  private func email() -> Reading? {
    var index = start
    let local = Array("!#$%&'*+/=?^_`{|}~-.".utf8)
    while let next = byte(index), isASCIILetter(next) || isASCIIDigit(next) || local.contains(next)
    {
      index += 1
    }
    guard let at = byte(index) else { return index > start ? .unfinished : nil }
    guard at == UInt8(ascii: "@"), index > start else { return nil }
    index += 1
    var label = 0
    while let next = byte(index) {
      if isASCIILetter(next) || isASCIIDigit(next) || next == UInt8(ascii: "-") && label > 0 {
        label += 1
        guard label <= 63 else { return nil }
      } else if next == UInt8(ascii: "."), label > 0, byte(index - 1) != UInt8(ascii: "-") {
        label = 0
      } else if next == UInt8(ascii: ">"), label > 0, byte(index - 1) != UInt8(ascii: "-") {
        return .end(index + 1)
      } else {
        return nil
      }
      index += 1
    }
    return .unfinished
  }

  /// An open or closing tag, a comment, a processing instruction, a declaration or CDATA.
  private func tag() -> Reading? {
    guard let first = byte(start) else { return .unfinished }
    if isASCIILetter(first) { return openTag(from: start) }
    if first == UInt8(ascii: "/") { return closingTag() }
    if first == UInt8(ascii: "?") { return through("?>", from: start + 1) }
    guard first == UInt8(ascii: "!") else { return nil }
    if prefix("!--") { return comment() }
    if prefix("![CDATA[") { return through("]]>", from: start + 8) }
    guard let kind = byte(start + 1) else { return .unfinished }
    if kind == UInt8(ascii: "-") { return byte(start + 2) == nil ? .unfinished : nil }
    if kind == UInt8(ascii: "[") {
      let written = units[start...].prefix(8).map { $0.ascii ?? 0 }
      return Array("![CDATA[".utf8).starts(with: written) ? .unfinished : nil
    }
    guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(kind) else { return nil }
    var index = start + 2
    while let next = byte(index), (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(next) {
      index += 1
    }
    guard let space = byte(index) else { return .unfinished }
    guard isASCIISpace(space) else { return nil }
    return through(">", from: index)
  }

  private func prefix(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return start + bytes.count <= units.count
      && zip(units[start...], bytes).allSatisfy { $0.ascii == $1 }
  }

  /// Whole at the first `terminator` from `index`, unfinished without one.
  private func through(_ terminator: String, from index: Int) -> Reading {
    let bytes = Array(terminator.utf8)
    var scan = index
    while scan + bytes.count <= units.count {
      if zip(units[scan...], bytes).allSatisfy({ $0.ascii == $1 }) {
        return .end(scan + bytes.count)
      }
      scan += 1
    }
    return .unfinished
  }

  /// `<!--`, then text that does not start with `>` or `->`, holds no `--` and does not end
  /// with `-`, then `-->` (or `<!---->`).
  private func comment() -> Reading? {
    let text = start + 3
    if prefix("!---->") { return .end(start + 6) }
    guard let first = byte(text) else { return .unfinished }
    if first == UInt8(ascii: ">") { return nil }
    if first == UInt8(ascii: "-") {
      guard let second = byte(text + 1) else { return .unfinished }
      if second == UInt8(ascii: ">") { return nil }
    }
    var index = text
    while let next = byte(index) {
      if next == UInt8(ascii: "-"), let after = byte(index + 1), after == UInt8(ascii: "-") {
        guard index > text else { return nil }
        guard let close = byte(index + 2) else { return .unfinished }
        return close == UInt8(ascii: ">") ? .end(index + 3) : nil
      }
      index += 1
    }
    return .unfinished
  }

  private func closingTag() -> Reading? {
    var index = start + 1
    guard let first = byte(index) else { return .unfinished }
    guard isASCIILetter(first) else { return nil }
    while let next = byte(index), isASCIILetter(next) || isASCIIDigit(next) || next == 0x2D {
      index += 1
    }
    while let next = byte(index), isASCIISpace(next) { index += 1 }
    guard let close = byte(index) else { return .unfinished }
    return close == UInt8(ascii: ">") ? .end(index + 1) : nil
  }

  /// A tag's name, its attributes (each after a space: a name, and perhaps `=` and a value),
  /// spaces, perhaps `/`, and `>`.
  private func openTag(from nameStart: Int) -> Reading? {
    var index = nameStart
    while let next = byte(index), isASCIILetter(next) || isASCIIDigit(next) || next == 0x2D {
      index += 1
    }
    while true {
      let spaced = index
      while let next = byte(index), isASCIISpace(next) { index += 1 }
      guard let next = byte(index) else { return .unfinished }
      if next == UInt8(ascii: ">") { return .end(index + 1) }
      if next == UInt8(ascii: "/") {
        guard let close = byte(index + 1) else { return .unfinished }
        return close == UInt8(ascii: ">") ? .end(index + 2) : nil
      }
      guard index > spaced, isASCIILetter(next) || next == 0x5F || next == 0x3A else {
        return nil
      }
      while let name = byte(index),
        isASCIILetter(name) || isASCIIDigit(name) || ":._-".utf8.contains(name)
      {
        index += 1
      }
      var value = index
      while let space = byte(value), isASCIISpace(space) { value += 1 }
      guard let equals = byte(value) else { return .unfinished }
      guard equals == UInt8(ascii: "=") else { continue }
      value += 1
      while let space = byte(value), isASCIISpace(space) { value += 1 }
      guard let quote = byte(value) else { return .unfinished }
      if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
        value += 1
        while let inside = byte(value), inside != quote { value += 1 }
        guard byte(value) != nil else { return .unfinished }
        index = value + 1
      } else {
        let start = value
        while let unquoted = byte(value), !isASCIISpace(unquoted),
          !"\"'=<>`".utf8.contains(unquoted)
        {
          value += 1
        }
        guard value > start else { return byte(value) == nil ? .unfinished : nil }
        index = value
      }
    }
  }
}
