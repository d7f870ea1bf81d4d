extension Character {
  /// `isWhitespace`, with ASCII answered without Unicode's property tables: laying out a
  /// megabyte of text asks it millions of times, and Unicode's answer is the slow part.
  var isBlank: Bool {
    if let ascii = asciiByte { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
    return isWhitespace
  }

  /// `isNewline`, with ASCII answered at once (CR LF counts as LF).
  var isLineBreak: Bool {
    if let ascii = asciiByte { return (0x0A...0x0D).contains(ascii) }
    return isNewline
  }

  /// A tab, asked of every character laid out: `==` on a Character normalises one that is not
  /// ASCII before comparing.
  var isTab: Bool { asciiByte == 0x09 }

  /// `asciiValue`, without what it costs every other character: it compares the character
  /// with "\r\n" first, and comparing a Character that is not ASCII normalises it (laying out
  /// a long text in Devanagari spent a third of its time there). CR LF is LF, as there.
  var asciiByte: UInt8? {
    var bytes = utf8.makeIterator()
    guard let first = bytes.next(), first < 0x80 else { return nil }
    guard let second = bytes.next() else { return first }
    return first == 0x0D && second == 0x0A && bytes.next() == nil ? 0x0A : nil
  }
}
