import FoundationEssentials
import TextEffects

/// A real stream, frozen: each piece of text as it arrived, with its time since the first.
/// Played into the streaming scene instead of the demo's chunks, it makes the frame at time t of
/// a real model's answer the same bytes on every run.
///
/// Saved as JSON Lines, one arrival a line, `{"time":0.25,"text":"Sourdough"}`, so a trace cut
/// short (a recording stopped by Ctrl+C) is still a trace up to its last whole line. A last
/// line `{"time":4.5,"end":true}` says when the input ended, which finished the answer; a
/// trace without one (cut short, or older) ends at its last arrival.
package struct StreamingTrace: Sendable, Equatable {
  package struct Arrival: Sendable, Equatable {
    /// Seconds since the first arrival.
    package var time: Double
    package var text: String

    package init(time: Double, text: String) {
      self.time = time
      self.text = text
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
      var time: Double
      /// The text that arrived, or nil for the line that says the input ended.
      var text: String?
      enum CodingKeys: String, CodingKey, CaseIterable { case time, text, end }
      init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let values = try decoder.container(keyedBy: CodingKeys.self)
        time = try values.decode(Double.self, forKey: .time)
        if values.contains(.end) {
          guard try values.decode(Bool.self, forKey: .end), !values.contains(.text) else {
            throw Problem(
              description: "a line has either 'text' or \"end\": true, the input's end")
          }
        } else {
          text = try values.decode(String.self, forKey: .text)
        }
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
        do {
          let decoded = try JSONDecoder().decode(Line.self, from: Data(bytes))
          line = Arrival(time: decoded.time, text: decoded.text ?? "")
          ends = decoded.text == nil
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

  /// One arrival as a line of the file, its time to the microsecond.
  package static func line(time: Double, text: String) -> String {
    let rounded = microseconds(time)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let quoted = (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) }
    return "{\"time\":\(rounded),\"text\":\(quoted ?? "\"\"")}"
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
      chunks.append(arrival.text, at: arrival.time)
      if chunks.count(at: .infinity) > DisplayText.characterLimit {
        chunks.keepLast(DisplayText.characterLimit / 2, markdown: markdown)
      }
    }
    return chunks
  }

  /// All the text, as it stands once the last piece is in.
  package var text: String { arrivals.map(\.text).joined() }
}
