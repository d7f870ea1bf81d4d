extension Character {
  /// `isWhitespace`, with ASCII answered without Unicode's property tables: laying out a
  /// megabyte of text asks it millions of times, and Unicode's answer is the slow part.
  var isBlank: Bool {
    if let ascii = asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
    return isWhitespace
  }

  /// `isNewline`, with ASCII answered at once (CR LF counts as LF).
  var isLineBreak: Bool {
    if let ascii = asciiValue { return (0x0A...0x0D).contains(ascii) }
    return isNewline
  }

  var isTab: Bool { self == "\t" }
}
