/// How much of a text a scene shows: the size policy that keeps every frame's work bounded
/// whatever a person pastes, pipes or points a kiosk at.
///
/// A scene shows at most `characterLimit` characters of a text. That fills a full-HD window
/// at the smallest zoom (the 600-point column at 0.3 holds about 60,000) and takes the
/// typewriter 55 minutes to type at its default speed, yet it keeps a layout to tens of
/// milliseconds and a few megabytes. A longer text shows its beginning and ends
/// in `truncationMark`, so the cut is visible rather than silent.
///
/// A character (grapheme cluster) keeps at most `scalarsPerCharacter` code points. Unicode's
/// Stream-Safe Text Format (UAX #15) allows 30 combining marks in a row, and no real writing
/// stacks more; past that a cluster is only a way to make shaping cost the square of its length
/// (200,000 accents on nothing are one character).
package enum DisplayText {
  package static let characterLimit = 65_536
  package static let scalarsPerCharacter = 32
  package static let truncationMark: Character = "\u{2026}"
  /// "65,536", as messages print it.
  package static let characterLimitName: String = {
    let digits = Array(String(characterLimit))
    return String(
      digits.enumerated().flatMap { index, digit in
        index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
      })
  }()

  /// The largest text the program takes in from an option, a file or a kiosk's content, in
  /// bytes; standard input keeps its most recent text instead.
  package static let inputByteLimit = 16 << 20

  /// Text that keeps arriving (standard input, a kiosk item's command) and has not been taken
  /// yet, kept to its most recent half of `inputByteLimit` once it passes it: a stream faster
  /// than the window takes it (a gigabyte piped at once) is never stopped and never fills
  /// memory.
  package static func keepNewest(_ text: inout String) {
    guard text.utf8.count > inputByteLimit else { return }
    let start = text.utf8.index(text.utf8.endIndex, offsetBy: -inputByteLimit / 2)
    text = String(text[start...])
  }

  /// `text` as a scene shows it, and whether anything was left out.
  ///
  /// It costs the length of what is kept, not of `text`: a 16 MB text is cut after reading its
  /// first 65,536 characters.
  package static func bounded(_ text: String) -> (text: String, wasCut: Bool) {
    let kept = prefix(of: text, characters: characterLimit)
    return (kept.wasCut ? kept.text + String(truncationMark) : kept.text, kept.wasCut)
  }

  /// Entries shown one after another (the typewriter's lines): as many as fit in the limit
  /// together, the last of them cut if need be and ending in the mark.
  package static func bounded(_ entries: [String]) -> (entries: [String], wasCut: Bool) {
    var kept: [String] = []
    var budget = characterLimit
    for entry in entries {
      guard budget > 0 else { break }
      let piece = prefix(of: entry, characters: budget)
      guard !piece.wasCut else {
        kept.append(piece.text + String(truncationMark))
        return (kept, true)
      }
      kept.append(piece.text)
      budget -= piece.count
    }
    return (kept, kept.count < entries.count)
  }

  /// Up to `limit` characters of `text`, each cut to `scalarsPerCharacter`; how many they are,
  /// and whether characters were left out.
  static func prefix(of text: String, characters limit: Int) -> (
    text: String, count: Int, wasCut: Bool
  ) {
    // Short ASCII, the usual case, is counted without walking grapheme boundaries: its only
    // cluster of two scalars is CR LF.
    if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 < 0x80 }) {
      let crlf = zip(text.utf8, text.utf8.dropFirst()).count { $0 == 0x0D && $1 == 0x0A }
      return (text, text.utf8.count - crlf, false)
    }
    var kept = ""
    var count = 0
    var index = text.startIndex
    var copiedUpTo = index
    while index < text.endIndex, count < limit {
      let next = text.index(after: index)
      let scalars = text.unicodeScalars[index..<next]
      if scalars.count > scalarsPerCharacter {
        kept += text[copiedUpTo..<index]
        kept.unicodeScalars.append(contentsOf: scalars.prefix(scalarsPerCharacter))
        copiedUpTo = next
      }
      count += 1
      index = next
    }
    kept += text[copiedUpTo..<index]
    return (kept, count, index < text.endIndex)
  }
}
