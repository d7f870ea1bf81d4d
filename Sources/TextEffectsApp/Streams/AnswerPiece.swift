import TextEffects

/// What a model's stream changes on screen: its answer's text and its reasoning, each a
/// ``TextEdit`` (a terminal program may take back what it wrote), the tools it starts to call,
/// and whether the stream began (its first bytes came, so something shows at once) or ended.
/// Pieces that came between two frames add up into one.
package struct AnswerPiece: Equatable, Sendable {
  package var answer = TextEdit()
  package var reasoning = TextEdit()
  /// The tools' names, in the order their calls began.
  package var toolCalls: [String] = []
  package var began = false
  package var ends = false

  package init(
    answer: TextEdit = TextEdit(), reasoning: TextEdit = TextEdit(), toolCalls: [String] = [],
    began: Bool = false, ends: Bool = false
  ) {
    self.answer = answer
    self.reasoning = reasoning
    self.toolCalls = toolCalls
    self.began = began
    self.ends = ends
  }

  /// Answer text, and the answer's end.
  package init(text: String, ends: Bool = false) {
    self.init(answer: TextEdit(added: text), began: !text.isEmpty, ends: ends)
  }

  /// Whether it changes nothing.
  package var isEmpty: Bool {
    answer.isEmpty && reasoning.isEmpty && toolCalls.isEmpty && !began && !ends
  }

  /// Keeps what a window takes at once within the bytes a feed may hold (`DisplayText`):
  /// the newest of a burst of text or reasoning, as the scene would keep it.
  package mutating func keepNewest() {
    DisplayText.keepNewest(&answer.added)
    DisplayText.keepNewest(&reasoning.added)
  }

  /// This piece and then `later`, as one.
  package mutating func add(_ later: AnswerPiece) {
    answer.append(later.answer)
    reasoning.append(later.reasoning)
    toolCalls += later.toolCalls
    began = began || later.began
    ends = ends || later.ends
  }
}
