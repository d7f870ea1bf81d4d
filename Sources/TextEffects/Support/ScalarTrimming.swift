extension StringProtocol {
  /// The text without the code points `isTrimmed` picks at either end. Code points, not
  /// characters, as CommonMark and the command line see text: a space under an accent is
  /// still a space there.
  package func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    // Copied as UTF-8 between the two, whole: building the view scalar by scalar cost a third
    // of reading a model server's stream.
    return String(decoding: utf8[first..<scalars.index(after: last)], as: UTF8.self)
  }
}
