extension String {
  /// The text with each code point that `replacements` names written as it says: escaping
  /// for HTML, XML, GitHub's commands and Markdown tables. Code points, not characters: an `&`
  /// with an accent on it, or the line feed of a CR LF, is still replaced.
  package func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
    var replaced = ""
    replaced.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      if let replacement = replacements[scalar] {
        replaced += replacement
      } else {
        replaced.unicodeScalars.append(scalar)
      }
    }
    return replaced
  }
}
