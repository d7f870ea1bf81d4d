import FoundationEssentials

/// One JSON object on one line, its keys sorted by their code points: the kiosk's answers on
/// its control socket and the lines of its play log.
///
/// The values are written by Foundation's `JSONEncoder`; the keys are sorted here, by code
/// point (Foundation's `.sortedKeys` once compared them through ICU's collator, which took more
/// than half of a `status` answer's time).
package enum JSONLine {
  /// `members` as an object: each value a string, a number, a boolean or an array of them.
  package static func object(_ members: [String: any Encodable & Sendable]) -> String {
    let written = members.sorted { $0.key < $1.key }.map { value($0.key) + ":" + value($0.value) }
    return "{" + written.joined(separator: ",") + "}"
  }

  /// One value as JSON text; `null` for one JSON has no way to write (a number that is not).
  private static func value(_ value: any Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }
}
