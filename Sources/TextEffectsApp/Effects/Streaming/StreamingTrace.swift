import FoundationEssentials
import TextEffects

/// A real stream, frozen: each piece of text as it arrived, with its time since the first.
/// Played into the streaming scene instead of the demo's chunks, it makes the frame at time t of
/// a real model's answer the same bytes on every run.
///
/// Saved as JSON Lines, one arrival a line, `{"time":0.25,"text":"Sourdough"}`, so a trace cut
/// short (a recording stopped by Ctrl+C) is still a trace up to its last whole line. A model's
/// stream says more, apart from its answer's text: `{"time":0,"began":true}` when its first
/// bytes came, `{"time":0.5,"reasoning":"The user asks"}`, `{"time":3,"tool":"get_weather"}`,
/// and `"retract":4` beside a `text` where a terminal program took back what it wrote. A last
/// line `{"time":4.5,"end":true}` says when the input ended, which finished the answer; a
/// trace without one (cut short, or older) ends at its last arrival.
package struct StreamingTrace: Sendable, Equatable {
  package struct Arrival: Sendable, Equatable {
    /// Seconds since the first arrival.
    package var time: Double
    /// The answer's text.
    package var text: String
    /// How many Unicode scalars of the answer were taken back before `text`.
    package var retracted = 0
    package var reasoning = ""
    /// A tool the model began to call.
    package var tool: String?
    /// The stream's first bytes came.
    package var began = false

    package init(
      time: Double, text: String = "", retracted: Int = 0, reasoning: String = "",
      tool: String? = nil, began: Bool = false
    ) {
      self.time = time
      self.text = text
      self.retracted = retracted
      self.reasoning = reasoning
      self.tool = tool
      self.began = began
    }

    /// Whether it is a line of the answer's text (perhaps empty), as every line of a trace
    /// of text alone is.
    var isText: Bool {
      !text.isEmpty || reasoning.isEmpty && tool == nil && !began && retracted == 0
    }

    /// What it brings to the scene.
    var piece: AnswerPiece {
      AnswerPiece(
        answer: TextEdit(retracted: retracted, added: text),
        reasoning: TextEdit(added: reasoning), toolCalls: tool.map { [$0] } ?? [], began: began)
    }
  }

  package var arrivals: [Arrival]
  /// When the input ended, in seconds since the first arrival, if the trace says.
  package var end: Double?

  package init(arrivals: [Arrival], end: Double? = nil) {
    self.arrivals = arrivals
    self.end = end
  }

  /// One line saying which line of a trace is wrong and why.
  package struct Problem: Error, Equatable, CustomStringConvertible {
    package let description: String
  }

  /// Reads a trace's JSON Lines; blank lines are let pass, anything else must be an arrival
  /// whose time is not before the one above it.
  package static func parse(_ data: Data) throws(Problem) -> StreamingTrace {
    struct Line: Decodable {
      /// What arrived, or nil for the line that says the input ended.
      var arrival: Arrival?
      var time: Double
      enum CodingKeys: String, CodingKey, CaseIterable {
        case time, text, end, retract, reasoning, tool, began
      }
      init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let values = try decoder.container(keyedBy: CodingKeys.self)
        time = try values.decode(Double.self, forKey: .time)
        let says = CodingKeys.allCases.filter { $0 != .time && values.contains($0) }
        if values.contains(.end) {
          guard try values.decode(Bool.self, forKey: .end), says == [.end] else {
            throw Problem(
              description: "a line has either what arrived or \"end\": true, the input's end")
          }
          return
        }
        guard !says.isEmpty else {
          throw Problem(
            description: "a line needs 'text', 'reasoning', 'tool' or \"began\": true, or "
              + "\"end\": true")
        }
        let retracted = try values.decodeIfPresent(Int.self, forKey: .retract) ?? 0
        guard retracted >= 0 else { throw Problem(description: "'retract' must be 0 or more") }
        arrival = Arrival(
          time: time, text: try values.decodeIfPresent(String.self, forKey: .text) ?? "",
          retracted: retracted,
          reasoning: try values.decodeIfPresent(String.self, forKey: .reasoning) ?? "",
          tool: try values.decodeIfPresent(String.self, forKey: .tool),
          began: try values.decodeIfPresent(Bool.self, forKey: .began) ?? false)
      }
    }
    var arrivals: [Arrival] = []
    var end: Double?
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (index, bytes) in lines.enumerated() {
      func problem(_ text: String) -> Problem { Problem(description: "line \(index + 1): \(text)") }
      if bytes.allSatisfy(isBlank) { continue }
      if end != nil { throw problem("nothing may follow the line that says the input ended") }
      let line: Arrival
      var ends = false
      if let quick = bytes.withUnsafeBytes(quickArrival) {
        line = quick
      } else {
        if let syntax = JSONSyntax.problem(in: Data(bytes), whole: "the line", firstLine: index + 1)
        {
          throw Problem(description: syntax)
        }
        do {
          let decoded = try JSONDecoder().decode(Line.self, from: Data(bytes))
          line = decoded.arrival ?? Arrival(time: decoded.time)
          ends = decoded.arrival == nil
        } catch let described as Problem {
          throw problem(described.description)
        } catch {
          throw problem(JSONProblem.describe(error, in: "the line"))
        }
      }
      guard line.time.isFinite, line.time >= 0, line.time < RenderLimits.latestTime else {
        throw problem("'time' must be seconds from 0 to below \(RenderLimits.latestTimeName)")
      }
      if let last = arrivals.last, line.time < last.time {
        throw problem("'time' \(line.time) comes before the line above's \(last.time)")
      }
      if ends {
        end = line.time
      } else {
        arrivals.append(line)
      }
    }
    guard !arrivals.isEmpty else { throw Problem(description: "it holds no arrivals") }
    return StreamingTrace(arrivals: arrivals, end: end)
  }

  /// One arrival of answer text as a line of the file, its time to the microsecond.
  package static func line(time: Double, text: String) -> String {
    line(Arrival(time: time, text: text))
  }

  /// One arrival as the lines of the file it takes: its answer's text (and what it took
  /// back), its reasoning, its tool call, its beginning; none when it brings nothing.
  package static func lines(_ arrival: Arrival) -> [String] {
    var lines: [String] = []
    // Text of the answer says the stream began as well (a replay begins the scene with it).
    if arrival.began && arrival.text.isEmpty {
      lines.append(line(Arrival(time: arrival.time, began: true)))
    }
    if !arrival.reasoning.isEmpty {
      lines.append(line(Arrival(time: arrival.time, reasoning: arrival.reasoning)))
    }
    if arrival.retracted > 0 || !arrival.text.isEmpty {
      lines.append(
        line(Arrival(time: arrival.time, text: arrival.text, retracted: arrival.retracted)))
    }
    if let tool = arrival.tool { lines.append(line(Arrival(time: arrival.time, tool: tool))) }
    return lines
  }

  /// One line saying one thing of `arrival`: its began, reasoning, text or tool.
  private static func line(_ arrival: Arrival) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    func quoted(_ text: String) -> String {
      (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
    let said =
      arrival.began
      ? "\"began\":true"
      : !arrival.reasoning.isEmpty
        ? "\"reasoning\":\(quoted(arrival.reasoning))"
        : arrival.tool.map { "\"tool\":\(quoted($0))" }
          ?? (arrival.retracted > 0 ? "\"retract\":\(arrival.retracted)," : "")
          + "\"text\":\(quoted(arrival.text))"
    return "{\"time\":\(microseconds(arrival.time)),\(said)}"
  }

  /// The line that says the input ended at `time`.
  package static func endLine(time: Double) -> String {
    "{\"time\":\(microseconds(time)),\"end\":true}"
  }

  /// `time` to the microsecond.
  private static func microseconds(_ time: Double) -> Double {
    (time * 1_000_000).rounded() / 1_000_000
  }

  /// The arrivals as the scene takes them: as if each had been received live at its time, a
  /// stream past `DisplayText.characterLimit` keeping its most recent half as a live one does
  /// (a `markdown` answer from the first top-level block in that half, `MarkdownCut`).
  package func chunks(markdown: Bool) -> StreamingChunks {
    var chunks = StreamingChunks()
    for arrival in arrivals {
      chunks.takeBack(arrival.retracted)
      if arrival.isText { chunks.append(arrival.text, at: arrival.time) }
      if chunks.count(at: .infinity) > DisplayText.characterLimit {
        chunks.keepLast(DisplayText.characterLimit / 2, markdown: markdown)
      }
    }
    return chunks
  }

  /// All the answer's text, as it stands once the last piece is in.
  package var text: String {
    arrivals.reduce("") { TextEdit(retracted: $1.retracted, added: $1.text).applied(to: $0) }
  }

  /// The reasoning's arrivals, as the scene takes them.
  package var reasoning: StreamingChunks {
    var chunks = StreamingChunks()
    for arrival in arrivals where !arrival.reasoning.isEmpty {
      chunks.append(arrival.reasoning, at: arrival.time)
    }
    return chunks
  }

  /// What the stream said besides its answer's text, as it came.
  package var notes: StreamingNotes {
    var notes = StreamingNotes()
    var answered = false
    for arrival in arrivals {
      answered = answered || arrival.text.contains { !$0.isWhitespace }
      notes.receive(arrival.piece, answerHasText: answered, at: arrival.time)
    }
    if let end { notes.receive(AnswerPiece(ends: true), answerHasText: answered, at: end) }
    return notes
  }
}
