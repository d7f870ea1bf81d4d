/// Reasoning a model writes into its answer's own text, told apart from the answer: between
/// `<think>` and `</think>` (or `<thinking>` tags) at the answer's start, as DeepSeek-R1 and
/// Qwen3 write it through llama.cpp's server with `--reasoning-format none`; and, in a
/// terminal's text, between `Thinking...` and `...done thinking.`, as `ollama run` prints a
/// thinking model's reasoning when its output is not a terminal. Only at the start: a tag
/// later in an answer is the answer's (a model explaining the tags). What may still be the
/// start of a tag is held back until the next text says, so no tag ever shows.
struct InlineReasoning: Sendable {
  private enum State: Sendable {
    /// Nothing but spaces so far: the answer may yet open with reasoning.
    case undecided
    /// In reasoning, until `closing`; its first line feeds are dropped.
    case reasoning(closing: String, begun: Bool)
    /// In the answer; the spaces and line feeds after the reasoning's end are dropped.
    case answer(begun: Bool)
  }

  private var state = State.undecided
  /// Text held back: at the start, what may still open reasoning; in reasoning, what may be
  /// the start of its closing tag.
  private var held = ""
  private let openings: [(open: String, close: String)]

  /// A reader of an answer's text; `readsOllamaRun` for a terminal's text, where `ollama run`
  /// writes its reasoning plainly.
  init(readsOllamaRun: Bool = false) {
    openings =
      [("<think>", "</think>"), ("<thinking>", "</thinking>")]
      + (readsOllamaRun ? [("Thinking...\n", "...done thinking.")] : [])
  }

  /// How `edit`, a change to the answer's text, changes the reasoning and the answer.
  mutating func read(_ edit: TextEdit) -> (reasoning: TextEdit, answer: TextEdit) {
    switch state {
    case .answer(let begun):
      guard !begun else { return (TextEdit(), edit) }
      let added = edit.added.drop { $0.isWhitespace }
      if !added.isEmpty { state = .answer(begun: true) }
      return (TextEdit(), TextEdit(added: String(added)))
    case .undecided:
      held = edit.applied(to: held)
      return decide()
    case .reasoning:
      var reasoning = TextEdit()
      let fromHeld = min(edit.retracted, held.unicodeScalars.count)
      held = TextEdit(retracted: fromHeld).applied(to: held)
      reasoning.retracted = edit.retracted - fromHeld
      let (more, answer) = readReasoning(edit.added)
      return (reasoning.then(more), answer)
    }
  }

  /// The answer's end: what was held back is what it is.
  mutating func finish() -> (reasoning: TextEdit, answer: TextEdit) {
    defer { held = "" }
    switch state {
    case .undecided: return (TextEdit(), TextEdit(added: held))
    case .reasoning: return (TextEdit(added: held), TextEdit())
    case .answer: return (TextEdit(), TextEdit())
    }
  }

  /// Whether the held text opens reasoning, may yet, or is the answer.
  private mutating func decide() -> (reasoning: TextEdit, answer: TextEdit) {
    let start = held.drop { $0.isWhitespace }
    if let opening = openings.first(where: { start.hasPrefix($0.open) }) {
      let rest = String(start.dropFirst(opening.open.count))
      held = ""
      state = .reasoning(closing: opening.close, begun: false)
      return readReasoning(rest)
    }
    if start.isEmpty || openings.contains(where: { $0.open.hasPrefix(start) }) {
      return (TextEdit(), TextEdit())
    }
    state = .answer(begun: true)
    defer { held = "" }
    return (TextEdit(), TextEdit(added: held))
  }

  /// `text` read in reasoning: up to its closing tag, and the answer after it.
  private mutating func readReasoning(_ text: String) -> (reasoning: TextEdit, answer: TextEdit) {
    guard case .reasoning(let closing, var begun) = state else { return (TextEdit(), TextEdit()) }
    held += text
    if !begun {
      held = String(held.drop { $0 == "\n" || $0 == "\r" })
      begun = !held.isEmpty
      state = .reasoning(closing: closing, begun: begun)
    }
    // Held is one piece and at most a tag's start: searched as it is.
    if let start = held.indices.first(where: { held[$0...].hasPrefix(closing) }) {
      let reasoning = String(held[..<start])
      let after = String(held[start...].dropFirst(closing.count))
      held = ""
      state = .answer(begun: false)
      return (TextEdit(added: reasoning), read(TextEdit(added: after)).answer)
    }
    // What may be the start of the closing tag waits.
    let waiting = (1..<closing.count).reversed().first { held.hasSuffix(closing.prefix($0)) } ?? 0
    let shown = String(held.dropLast(waiting))
    held = String(held.suffix(waiting))
    return (TextEdit(added: shown), TextEdit())
  }
}
