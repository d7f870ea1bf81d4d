import TextEffects

/// Turns bytes that arrive in pieces into text: a character split between two pieces is held
/// until its rest arrives, and bytes that are not UTF-8 become U+FFFD.
package struct UTF8StreamDecoder: Sendable {
  private var pending: [UInt8] = []

  package init() {}

  /// The text that `bytes` complete; an unfinished character at the end waits.
  package mutating func decode(_ bytes: some Sequence<UInt8>) -> String {
    pending.append(contentsOf: bytes)
    let complete = pending.count - Self.unfinishedTail(of: pending)
    let text = String(decoding: pending[..<complete], as: UTF8.self)
    pending.removeFirst(complete)
    return text
  }

  /// The end of the input: an unfinished character left over becomes U+FFFD.
  package mutating func finish() -> String {
    defer { pending.removeAll() }
    return String(decoding: pending, as: UTF8.self)
  }

  /// How many bytes at the end start a character whose rest has not arrived.
  static func unfinishedTail(of bytes: [UInt8]) -> Int {
    for back in 1...min(3, max(bytes.count, 1)) where back <= bytes.count {
      let byte = bytes[bytes.count - back]
      if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
      let length: Int
      switch byte {
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return 0  // ASCII or not a lead byte: nothing to wait for
      }
      return length > back ? back : 0
    }
    return 0
  }
}
