// Sections: The notes a stream has settled, Reading labels

/// GitHub's footnotes for a stream read a part at a time (`MarkdownStream`). cmark-gfm numbers
/// a document's notes in the order they are first referred to, counts only references to a
/// note it has read, and drops a note no one refers to; a stream reads its answer's last part
/// alone, and models write their notes at the end. So each read is preceded by three things
/// that show nothing: a note no one refers to whose text refers to every label so far, in the
/// answer's order (cmark-gfm numbers them first, as it will the whole answer, then drops it),
/// then the text of the notes the settled part holds, then an empty note for each label whose
/// note has not come. A reference shows its number as soon as its bracket closes and keeps it;
/// its note shows at the end, under the rule, as it comes.
///
/// Labels are found in the text as cmark-gfm's footnote grammar writes them (`[^label]`, no
/// space in it), outside fenced code and code spans on one line. One guess can be wrong: a
/// reference to a note that never comes shows its number while the answer streams, and its
/// text once the answer has ended, as GitHub shows it.
struct MarkdownFootnotes: Sendable {
  // MARK: The notes a stream has settled

  /// The labels the settled text refers to, each once as first written, in order.
  private var referred: [String] = []
  private var referredKeys: Set<String> = []
  /// The labels the settled text's notes define (matched as cmark-gfm matches them).
  private var defined: Set<String> = []
  /// The settled notes' text, each on lines of its own.
  private var notes = ""

  /// What to read before `text` (the answer after its settled part, completed), and how many
  /// notes shows: those referred to. Empty when the answer has no footnotes so far.
  func preamble(for text: String) -> (text: String, notesShown: Int) {
    let found = Self.labels(in: text)
    var order = referred
    var keys = referredKeys
    for label in found.references where keys.insert(Self.key(label)).inserted {
      order.append(label)
    }
    let shown = order.count
    // Notes defined and not yet referred to are referred to last, so cmark-gfm keeps them
    // (and their lines) without showing them.
    let definedHere = Set(found.definitions.map(Self.key))
    for label in found.definitions where keys.insert(Self.key(label)).inserted {
      order.append(label)
    }
    for key in defined where !keys.contains(key) { order.append(key) }
    guard !order.isEmpty else { return ("", 0) }
    var preamble = "[^\u{1}order]: " + order.map { "[^\($0)]" }.joined() + "\n\n" + notes
    for label in order.prefix(shown)
    where !defined.contains(Self.key(label)) && !definedHere.contains(Self.key(label)) {
      preamble += "[^\(label)]:\n\n"
    }
    return (preamble, shown)
  }

  /// Takes in `text`, the part of the answer that has settled, whose notes are on `lines`
  /// (counted from 1 in it): its references and its notes, for the reads after it.
  mutating func settle(_ text: Substring, notesOn lines: [ClosedRange<Int>]) {
    let found = Self.labels(in: String(text))
    for label in found.references where referredKeys.insert(Self.key(label)).inserted {
      referred.append(label)
    }
    // Lines as CommonMark ends them, as cmark-gfm counted them.
    let textLines = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
    for range in lines where range.upperBound <= textLines.count {
      defined.formUnion(
        Self.labels(in: String(textLines[range.lowerBound - 1])).definitions.map(Self.key))
      notes += textLines[(range.lowerBound - 1)...(range.upperBound - 1)].joined(separator: "\n")
      notes += "\n\n"
    }
  }

  // MARK: Reading labels

  /// A label as cmark-gfm matches notes to references: case folded.
  private static func key(_ label: String) -> String { MarkdownDefinitions.label(label) }

  /// The labels `text` refers to (`[^label]`) and defines (`[^label]:` starting a line, after
  /// quotes' markers and up to three spaces), in order, outside fenced code and code spans.
  static func labels(in text: String) -> (references: [String], definitions: [String]) {
    var references: [String] = []
    var definitions: [String] = []
    var fence: (mark: UInt8, length: Int)?
    for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      let bytes = Array(line)
      var start = 0
      while start < bytes.count, bytes[start] == 0x20 || bytes[start] == UInt8(ascii: ">") {
        start += 1
      }
      let mark = start < bytes.count ? bytes[start] : 0
      let run = bytes[start...].prefix { $0 == mark }.count
      if mark == UInt8(ascii: "`") || mark == UInt8(ascii: "~"), run >= 3 {
        if let open = fence {
          if open.mark == mark && run >= open.length { fence = nil }
        } else {
          fence = (mark, run)
        }
        continue
      }
      guard fence == nil else { continue }
      var index = start
      var escaped = false
      while index < bytes.count {
        let byte = bytes[index]
        defer { index += 1 }
        if escaped {
          escaped = false
          continue
        }
        if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "`") {
          // A code span: past its closing run of as many backticks, if the line has one.
          let length = bytes[index...].prefix { $0 == byte }.count
          var close = index + length
          while close < bytes.count {
            let closing = bytes[close...].prefix { $0 == byte }.count
            if closing == length { break }
            close += max(closing, 1)
          }
          index = close < bytes.count ? close + length - 1 : index + length - 1
        } else if byte == UInt8(ascii: "["), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "^")
        {
          let label = bytes[(index + 2)...].prefix { ![0x5D, 0x20, 0x09, 0x0D, 0].contains($0) }
          let end = index + 2 + label.count
          guard !label.isEmpty, end < bytes.count, bytes[end] == UInt8(ascii: "]") else { continue }
          let name = String(decoding: label, as: UTF8.self)
          if index == start, end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: ":") {
            definitions.append(name)
          } else {
            references.append(name)
          }
          index = end
        }
      }
    }
    return (references, definitions)
  }
}
