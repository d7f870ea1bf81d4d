/// Server-Sent Events read as the HTML standard's "event stream interpretation" says, from text
/// that arrives in pieces of any size: lines end in CR LF, LF or CR (a CR LF split between two
/// pieces is one end), a BOM at the very start is dropped, a line starting with a colon is a
/// comment, `data:` lines are joined with line feeds, `event:` names the event, `id:` and
/// `retry:` are read and not needed, and an empty line dispatches what was gathered. An event
/// that the stream ends before its empty line is dropped, as the standard has it.
///
/// A line is held only until its end comes, and at most ``lineLimit`` bytes of it: the
/// event of a longer one (a server's runaway `data:` line) is dropped, said once, and the
/// stream goes on.
package struct ServerSentEvents: Sendable {
  /// One dispatched event: its type (`message` when the stream named none) and its data.
  package struct Event: Equatable, Sendable {
    package var type: String
    package var data: String

    package init(type: String = "message", data: String) {
      self.type = type
      self.data = data
    }
  }

  /// The most bytes a line keeps: far more than a model's event holds (a few words of JSON),
  /// and little memory whatever a server sends.
  package static let lineLimit = 1 << 20

  /// The line so far, in UTF-8: lines are cut at CR and LF bytes, which UTF-8 never uses
  /// inside a character, and the text between is taken a run at a time.
  private var line: [UInt8] = []
  private var isAtStart = true
  /// The last piece ended in a CR: a LF first in the next belongs to it.
  private var endedInCR = false
  private var data = ""
  private var hasData = false
  private var type = ""
  /// Whether a line was cut at ``lineLimit`` since ``takeProblem()`` was last asked.
  private var cutLine = false
  /// The event being gathered lost part of a line: it is dropped, not read cut.
  private var isEventCut = false

  package init() {}

  /// The events that `text`, the next piece of the stream, completes.
  package mutating func read(_ text: String) -> [Event] {
    var events: [Event] = []
    var bytes = Substring(text).utf8[...]
    if isAtStart, !bytes.isEmpty {
      isAtStart = false
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    }
    if endedInCR, let first = bytes.first {
      endedInCR = false
      if first == UInt8(ascii: "\n") { bytes = bytes.dropFirst() }
    }
    while let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
    ) {
      keep(bytes[..<end])
      endLine(into: &events)
      var next = bytes.index(after: end)
      if bytes[end] == UInt8(ascii: "\r") {
        if next == bytes.endIndex {
          endedInCR = true
        } else if bytes[next] == UInt8(ascii: "\n") {
          next = bytes.index(after: next)
        }
      }
      bytes = bytes[next...]
    }
    keep(bytes)
    return events
  }

  /// Adds `bytes` to the line, up to its limit.
  private mutating func keep(_ bytes: Substring.UTF8View.SubSequence) {
    let room = Self.lineLimit - line.count
    if bytes.count > room {
      cutLine = true
      isEventCut = true
    }
    line.append(contentsOf: bytes.prefix(max(room, 0)))
  }

  /// What went wrong since last asked, in words, once: a line cut at its limit.
  package mutating func takeProblem() -> String? {
    defer { cutLine = false }
    return cutLine
      ? "a line of the event stream was longer than \(Self.lineLimit) characters and was cut"
      : nil
  }

  private mutating func endLine(into events: inout [Event]) {
    defer { line.removeAll(keepingCapacity: line.count < 4_096) }
    guard !line.isEmpty else {
      if hasData, !isEventCut {
        events.append(Event(type: type.isEmpty ? "message" : type, data: data))
      }
      isEventCut = false
      data = ""
      hasData = false
      type = ""
      return
    }
    guard line.first != UInt8(ascii: ":") else { return }
    let text = String(decoding: line, as: UTF8.self)
    let field: Substring
    var value: Substring
    if let colon = text.firstIndex(of: ":") {
      field = text[..<colon]
      value = text[text.index(after: colon)...]
      if value.first == " " { value = value.dropFirst() }
    } else {
      field = text[...]
      value = ""
    }
    switch field {
    case "data":
      if hasData { data += "\n" }
      data += value
      hasData = true
    case "event": type = String(value)
    default: break  // id and retry matter to a browser reconnecting, not to us
    }
  }
}
