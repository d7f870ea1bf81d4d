/// A change to a text that is only ever extended at its end, but for taking back its last
/// scalars: a terminal program's line written over, as ``TerminalText`` reads it.
package struct TextEdit: Equatable, Sendable {
  /// How many Unicode scalars to take off the text's end first.
  package var retracted = 0
  /// The text to add then.
  package var added = ""

  package init(retracted: Int = 0, added: String = "") {
    self.retracted = retracted
    self.added = added
  }

  package var isEmpty: Bool { retracted == 0 && added.isEmpty }

  /// `text` changed by it.
  package func applied(to text: String) -> String {
    guard retracted > 0 else { return text + added }
    var scalars = text.unicodeScalars
    scalars.removeLast(min(retracted, scalars.count))
    return String(scalars) + added
  }

  /// This edit and then `later`, as one.
  package func then(_ later: TextEdit) -> TextEdit {
    var both = self
    both.append(later)
    return both
  }

  /// Makes this edit this and then `later`, as one. In place: a stream's pieces are added up
  /// this way, and copying the whole answer for each piece made reading it quadratic.
  package mutating func append(_ later: TextEdit) {
    let taken = later.retracted == 0 ? 0 : min(later.retracted, added.unicodeScalars.count)
    if taken > 0 {
      let scalars = added.unicodeScalars
      added = String(Substring(scalars[..<scalars.index(scalars.endIndex, offsetBy: -taken)]))
    }
    retracted += later.retracted - taken
    added += later.added
  }
}
