import TextEffects

/// A label's text as AT-SPI2's Text interface counts it: in Unicode scalars (ATK's
/// "characters"), with the segments a reader moves by.
struct AtspiText {
  private let string: String
  private let scalars: [Unicode.Scalar]

  init(_ text: String) {
    string = text
    scalars = Array(text.unicodeScalars)
  }

  var count: Int { scalars.count }

  /// The scalars from `start` to `end`; an `end` of -1, or past the end, is the end.
  func text(from start: Int32, to end: Int32) -> String {
    let lower = min(max(Int(start), 0), count)
    let upper = end < 0 ? count : min(max(Int(end), lower), count)
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[lower..<upper])
    return text
  }

  /// The scalar at `offset` as a number, 0 past the ends.
  func character(at offset: Int32) -> Int32 {
    guard offset >= 0, Int(offset) < count else { return 0 }
    return Int32(scalars[Int(offset)].value)
  }

  /// How a reader moves: `GetTextAtOffset`'s boundary types (0 a character, 1–2 words, 3–4
  /// sentences, 5–6 lines) and `GetStringAtOffset`'s granularities (0 a character, 1 a word,
  /// 2 a sentence, 3 a line, 4 a paragraph).
  enum Unit {
    case character, word, line

    init(boundary: UInt32) {
      self = boundary == 0 ? .character : boundary <= 2 ? .word : .line
    }

    init(granularity: UInt32) {
      self = granularity == 0 ? .character : granularity == 1 ? .word : .line
    }
  }

  /// The segment of `unit` around `offset`, with its start and end: a word as ICU's word
  /// boundaries cut it (with the spaces before it, which `TextBoundaries.words` gives each
  /// word), a line to its line break. A sentence is read as its line (the texts shown are a
  /// line or a paragraph each).
  func segment(_ unit: Unit, at offset: Int32) -> (text: String, start: Int32, end: Int32) {
    guard count > 0 else { return ("", 0, 0) }
    let at = min(max(Int(offset), 0), count - 1)
    var start = at
    var end = at + 1
    switch unit {
    case .character: break
    case .word:
      start = 0
      for word in TextBoundaries.words(of: string) {
        end = start + word.unicodeScalars.count
        if end > at { break }
        start = end
      }
    case .line:
      while start > 0, scalars[start - 1] != "\n" { start -= 1 }
      while end < count, scalars[end - 1] != "\n" { end += 1 }
    }
    return (text(from: Int32(start), to: Int32(end)), Int32(start), Int32(end))
  }
}
