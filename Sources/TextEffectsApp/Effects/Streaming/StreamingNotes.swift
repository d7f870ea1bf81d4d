import TextEffects

/// How a model's reasoning shows above its answer (`--reasoning`).
package enum ReasoningDisplay: String, CaseIterable, Sendable {
  /// Live while the model thinks, then kept above the answer.
  case show
  /// Live while the model thinks, then folded to one line ("Thought for 12 s") once the
  /// answer begins: the default.
  case fold
  /// Only "Thinking…" while the model thinks; nothing once the answer begins.
  case hide
}

/// What a model's stream says besides its answer's text, as the streaming scene shows it above
/// the answer: "Thinking…" from the stream's first byte, so a model that thinks for tens of
/// seconds never leaves the screen empty; its reasoning, live while it thinks, then folded to
/// "Thought for 12 s" once the answer, a tool call or the stream's end comes
/// (``ReasoningDisplay``); and a line for each tool it calls ("Calling get_weather…"), never its
/// arguments' JSON: above the answer, or under it for a call that came after the answer began
/// (Anthropic's "I'll check the weather." then its call), so no line of the answer moves.
/// Every line is a function of the time, as the answer is.
package struct StreamingNotes: Sendable, Equatable {
  /// When the stream's first bytes came, if they have.
  package private(set) var began: Double?
  /// When its reasoning began, if it has (its text is the scene's to draw).
  package private(set) var reasoningBegan: Double?
  /// The tools called, in order, and when.
  package private(set) var tools: [Tool] = []
  /// When the answer's first text came.
  package private(set) var answerBegan: Double?
  /// When the stream ended.
  package private(set) var ended: Double?
  /// What a live stream comes from ("standard input", the command an item runs), named on
  /// screen once nothing of it has come for `waitingNoticeAfter` seconds: a stream that never
  /// begins (a server that takes the request and says nothing, a terminal nobody types in)
  /// never leaves the screen empty and silent. Nil for an answer known beforehand.
  package var awaited: String?
  /// How long a live stream may bring nothing before the screen says what it waits for: a
  /// stream that begins at once never flashes the line.
  package static let waitingNoticeAfter = 3.0

  package struct Tool: Sendable, Equatable {
    package var name: String
    package var time: Double
  }

  package init() {}

  /// Whether nothing but the answer's text ever came: no notes to show.
  package var isEmpty: Bool { began == nil && reasoningBegan == nil && tools.isEmpty }

  /// What `piece` brings at `time`; `answerHasText` says whether the answer shows any text
  /// once it is in.
  package mutating func receive(_ piece: AnswerPiece, answerHasText: Bool, at time: Double) {
    if piece.began || !piece.answer.added.isEmpty, began == nil { began = time }
    if piece.reasoning.added.contains(where: { !$0.isWhitespace }), reasoningBegan == nil {
      reasoningBegan = time
    }
    for name in piece.toolCalls { tools.append(Tool(name: name, time: time)) }
    if answerHasText, answerBegan == nil { answerBegan = time }
    if piece.ends, ended == nil { ended = time }
  }

  /// When the model stopped thinking: its answer, a tool call or the stream's end, whichever
  /// came first after its reasoning began.
  private var thoughtUntil: Double? {
    [answerBegan, tools.first?.time, ended].compactMap { $0 }.min()
  }

  /// What shows at `time`, shown as `display` says.
  package func shown(at time: Double, display: ReasoningDisplay) -> Shown {
    var shown = Shown()
    guard let began, began <= time else {
      if let awaited, time >= Self.waitingNoticeAfter {
        shown.header = "Waiting for \(awaited)\u{2026}"
      }
      return shown
    }
    let thought = reasoningBegan.flatMap { $0 <= time ? $0 : nil }
    let thinkingEnds = thoughtUntil.flatMap { $0 <= time ? $0 : nil }
    let hasAnswered = answerBegan.map { $0 <= time } ?? false
    if let thought {
      if let thinkingEnds {
        let seconds = max(1, Int((thinkingEnds - thought).rounded()))
        if display != .hide { shown.header = "Thought for \(seconds) s" }
        shown.showsReasoning = display == .show
      } else {
        shown.header = "Thinking\u{2026}"
        shown.showsReasoning = display != .hide
      }
    } else if !hasAnswered, thinkingEnds == nil {
      // The stream has begun and nothing of it shows yet.
      shown.header = "Thinking\u{2026}"
    }
    for tool in tools where tool.time <= time {
      let line = "Calling \(tool.name)\u{2026}"
      if let answered = answerBegan, answered <= tool.time {
        shown.toolsAfter.append(line)
      } else {
        shown.tools.append(line)
      }
    }
    return shown
  }

  /// The first time after `time` that what shows changes (the wait said, a tool called, the
  /// thinking's end), or nil.
  package func nextEvent(after time: Double) -> Double? {
    let waitSaid = awaited != nil && began == nil ? Self.waitingNoticeAfter : nil
    return ([waitSaid, began, reasoningBegan, answerBegan, ended] + tools.map(\.time))
      .compactMap { $0 }.filter { $0 > time }.min()
  }

  /// The notes' lines at a time.
  package struct Shown: Equatable {
    /// "Thinking…" or "Thought for 12 s".
    package var header: String?
    /// Whether the reasoning's own text shows, under the header.
    package var showsReasoning = false
    /// A line for each tool called so far: before the answer began, and after.
    package var tools: [String] = []
    package var toolsAfter: [String] = []

    /// Whether nothing shows above the answer.
    package var isEmpty: Bool { header == nil && !showsReasoning && tools.isEmpty }

    /// What a screen reader reads of them above the answer, the reasoning's text being
    /// `reasoning`.
    package func spoken(reasoning: String) -> [String] {
      (header.map { [$0] } ?? []) + (showsReasoning && !reasoning.isEmpty ? [reasoning] : [])
        + tools
    }
  }
}
