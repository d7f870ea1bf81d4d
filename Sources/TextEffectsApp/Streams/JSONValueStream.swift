import TextEffects

/// JSON values one after another, as Ollama writes them (one object a line) and as an HTTP
/// error body comes (one object over many lines): each value is handed on whole once its last
/// bracket arrives, however the text was cut into pieces. Strings are followed so that a
/// bracket inside one counts for nothing; what stands between values (line ends, spaces) is
/// skipped. A value is held to ``valueLimit`` bytes: a longer one is dropped and said.
///
/// Brackets, quotes and backslashes are ASCII, which UTF-8 never uses inside a character, so
/// the text is followed a byte at a time and kept a run at a time.
package struct JSONValueStream: Sendable {
  /// The most bytes one value may have: thousands of times a model's line.
  package static let valueLimit = 1 << 20

  private var value: [UInt8] = []
  private var depth = 0
  private var isInString = false
  private var isEscaped = false
  /// A value that passed the limit: the rest of it is skipped until its end.
  private var isSkipping = false
  private var problem: String?

  package init() {}

  /// The whole values that `text`, the next piece, completes; text outside an object or array
  /// (a bare word) is a value of its own, ended by the line.
  package mutating func read(_ text: String) -> [String] {
    var values: [String] = []
    let bytes = Substring(text).utf8
    var start = bytes.startIndex
    var index = start
    while index < bytes.endIndex {
      let byte = bytes[index]
      let next = bytes.index(after: index)
      defer { index = next }
      if depth == 0, !isInString, value.isEmpty, start == index, Self.isSpace(byte) {
        start = next
        continue
      }
      if isInString {
        if isEscaped {
          isEscaped = false
        } else if byte == UInt8(ascii: "\\") {
          isEscaped = true
        } else if byte == UInt8(ascii: "\"") {
          isInString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): isInString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth = max(depth - 1, 0)
        if depth == 0 { values += end(with: bytes[start..<next]) }
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        if depth == 0 { values += end(with: bytes[start..<next]) }
      default: continue
      }
      if depth == 0, !isInString, value.isEmpty { start = next }
    }
    keep(bytes[start...])
    return values
  }

  /// What is left when the stream ends: a value without its line end, if any.
  package mutating func finish() -> String? {
    defer { reset() }
    guard !isSkipping else { return nil }
    let rest = Self.trimmed(value)
    return rest.isEmpty ? nil : rest
  }

  /// What went wrong since last asked, in words, once.
  package mutating func takeProblem() -> String? {
    defer { problem = nil }
    return problem
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func trimmed(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).trimmingScalars(where: \.properties.isWhitespace)
  }

  /// Keeps `bytes` of the value being read, up to the limit.
  private mutating func keep(_ bytes: Substring.UTF8View.SubSequence) {
    guard !isSkipping else { return }
    guard value.count + bytes.count <= Self.valueLimit else {
      isSkipping = true
      value.removeAll()
      problem = "a JSON value of the stream was longer than \(Self.valueLimit) bytes"
      return
    }
    value.append(contentsOf: bytes)
  }

  /// The value that `bytes` end: handed on unless it was skipped or is only space.
  private mutating func end(with bytes: Substring.UTF8View.SubSequence) -> [String] {
    keep(bytes)
    defer { reset() }
    guard !isSkipping else { return [] }
    let whole = Self.trimmed(value)
    return whole.isEmpty ? [] : [whole]
  }

  private mutating func reset() {
    value.removeAll(keepingCapacity: value.count < 4_096)
    isSkipping = false
  }
}
