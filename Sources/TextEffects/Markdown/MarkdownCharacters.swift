// What a character is, as Markdown's readers class it: an ASCII byte, or a Unicode scalar
// beside a marker.

func isASCIILetter(_ byte: UInt8) -> Bool {
  (65...90).contains(byte) || (97...122).contains(byte)
}

func isASCIIDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

func isASCIIHexDigit(_ byte: UInt8) -> Bool {
  isASCIIDigit(byte) || (65...70).contains(byte) || (97...102).contains(byte)
}

/// A space, a tab, a line feed, a vertical tab, a form feed or a carriage return.
func isASCIISpace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }

/// ASCII's punctuation: what a backslash escapes.
func isASCIIPunctuation(_ byte: UInt8) -> Bool {
  (33...47).contains(byte) || (58...64).contains(byte) || (91...96).contains(byte)
    || (123...126).contains(byte)
}

/// A space as cmark-gfm's utf8proc counts one: a tab, a line feed, a form feed, a
/// carriage return, or a space separator.
func isMarkdownSpace(_ scalar: Unicode.Scalar) -> Bool {
  // ASCII at once: a hostile block asks it of every marker's neighbours.
  if scalar.isASCII { return scalar.value == 32 || [9, 10, 12, 13].contains(scalar.value) }
  return scalar.properties.generalCategory == .spaceSeparator
}

/// Punctuation as cmark-gfm counts it: ASCII's, and Unicode's P categories.
func isMarkdownPunctuation(_ scalar: Unicode.Scalar) -> Bool {
  if scalar.isASCII { return isASCIIPunctuation(UInt8(scalar.value)) }
  switch scalar.properties.generalCategory {
  case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
    .initialPunctuation, .finalPunctuation, .otherPunctuation:
    return true
  default: return false
  }
}
