import TextEffects

/// JSON values one after another, as Ollama writes them (one object a line) and as an HTTP
/// error body comes (one object over many lines): each value is handed on whole once its last
/// bracket arrives, however the text was cut into pieces. Strings are followed so that a
/// bracket inside one counts for nothing; what stands between values (line ends, spaces) is
/// skipped. A value is held to ``valueLimit`` characters: a longer one is dropped and said.
package struct JSONValueStream: Sendable {
  /// The most characters one value may have: thousands of times a model's line.
  package static let valueLimit = 1 << 20

  private var value = ""
  private var length = 0
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
    for scalar in text.unicodeScalars {
      if depth == 0, !isInString, value.isEmpty, scalar.properties.isWhitespace { continue }
      if isInString {
        if isEscaped {
          isEscaped = false
        } else if scalar == "\\" {
          isEscaped = true
        } else if scalar == "\"" {
          isInString = false
        }
      } else {
        switch scalar {
        case "\"": isInString = true
        case "{", "[": depth += 1
        case "}", "]": depth = max(depth - 1, 0)
        default: break
        }
      }
      if !isSkipping {
        if length < Self.valueLimit {
          value.unicodeScalars.append(scalar)
          length += 1
        } else {
          isSkipping = true
          problem = "a JSON value of the stream was longer than \(Self.valueLimit) characters"
        }
      }
      let endsBare = depth == 0 && !isInString && (scalar == "\n" || scalar == "\r")
      let endsNested = depth == 0 && !isInString && (scalar == "}" || scalar == "]")
      if endsBare || endsNested {
        if !isSkipping { values.append(value.trimmingScalars(where: \.properties.isWhitespace)) }
        value = ""
        length = 0
        isSkipping = false
      }
    }
    return values
  }

  /// What is left when the stream ends: a value without its line end, if any.
  package mutating func finish() -> String? {
    defer {
      value = ""
      length = 0
    }
    let rest = value.trimmingScalars(where: \.properties.isWhitespace)
    return rest.isEmpty || isSkipping ? nil : rest
  }

  /// What went wrong since last asked, in words, once.
  package mutating func takeProblem() -> String? {
    defer { problem = nil }
    return problem
  }
}
