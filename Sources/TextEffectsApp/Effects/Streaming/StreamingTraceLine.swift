import TextEffects

extension StreamingTrace {
  /// The arrival on `line` when it has exactly the shape `line(time:text:)` writes,
  /// `{"time":0.25,"text":"Sourdough"}`, with a JSON number and a string whose escapes are the
  /// short ones (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`); nil for anything else, which
  /// JSONDecoder then reads or refuses with its reason.
  ///
  /// A recorded trace is all such lines, and JSONDecoder costs some 5 µs a line however short:
  /// half a million arrivals (16 MB, the most a file may be) took 6 s to read, this way 0.1 s.
  static func quickArrival(_ line: UnsafeRawBufferPointer) -> Arrival? {
    var reader = LineReader(bytes: line)
    guard reader.take(#"{"time":"#), let time = reader.number(), reader.take(#","text":""#),
      let text = reader.string(), reader.take("}"), reader.isAtEndButForBlanks
    else { return nil }
    return Arrival(time: time, text: text)
  }

  /// A space, a tab or a carriage return (a file written on Windows): blank on a line.
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D
  }

  /// Reads one line's bytes front to back.
  private struct LineReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    /// Takes `expected` when the bytes go on with it.
    mutating func take(_ expected: StaticString) -> Bool {
      let expectedBytes = UnsafeBufferPointer(
        start: expected.utf8Start, count: expected.utf8CodeUnitCount)
      let count = expectedBytes.count
      guard index + count <= bytes.count,
        bytes[index..<index + count].elementsEqual(expectedBytes)
      else { return false }
      index += count
      return true
    }

    /// A number as JSON writes one: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    mutating func number() -> Double? {
      let start = index
      _ = takeByte { $0 == UInt8(ascii: "-") }
      if !takeByte({ $0 == UInt8(ascii: "0") }) {
        guard takeDigits(leadingZero: false) else { return nil }
      }
      if takeByte({ $0 == UInt8(ascii: ".") }), !takeDigits(leadingZero: true) { return nil }
      if takeByte({ $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
        _ = takeByte { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
        guard takeDigits(leadingZero: true) else { return nil }
      }
      return Double(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// The rest of a string whose opening quote was taken, through its closing quote: valid
    /// UTF-8, no control characters, only the short escapes.
    mutating func string() -> String? {
      var text: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(validating: text, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard index < bytes.count, let unescaped = Self.shortEscapes[bytes[index]] else {
            return nil
          }
          text.append(unescaped)
          index += 1
        case 0..<0x20:
          return nil
        default:
          text.append(byte)
        }
      }
      return nil
    }

    /// Nothing but blanks is left.
    var isAtEndButForBlanks: Bool {
      bytes[index...].allSatisfy(StreamingTrace.isBlank)
    }

    private static let shortEscapes: [UInt8: UInt8] = [
      UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
      UInt8(ascii: "/"): UInt8(ascii: "/"), UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
      UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

    private mutating func takeByte(_ matches: (UInt8) -> Bool) -> Bool {
      guard index < bytes.count, matches(bytes[index]) else { return false }
      index += 1
      return true
    }

    /// One digit or more; without `leadingZero`, the first is 1 to 9.
    private mutating func takeDigits(leadingZero: Bool) -> Bool {
      let first = leadingZero ? UInt8(ascii: "0") : UInt8(ascii: "1")
      guard takeByte({ $0 >= first && $0 <= UInt8(ascii: "9") }) else { return false }
      while takeByte({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {}
      return true
    }
  }
}
