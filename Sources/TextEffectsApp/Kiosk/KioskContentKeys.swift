import TextEffects

/// A key the content does not know, with the nearest it does: a misspelt key ("colour") would
/// otherwise be dropped in silence and its setting never applied.
struct UnknownKey: Error, CustomStringConvertible {
  var place: String
  var key: String
  var known: [String]

  var description: String {
    if let nearest = NearestWord.to(key, among: known) {
      return "\(place)'\(key)' is not a key here; did you mean '\(nearest)'?"
    }
    let keys = known.map { "'\($0)'" }.joined(separator: ", ")
    return "\(place)'\(key)' is not a key here; the keys are \(keys)"
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
