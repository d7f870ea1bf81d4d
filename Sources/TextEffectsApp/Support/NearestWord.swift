/// The known word a mistyped one was most likely meant to be ("--scne" for "--scene"), so a
/// refusal can say "did you mean" for options, scenes, commands and content keys alike.
package enum NearestWord {
  /// The word of `known` nearest `word` by edit distance, ignoring case, when it is near enough
  /// to be a slip of the keys: at most one edit in a word of up to four letters, two beyond.
  package static func to(_ word: String, among known: [String]) -> String? {
    let allowed = word.count <= 4 ? 1 : 2
    var best: (word: String, distance: Int)?
    for candidate in known {
      let distance = editDistance(word.lowercased(), candidate.lowercased())
      if distance <= allowed, distance < best?.distance ?? .max { best = (candidate, distance) }
    }
    return best?.word
  }

  /// " did you mean 'NEAREST'?" after a refusal, or "" when no known word is near.
  package static func suggestion(for word: String, among known: [String]) -> String {
    to(word, among: known).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Levenshtein's distance with a swap of two neighbours counted as one edit (the optimal
  /// string alignment distance), since "--hlep" is one slip, not two.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var before = [Int](repeating: 0, count: b.count + 1)
    var row = Array(0...b.count)
    for i in 1...a.count {
      var next = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        let substitution = row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        next[j] = min(row[j] + 1, next[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          next[j] = min(next[j], before[j - 2] + 1)
        }
      }
      (before, row) = (row, next)
    }
    return row[b.count]
  }
}
