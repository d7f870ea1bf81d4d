/// One command to a running kiosk, as a line on its control socket says it (`show 2`) and as
/// `text-effects --send` takes it (`--send show 2`).
package enum ControlCommand: Equatable, Sendable {
  /// What is on screen and how the kiosk is doing, as one JSON object.
  case status
  /// The next item that may show, as when the current one's time is up.
  case next
  /// The item before the current one that may show.
  case previous
  /// Item `number`, counted from 1 as the play log and `status` count.
  case show(Int)
  /// The item's time stands still, and no item follows, until `resume`.
  case pause
  case resume
  /// The content file read again now, as when it changes.
  case reload
  /// A PNG of exactly the pixels on screen, written to an absolute path.
  case screenshot(String)
  /// The kiosk ends, as with Ctrl+Alt+Q.
  case quit

  /// The most bytes a line may hold: a longer one is refused and its client dropped.
  package static let longestLine = 65_536

  /// Every command's words, as an error lists them.
  package static let usage =
    "status, next, previous, show N, pause, resume, reload, screenshot FILE or quit"

  /// The command `words` say (the line split at spaces), or why they say none, in one line.
  package init(words: [String]) throws(ControlCommandError) {
    guard let name = words.first else {
      throw ControlCommandError("no command: give \(Self.usage)")
    }
    let arguments = words.dropFirst()
    switch name {
    case "status", "next", "previous", "pause", "resume", "reload", "quit":
      guard arguments.isEmpty else {
        throw ControlCommandError("'\(name)' takes nothing after it")
      }
      self =
        switch name {
        case "status": .status
        case "next": .next
        case "previous": .previous
        case "pause": .pause
        case "resume": .resume
        case "reload": .reload
        default: .quit
        }
    case "show":
      guard arguments.count == 1, let number = Int(arguments[arguments.startIndex]), number >= 1
      else {
        throw ControlCommandError("'show' takes an item's number, counted from 1: show 2")
      }
      self = .show(number)
    case "screenshot":
      guard arguments.count == 1 else {
        throw ControlCommandError(
          "'screenshot' takes the path of the PNG to write: screenshot /tmp/screen.png")
      }
      // The kiosk may run in another folder than the line's sender.
      guard arguments[arguments.startIndex].hasPrefix("/") else {
        throw ControlCommandError(
          "'screenshot' takes an absolute path on the socket, as the kiosk's folder is not "
            + "yours: screenshot /tmp/screen.png")
      }
      self = .screenshot(arguments[arguments.startIndex])
    default:
      let names = [
        "status", "next", "previous", "show", "pause", "resume", "reload", "screenshot", "quit",
      ]
      let nearest = NearestWord.to(name, among: names)
      throw ControlCommandError(
        "'\(name.prefix(40))' is not a command: "
          + (nearest.map { "did you mean '\($0)'?" } ?? "give \(Self.usage)"))
    }
  }

  /// The command a line of the socket says: UTF-8 words between spaces, up to its line feed.
  package init(line: some Collection<UInt8>) throws(ControlCommandError) {
    guard line.count <= Self.longestLine else {
      throw ControlCommandError("a command is one line of at most \(Self.longestLine) bytes")
    }
    guard let text = String(validating: line, as: UTF8.self),
      !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\r" })
    else {
      throw ControlCommandError("a command is a line of text: give \(Self.usage)")
    }
    try self.init(
      words: text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(
        String.init))
  }

  /// Whether doing it may change what is on screen: a frame follows.
  package var changesTheScreen: Bool {
    switch self {
    case .status, .screenshot, .quit: false
    case .next, .previous, .show, .pause, .resume, .reload: true
    }
  }

  /// The line that says it on the socket, without its line feed.
  package var line: String {
    switch self {
    case .status: "status"
    case .next: "next"
    case .previous: "previous"
    case .show(let number): "show \(number)"
    case .pause: "pause"
    case .resume: "resume"
    case .reload: "reload"
    case .screenshot(let path): "screenshot \(path)"
    case .quit: "quit"
    }
  }
}

/// Why a line is not a command, in one line for the person who sent it.
package struct ControlCommandError: Error, Equatable, CustomStringConvertible {
  package let description: String

  package init(_ description: String) {
    self.description = description
  }
}

/// A kiosk's answer to one command: one line of JSON, `"ok"` saying whether it did it, and
/// `"error"` why not, or the command's own fields (`status`'s).
package struct ControlAnswer: Sendable {
  /// What a refusal or a bad command answers: not done, and why.
  package enum Outcome: Equatable, Sendable {
    case done
    /// The kiosk understood and would not (`show 9` of five items): `--send` exits 1.
    case refused(String)
    /// The line was not a command: `--send` exits 2.
    case badCommand(String)
  }

  package var outcome: Outcome
  /// More fields for a command that was done, as JSON values.
  package var fields: [String: any Encodable & Sendable] = [:]

  package init(_ outcome: Outcome, fields: [String: any Encodable & Sendable] = [:]) {
    self.outcome = outcome
    self.fields = fields
  }

  /// The answer as one line of JSON, keys sorted, without its line feed.
  package var line: String {
    var object = fields
    switch outcome {
    case .done: object["ok"] = true
    case .refused(let reason):
      object = ["ok": false, "error": reason]
    case .badCommand(let reason):
      object = ["ok": false, "error": reason, "badCommand": true]
    }
    return JSONLine.object(object)
  }
}
