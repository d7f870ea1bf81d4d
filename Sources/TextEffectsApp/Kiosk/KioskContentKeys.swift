import TextEffects

/// A key the content does not know, with the nearest it does: a misspelt key ("colour") would
/// otherwise be dropped in silence and its setting never applied.
struct UnknownKey: Error, CustomStringConvertible {
  var place: String
  var key: String
  var known: [String]

  var description: String {
    let nearest = known.min { distance($0, key) < distance($1, key) }
    if let nearest, distance(nearest, key) <= 2 {
      return "\(place)'\(key)' is not a key here; did you mean '\(nearest)'?"
    }
    let keys = known.map { "'\($0)'" }.joined(separator: ", ")
    return "\(place)'\(key)' is not a key here; the keys are \(keys)"
  }

  /// Levenshtein's distance, on a key's few letters.
  private func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var next = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      row = next
    }
    return row[b.count]
  }
}

/// Any key, to list what an object holds.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension Decoder {
  /// Throws `UnknownKey` for the first key of this object not among `Keys`.
  func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(_: Keys.Type) throws {
    try refuseUnknownKeys(known: Keys.allCases.map(\.stringValue))
  }

  /// Throws `UnknownKey` for the first key of this object not in `known`.
  func refuseUnknownKeys(known: [String]) throws {
    for key in try container(keyedBy: AnyKey.self).allKeys where !known.contains(key.stringValue) {
      let place = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        .joined().drop { $0 == "." }
      throw UnknownKey(place: place.isEmpty ? "" : place + ": ", key: key.stringValue, known: known)
    }
  }
}
