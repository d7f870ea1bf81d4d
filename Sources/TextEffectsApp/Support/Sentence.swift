import TextEffects

extension [String] {
  /// The words as a sentence lists them: "a, b and c", or "a, b or c" with `or`.
  package func sentence(joinedBy word: String = "and") -> String {
    guard count > 1 else { return first ?? "" }
    return dropLast().joined(separator: ", ") + " \(word) " + last!
  }
}
