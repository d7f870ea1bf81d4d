import FoundationEssentials
import TextEffects

/// What is wrong with a JSON file people wrote (a kiosk's content, a suite, a trace's line), in
/// their words: where, and what was expected there, never Swift's type names.
package enum JSONProblem {
  /// `T` decoded from `data`, or one line saying what is wrong: where the JSON breaks the
  /// grammar (``JSONSyntax``, by line and column), else what does not fit `T`.
  package static func decode<T: Decodable>(_: T.Type, from data: Data, in whole: String)
    throws(Described) -> T
  {
    if let problem = JSONSyntax.problem(in: data, whole: whole) {
      throw Described(description: problem)
    }
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch {
      throw Described(description: describe(error, in: whole))
    }
  }

  /// One line saying what is wrong, and where.
  package struct Described: Error, CustomStringConvertible {
    package let description: String
  }

  /// `error` from decoding `whole` ("the file", "the line") as one line.
  package static func describe(_ error: any Error, in whole: String) -> String {
    switch error {
    case let unknown as UnknownKey: return unknown.description
    case let decoding as DecodingError: return describe(decoding, in: whole)
    default: return "not JSON: \(error.reason)"
    }
  }

  private static func describe(_ error: DecodingError, in whole: String) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
      }.joined()
      return path.isEmpty ? whole : String(path.drop { $0 == "." })
    }
    switch error {
    case .keyNotFound(let key, let context):
      let place = path(context)
      return "\(place == whole ? "" : place + ": ")'\(key.stringValue)' is missing"
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return "\(path(context)): expected \(name(of: type))"
    case .dataCorrupted(let context):
      // Foundation's parser says no more than that (its error under this one is gone).
      let place = path(context)
      return "not valid JSON" + (place == whole ? "" : " (\(place))")
    @unknown default:
      return "\(error)"
    }
  }

  /// A JSON type in people's words, not Swift's.
  private static func name(of type: Any.Type) -> String {
    switch type {
    case is String.Type: return "text in quotes"
    case is Double.Type: return "a number"
    case is Int.Type, is UInt64.Type: return "a whole number"
    case is Bool.Type: return "true or false"
    case is [String].Type: return "a list of texts in brackets, like [\"a\", \"b\"]"
    case is [Double].Type: return "a list of numbers in brackets, like [0.5, 1.2]"
    default:
      let name = "\(type)"
      if name.hasPrefix("Dictionary") { return "an object in braces, like {\"items\": [...]}" }
      if name.hasPrefix("Array") { return "a list in brackets, like [...]" }
      return "another kind of value"
    }
  }
}
