import TextEffects

/// How standard input is read (`--stdin-format`).
package enum StreamFormat: String, CaseIterable, Sendable {
  /// Told from the first characters: Server-Sent Events (a field name and a colon, or a
  /// comment), JSON (a brace or a bracket), or else text.
  case auto
  /// Text as a terminal program writes it, its escape sequences removed.
  case text
  /// Server-Sent Events: OpenAI's chat completions and Responses API, Anthropic's Messages API.
  case sse
  /// One JSON object after another: Ollama's /api/chat and /api/generate.
  case ndjson
}

/// A model's answer as its server streams it, read from the stream's text as it arrives: the
/// answer's text, its reasoning, the tools it calls, where the server says it ends, and its
/// errors. One reader owns the stream: the events (``ServerSentEvents``), the JSON values
/// (``JSONValueStream``), each message's meaning (``ServerMessage``) or the terminal's text
/// (``TerminalText``), and reasoning written into the answer's text (``InlineReasoning``).
package struct ModelStream: Sendable {
  /// What a piece of the stream adds.
  package struct Reading: Equatable, Sendable {
    /// What it changes on screen: the deltas' text (or an error's one line), reasoning, the
    /// tools called; whether the server said the answer is complete (or reported an error,
    /// which ends it).
    package var piece = AnswerPiece()
    /// What went wrong, a line each, for standard error.
    package var problems: [String] = []

    /// Text it adds to the answer.
    package var text: String { piece.answer.added }
    /// Whether it ends the answer.
    package var ends: Bool { piece.ends }
  }

  /// The first characters tell the format among this many at most.
  private static let detectionLimit = 4_096
  private static let eventFields = ["data:", "event:", "id:", "retry:", ":"]

  /// The bytes of a character cut between two reads, held until its rest comes.
  private var decoder = UTF8StreamDecoder()
  /// What came while the format is being told.
  private var undecided = ""
  private var events = ServerSentEvents()
  private var values = JSONValueStream()
  private var terminal = TerminalText()
  private var inline = InlineReasoning()
  /// The server said the answer ended: what follows is not the answer's.
  private var hasEnded = false
  /// Some of the answer's text has come: an error shows as a paragraph after it.
  private var hasText = false

  package init(format: StreamFormat = .auto) {
    self.format = format
    inline = InlineReasoning(readsOllamaRun: format == .text)
  }

  /// The format told, once it is: a terminal's text reads `ollama run`'s reasoning too.
  private var format: StreamFormat {
    didSet { if format == .text { inline = InlineReasoning(readsOllamaRun: true) } }
  }

  /// The format in use: `auto` until the first characters told it.
  package var readFormat: StreamFormat { format }

  /// Whether any of the stream has come: its first bytes show that the model is answering.
  private var hasBegun = false

  /// Whether anything of the answer has come to show: text that is not only spaces, reasoning,
  /// a tool's call, or a server's error. A stream that ends without any leaves the screen
  /// empty, so whoever reads it says why in its place.
  package private(set) var hasShownAnything = false

  /// `reading`, noted for whether it shows anything.
  private mutating func noted(_ reading: Reading) -> Reading {
    let piece = reading.piece
    hasShownAnything =
      hasShownAnything || piece.answer.added.contains { !$0.isWhitespace }
      || piece.reasoning.added.contains { !$0.isWhitespace } || !piece.toolCalls.isEmpty
    return reading
  }

  /// What `bytes`, the next bytes of the stream as a read gave them, add: cut anywhere, even
  /// inside a character, which waits for its rest (bytes that are not UTF-8 read as U+FFFD).
  /// Standard input and the commands kiosk items ask are read so, one reader each.
  package mutating func read(bytes: some Sequence<UInt8>) -> Reading {
    read(decoder.decode(bytes))
  }

  /// What `piece`, the next text of the stream, adds.
  package mutating func read(_ piece: String) -> Reading {
    var reading = Reading()
    guard !hasEnded else { return reading }
    if !hasBegun, !piece.isEmpty {
      hasBegun = true
      reading.piece.began = true
    }
    var piece = piece
    if format == .auto {
      undecided += piece
      guard let told = Self.tell(undecided) else { return reading }
      format = told
      piece = undecided
      undecided = ""
    }
    switch format {
    case .auto: break
    case .text: takeAnswer(terminal.read(piece), &reading)
    case .sse:
      for event in events.read(piece) where !hasEnded {
        take(event.data == "[DONE]" ? ServerMessage(isDone: true) : message(event), &reading)
      }
      if let problem = events.takeProblem() { reading.problems.append(problem) }
    case .ndjson:
      for value in values.read(piece) where !hasEnded { take(json: value, &reading) }
      if let problem = values.takeProblem() { reading.problems.append(problem) }
    }
    return noted(reading)
  }

  /// The end of the stream: what was held back (a character cut short reads as U+FFFD), and
  /// the answer's end.
  package mutating func finish() -> Reading {
    let cut = decoder.finish()
    var reading = cut.isEmpty ? Reading() : read(cut)
    if format == .auto { format = .text }
    if !hasEnded {
      switch format {
      case .auto, .sse: break
      case .text: takeAnswer(terminal.read(undecided).then(terminal.finish()), &reading)
      case .ndjson:
        if let value = values.finish() { take(json: value, &reading) }
      }
      let held = inline.finish()
      reading.piece.reasoning.append(held.reasoning)
      reading.piece.answer.append(held.answer)
    }
    undecided = ""
    hasEnded = true
    reading.piece.ends = true
    return noted(reading)
  }

  /// Answer text, read for the reasoning it may open with.
  private mutating func takeAnswer(_ edit: TextEdit, _ reading: inout Reading) {
    let split = inline.read(edit)
    reading.piece.reasoning.append(split.reasoning)
    reading.piece.answer.append(split.answer)
  }

  /// The format `start` shows, or nil while it could still be either.
  private static func tell(_ start: String) -> StreamFormat? {
    let scalars = start.unicodeScalars.drop { $0 == "\u{FEFF}" || $0.properties.isWhitespace }
    guard let first = scalars.first else {
      return start.unicodeScalars.count > detectionLimit ? .text : nil
    }
    if first == "{" || first == "[" { return .ndjson }
    let head = String(String.UnicodeScalarView(scalars.prefix(6)))
    if eventFields.contains(where: { head.hasPrefix($0) }) { return .sse }
    let couldBe = eventFields.contains { $0.hasPrefix(head) }
    return couldBe && !head.contains(where: \.isNewline) ? nil : .text
  }

  /// An event's data: a JSON message, or text itself where a server streams plain data.
  private func message(_ event: ServerSentEvents.Event) -> ServerMessage {
    let data = event.data.trimmingScalars(where: \.properties.isWhitespace)
    guard data.first == "{" || data.first == "[" else { return ServerMessage(text: event.data) }
    return ServerMessage.read(event.data, event: event.type)
  }

  private mutating func take(json value: String, _ reading: inout Reading) {
    guard value.first == "{" || value.first == "[" else {
      let shown = value.prefix { !$0.isNewline }.prefix(80)
      reading.problems.append("the stream sent a line that is not JSON: \(shown)")
      return
    }
    take(ServerMessage.read(value), &reading)
  }

  private mutating func take(_ message: ServerMessage, _ reading: inout Reading) {
    reading.piece.reasoning.added += message.reasoning
    reading.piece.toolCalls += message.toolCalls
    takeAnswer(TextEdit(added: message.text), &reading)
    hasText = hasText || !message.text.isEmpty
    if let error = message.error {
      // One line, on the screen and in the journal, whatever line ends the server's words hold.
      let words = error.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      let line = "The model's server reported an error: \(words)"
      let held = inline.finish()
      reading.piece.reasoning.append(held.reasoning)
      reading.piece.answer.append(held.answer)
      reading.piece.answer.added += (hasText ? "\n\n" : "") + line
      reading.problems.append(line)
    }
    if message.isDone || message.error != nil {
      hasEnded = true
      reading.piece.ends = true
    }
  }
}
