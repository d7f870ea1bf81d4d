import TextEffects

/// Runs any text through the streamed Markdown's path: the answer so far completed, at the
/// whole text and at a cut, then parsed by cmark-gfm. Nothing may trap; the completion adds
/// only closing markers, as long as those they close (a run of 90 stars closes with 90) and
/// four for a link's `[` (`](#)`), so never more than four times the text; no block read
/// holds an empty run.
package enum MarkdownCheck {
  /// What is wrong, as sentences; none means the text was read well.
  package static func problems(with text: String) -> [String] {
    var problems: [String] = []
    let characters = Array(text)
    for cut in Set([characters.count, characters.count / 2, characters.count * 9 / 10]) {
      let prefix = String(characters[..<cut])
      let completed = MarkdownCompletion.complete(prefix)
      if completed.unicodeScalars.count > prefix.unicodeScalars.count * 5 + 8 {
        problems.append(
          "completing \(prefix.prefix(40).debugDescription) added "
            + "\(completed.unicodeScalars.count - prefix.unicodeScalars.count) scalars")
      }
      for block in MarkdownDocument(parsing: completed).blocks {
        if case .tableRow = block.kind, block.cells.isEmpty {
          problems.append("a table row of no cells in \(prefix.prefix(40).debugDescription)")
        }
        if block.runs.contains(where: { $0.text.isEmpty }) {
          problems.append("an empty run in \(prefix.prefix(40).debugDescription)")
        }
      }
    }
    return problems
  }
}
