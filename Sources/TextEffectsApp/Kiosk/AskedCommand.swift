import TextEffects

/// A command a kiosk item runs each time it shows, whose output is the item's answer as it
/// arrives: `curl -sN` against a model's server, `ollama run`, any program that writes text.
///
/// An argument vector, never a line for a shell: what a content file says is what runs, with
/// no quoting to get wrong and nothing a shell would expand.
package struct AskedCommand: Equatable, Sendable {
  /// The program (a path, or a name looked up on PATH) and its arguments.
  package var arguments: [String]
  /// How its output reads, as `--stdin-format` says for standard input.
  package var format: StreamFormat = .auto
  /// Seconds it may run before it is stopped; nil: as long as the item shows.
  package var timeLimit: Double?

  /// The program's name, as the journal names it: `curl`, not its folder.
  package var name: String {
    String(arguments.first?.split(separator: "/").last ?? "")
  }

  /// How a run that failed or showed nothing ended, in words that say what to check: nil
  /// when it ended well. `signal` is what ended it (0: it exited, with `code`), `lastLine` the
  /// last line it wrote on standard error. curl run silent (`-s`) says nothing of why, and its
  /// own words do not say what to check, so its exit codes that mean an unreachable server
  /// are said here.
  package func ending(signal: Int32, code: Int32, showedAnything: Bool, lastLine: String?)
    -> String?
  {
    let said = lastLine.map { ": \($0)" } ?? ""
    if signal != 0 { return "was ended by signal \(signal)\(said)" }
    if code != 0 {
      let meaning = name == "curl" ? Self.curlExits[code] : nil
      return "failed with exit code \(code)" + (meaning.map { " (\($0))" } ?? "") + said
    }
    return showedAnything ? nil : "wrote no answer\(said)"
  }

  /// curl's exit codes (its man page's EXIT CODES) that a kiosk asking a server meets.
  private static let curlExits: [Int32: String] = [
    6: "could not resolve the server's host name: is the address right?",
    7: "could not connect: is the model's server running?",
    22: "the server answered with an HTTP error: is the address right?",
    28: "the server did not answer in time",
    35: "the TLS handshake failed",
    52: "the server closed the connection without answering",
    56: "the connection broke while the answer came",
  ]

  /// The most arguments a command takes; a content file is written by a person.
  static let argumentLimit = 1_000

  /// An argument vector as a content file gives it, checked: a program, and no argument a C
  /// string cannot hold.
  static func checked(_ arguments: [String]) throws(KioskContent.Problem) -> AskedCommand {
    guard let program = arguments.first, !program.isEmpty else {
      throw KioskContent.Problem(
        description: "'ask' must be a command as a list, its program first: "
          + #"["curl", "-sN", "http://localhost:11434/api/generate", "-d", "..."]"#)
    }
    guard arguments.count <= argumentLimit else {
      throw KioskContent.Problem(description: "'ask' has more than \(argumentLimit) arguments")
    }
    if let index = arguments.firstIndex(where: { $0.utf8.contains(0) }) {
      throw KioskContent.Problem(
        description: "'ask' argument \(index + 1) holds a NUL character, which no command can take")
    }
    return AskedCommand(arguments: arguments)
  }
}

extension KioskKey {
  /// A key that says how an item asks is refused without the `ask` it speaks of.
  private static func needsAsk(
    _ key: String, _ settings: SceneSettings
  ) throws(KioskContent.Problem) {
    guard settings[StreamingSettings.self].asks != nil else {
      throw KioskContent.Problem(description: "'\(key)' is for an item with 'ask'")
    }
  }

  /// The streaming item's `ask`, `askFormat` and `askSeconds`: its answer from a command it
  /// runs each time it shows.
  static let askedCommand: [KioskKey] = [
    KioskKey(
      "ask", .texts, replacesText: true,
      meaning:
        "a command it runs each time it shows, as a list (`[\"curl\", \"-sN\", …]`, no shell), "
        + "whose output is the answer as it arrives (see Items that ask, below)"
    ) { value, settings throws(KioskContent.Problem) in
      settings[StreamingSettings.self].asks = try AskedCommand.checked(value.texts)
      // It shows only what the command writes, under its own question or none (never the
      // demo's question over another answer).
      settings[StreamingSettings.self].streamsLiveInput = true
      settings[StreamingSettings.self].question = settings[StreamingSettings.self].question ?? ""
    },
    KioskKey(
      "askFormat", .text,
      meaning: "how the command's output reads: `auto`, `text`, `sse` or `ndjson` (`auto` by "
        + "default), as `\(Option.stdinFormat)` says"
    ) { value, settings throws(KioskContent.Problem) in
      try KioskKey.needsAsk("askFormat", settings)
      guard let format = StreamFormat(rawValue: value.text) else {
        let names = StreamFormat.allCases.map { "'\($0.rawValue)'" }
        throw KioskContent.Problem(
          description: "'askFormat' is \(names.sentence(joinedBy: "or")), not '\(value.text)'")
      }
      settings[StreamingSettings.self].asks?.format = format
    },
    KioskKey(
      "askSeconds", .number,
      meaning: "seconds the command may run before it is stopped, 1 to 86400 (as long as the "
        + "item shows by default)"
    ) { value, settings throws(KioskContent.Problem) in
      try KioskKey.needsAsk("askSeconds", settings)
      guard value.number.isFinite, (1...86_400).contains(value.number) else {
        throw KioskContent.Problem(description: "'askSeconds' must be seconds, from 1 to 86400")
      }
      settings[StreamingSettings.self].asks?.timeLimit = value.number
    },
  ]
}
