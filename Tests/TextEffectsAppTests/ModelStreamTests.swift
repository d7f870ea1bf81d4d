import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffectsApp

/// Model servers' own streams, shaped as each server's API reference documents them
/// (Tests/Conformance/model-streams), read as standard input is: bytes cut anywhere, decoded as UTF-8, then
/// read by the stream's format.
@Suite(.threadOfItsOwn(.computing)) struct ModelStreamTests {
  static let fixtures: [(file: String, format: StreamFormat)] = [
    ("openai-chat.sse", .sse), ("openai-responses.sse", .sse), ("anthropic-messages.sse", .sse),
    ("ollama-chat.ndjson", .ndjson), ("ollama-generate.ndjson", .ndjson),
    ("ollama-run.txt", .text),
  ]

  static func bytes(_ file: String) throws -> [UInt8] {
    Array(try Data(contentsOf: Repository.file("Tests/Conformance/model-streams/\(file)")))
  }

  static var answer: String {
    get throws {
      try String(
        contentsOf: Repository.file("Tests/Conformance/model-streams/answer.txt"), encoding: .utf8)
    }
  }

  /// What a reader of `format` makes of `pieces` of bytes, read one after another: the text,
  /// the reasoning, the tools called, whether the server ended the answer before the input
  /// did, and the problems said.
  static func read(_ pieces: [ArraySlice<UInt8>], as format: StreamFormat = .auto) -> (
    text: String, reasoning: String, tools: [String], endedByServer: Bool, problems: [String]
  ) {
    var stream = ModelStream(format: format)
    var all = AnswerPiece()
    var ended = false
    var problems: [String] = []
    for piece in pieces {
      let reading = stream.read(bytes: piece)
      all.add(reading.piece)
      ended = ended || reading.ends
      problems += reading.problems
    }
    let end = stream.finish()
    all.add(end.piece)
    return (
      all.answer.applied(to: ""), all.reasoning.applied(to: ""), all.toolCalls, ended,
      problems + end.problems
    )
  }

  /// Each stream, cut in two at every byte (inside a character, a line end, an escape) and
  /// read in either format it can be named by, shows the answer's text exactly, and a server's
  /// stream ends where the server says, before its input does.
  @Test(arguments: fixtures) func eachStreamCutAtEveryByteShowsTheAnswer(
    file: String, format: StreamFormat
  ) throws {
    let bytes = try Self.bytes(file)
    let expected = try Self.answer + (format == .text ? "\n\n" : "")
    for named in [StreamFormat.auto, format] {
      for cut in 0...bytes.count {
        let read = Self.read([bytes[..<cut], bytes[cut...]], as: named)
        #expect(read.text == expected, "\(file) as \(named) cut at byte \(cut)")
        #expect(read.endedByServer == (format != .text), "\(file) cut at byte \(cut)")
        #expect(read.problems.isEmpty, "\(file): \(read.problems)")
      }
    }
    let byteByByte = Self.read(bytes.indices.map { bytes[$0...$0] })
    #expect(byteByByte.text == expected, "\(file) a byte at a time")
  }

  /// Reasoning and tool calls in each server's format (the answer to one question, and the
  /// reasoning and the call that led to it), cut in two at every byte: the reasoning reads
  /// apart from the answer, each call shows by its tool's name, and no tag or JSON of either
  /// reaches the answer's text.
  static let reasoningAnswer = "It is **14 \u{B0}C** and raining in Paris, so take an umbrella."
  static let reasoning = "The user asks about Paris. It is raining there, so an umbrella helps."
  static let reasoningFixtures:
    [(file: String, reasoning: String, answer: String, tools: [String])] = [
      ("openai-chat-reasoning.sse", reasoning, reasoningAnswer, []),
      ("openai-chat-reasoning-field.sse", reasoning, reasoningAnswer, []),
      ("openai-chat-tools.sse", "", "", ["get_weather"]),
      ("openai-chat-tools-answer.sse", "", reasoningAnswer, []),
      (
        "openai-responses-reasoning.sse", "**Answering the umbrella question**\n\n" + reasoning,
        reasoningAnswer, []
      ),
      ("openai-responses-tools.sse", "", "", ["get_weather"]),
      ("anthropic-thinking.sse", reasoning, reasoningAnswer, []),
      (
        "anthropic-redacted-thinking.sse", "The user asks about Paris.\n\n\u{2026}",
        reasoningAnswer, []
      ),
      ("anthropic-tools.sse", "", "I'll check the weather.", ["get_weather"]),
      ("ollama-chat-thinking.ndjson", reasoning, reasoningAnswer, []),
      ("ollama-generate-thinking.ndjson", reasoning, reasoningAnswer, []),
      ("ollama-chat-tools.ndjson", "", "", ["get_weather"]),
      ("llamacpp-think-inline.sse", reasoning, reasoningAnswer, []),
      ("ollama-run-thinking.txt", reasoning, reasoningAnswer + "\n\n", []),
    ]

  @Test(arguments: reasoningFixtures) func reasoningAndToolCallsReadApart(
    file: String, reasoning: String, answer: String, tools: [String]
  ) throws {
    let bytes = try Self.bytes(file)
    func trimmed(_ text: String) -> String {
      text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    for cut in 0...bytes.count {
      let read = Self.read([bytes[..<cut], bytes[cut...]])
      #expect(read.text == answer, "\(file) cut at byte \(cut)")
      #expect(trimmed(read.reasoning) == reasoning, "\(file) cut at byte \(cut)")
      #expect(read.tools == tools, "\(file) cut at byte \(cut)")
      #expect(read.problems.isEmpty, "\(file): \(read.problems)")
    }
    let byteByByte = Self.read(bytes.indices.map { bytes[$0...$0] })
    #expect(byteByByte.text == answer, "\(file) a byte at a time")
    #expect(trimmed(byteByByte.reasoning) == reasoning, "\(file) a byte at a time")
  }

  /// Reasoning written into the answer's text is told apart only at its start, whatever the
  /// pieces: a tag cut anywhere never shows, and a tag later in an answer is the answer's.
  @Test func inlineReasoningIsTheAnswersStartOnly() {
    func split(_ pieces: [String], ollamaRun: Bool = false) -> (reasoning: String, answer: String) {
      var inline = InlineReasoning(readsOllamaRun: ollamaRun)
      var reasoning = ""
      var answer = ""
      for piece in pieces {
        let read = inline.read(TextEdit(added: piece))
        reasoning = read.reasoning.applied(to: reasoning)
        answer = read.answer.applied(to: answer)
      }
      let end = inline.finish()
      return (end.reasoning.applied(to: reasoning), end.answer.applied(to: answer))
    }
    let whole = "\n<think>\nWhy.\n</think>\n\nBecause."
    for cut in 0...whole.count {
      let pieces = [String(whole.prefix(cut)), String(whole.dropFirst(cut))]
      let read = split(pieces)
      #expect(read.reasoning == "Why.\n" && read.answer == "Because.", "cut at \(cut): \(read)")
    }
    #expect(split(["Use <think> tags like this."]) == ("", "Use <think> tags like this."))
    #expect(split(["<thin", "g>not a tag"]) == ("", "<thing>not a tag"))
    #expect(split(["<think>unfinished"]) == ("unfinished", ""))
    // `ollama run`'s plain markers are a terminal's text's only.
    #expect(
      split(["Thinking...\nhm\n...done thinking.\n\nYes."]) == (
        "", "Thinking...\nhm\n...done thinking.\n\nYes."
      ))
    #expect(
      split(["Thinking...\nhm\n...done thinking.\n\nYes."], ollamaRun: true) == ("hm\n", "Yes."))
  }

  /// What comes after the server's end is not the answer's: a second answer, a stray delta.
  @Test(arguments: fixtures.filter { $0.format != .text }) func nothingAfterTheEndShows(
    file: String, format: StreamFormat
  ) throws {
    let after =
      format == .sse
      ? "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"after\"}}]}\n\n"
      : "{\"response\":\"after\",\"done\":false}\n"
    let read = Self.read([try Self.bytes(file)[...], Array(after.utf8)[...]])
    #expect(read.text == (try Self.answer))
  }

  /// An error shows as one line, in the server's words, ends the answer, and is said for
  /// standard error; what came before it stays.
  @Test func anErrorShowsAsOneLine() throws {
    let cases = [
      (
        "openai-error.json",
        "The model's server reported an error: Incorrect API key provided: sk-abc. You can find "
          + "your API key at https://platform.openai.com/account/api-keys. "
          + "(invalid_request_error)"
      ),
      (
        "anthropic-error.sse",
        "Hello\n\nThe model's server reported an error: Overloaded (overloaded_error)"
      ),
      (
        "ollama-error.ndjson",
        "The model's server reported an error: model \"nope\" not found, try pulling it first"
      ),
    ]
    for (file, shown) in cases {
      let bytes = try Self.bytes(file)
      for cut in 0...bytes.count {
        let read = Self.read([bytes[..<cut], bytes[cut...]])
        #expect(read.text == shown, "\(file) cut at byte \(cut)")
        #expect(read.endedByServer, "\(file)")
        #expect(read.problems.count == 1, "\(file): \(read.problems)")
        #expect(read.problems.first.map { shown.hasSuffix($0) } == true, "\(file)")
      }
    }
    let failed = ModelStreamTests.read([
      Array(
        ("event: response.failed\ndata: {\"type\":\"response.failed\",\"response\":{\"status\":"
          + "\"failed\",\"error\":{\"code\":\"server_error\",\"message\":\"The model failed\"}}}\n\n"
          + "event: error\ndata: {\"type\":\"error\",\"message\":\"second\"}\n\n").utf8)[...]
    ])
    #expect(failed.text == "The model's server reported an error: The model failed")
    // A server's words with line ends in them stay one line (libFuzzer's finding).
    let broken = ModelStreamTests.read(
      [Array(#"{"error":"model not found:\n  pull it\r\nfirst"}"#.utf8)[...]], as: .ndjson)
    #expect(broken.text == "The model's server reported an error: model not found: pull it first")
    #expect(broken.problems == [broken.text])
  }

  /// The HTML standard's own examples of event streams (section 9.2.6).
  @Test func theStandardsExamplesReadAsItSays() {
    func events(_ text: String) -> [ServerSentEvents.Event] {
      var reader = ServerSentEvents()
      return reader.read(text)
    }
    #expect(events("data: YHOO\ndata: +2\ndata: 10\n\n") == [.init(data: "YHOO\n+2\n10")])
    #expect(
      events(
        ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
      )
        == [.init(data: "first event"), .init(data: "second event"), .init(data: " third event")])
    #expect(events("data\n\ndata\ndata\n\ndata:") == [.init(data: ""), .init(data: "\n")])
    #expect(events("data:test\n\ndata: test\n\n") == [.init(data: "test"), .init(data: "test")])
    #expect(events("event: add\ndata: 73857293\n\n") == [.init(type: "add", data: "73857293")])
    // CR LF and CR end lines as LF does, even with the CR and the LF in two pieces; a BOM
    // first is dropped.
    var reader = ServerSentEvents()
    let pieces = ["\u{FEFF}data: a\r", "\ndata: b\r\r", "data: c\r\n\r\n"]
    #expect(pieces.flatMap { reader.read($0) } == [.init(data: "a\nb"), .init(data: "c")])
  }

  /// Text a terminal program wrote: escapes removed, a rewritten line as it was last written.
  @Test func terminalTextShowsWhatTheTerminalShows() {
    func shown(_ pieces: [String]) -> String {
      var terminal = TerminalText()
      var text = ""
      for piece in pieces { text = terminal.read(piece).applied(to: text) }
      return terminal.finish().applied(to: text)
    }
    #expect(shown(["\u{1B}[1;32mgreen\u{1B}[0m and \u{1B}]0;title\u{7}plain"]) == "green and plain")
    // Text no control has touched is handed on as it comes; once the cursor has moved, a line
    // is held until it settles or ends.
    var plain = TerminalText()
    #expect(plain.read("Hello") == TextEdit(added: "Hello"))
    #expect(shown(["\u{1B}[1G50%\r75%\r100%\n"]) == "100%\n")
    // CR LF ends a line, even cut between the two, and text after it streams as it comes.
    var windows = TerminalText()
    #expect(windows.read("one\r") == TextEdit(added: "one"))
    #expect(windows.read("\ntwo") == TextEdit(added: "\ntwo"))
    // A line retyped over what was shown shows it once.
    #expect(shown(["Hello wor", "\r", "Hello world\n"]) == "Hello world\n")
    #expect(shown(["\u{1B}[2Kabc\u{8}\u{8}XY\n"]) == "aXY\n")
    #expect(shown(["\u{1B}[2Kloading\u{1B}[1G\u{1B}[K", "done\n"]) == "done\n")
    #expect(shown(["\u{1B}P1;2|payload\u{1B}\\after\u{1B}(B!"]) == "after!")
    // The cursor moved forward leaves a gap, as wide as a terminal's edge lets it be at most
    // (a move of two trillion columns was libFuzzer's finding: it asked for terabytes).
    #expect(shown(["ab\u{1B}[3Cc\n"]) == "ab   c\n")
    let far = TerminalText.columnLimit
    #expect(
      shown(["ab\u{1B}[2000000005000Cc\n"]) == "ab" + String(repeating: " ", count: far - 2) + "c\n"
    )
    #expect(
      shown(["\u{1B}[2000000005000C\u{1B}[9999C" + "c\u{1B}[99Cd"]) == String(
        repeating: " ", count: far) + "cd")
    // Text that runs on after a spinner is handed on before its line ends.
    var terminal = TerminalText()
    _ = terminal.read("\u{1B}[2K\u{1B}[1G\u{280B} \u{1B}[2K\u{1B}[1G")
    #expect(
      terminal.read(String(repeating: "word ", count: 10))
        == TextEdit(added: String(repeating: "word ", count: 10)))
    // Nothing a program writes over what was shown is lost: a spinner written before the
    // answer, on the answer's line, leaves the answer whole.
    #expect(
      shown(["\u{1B}[?25l\u{280B} \u{2819} \u{1B}[K\r\u{1B}[KCaf\u{E9} au lait..."])
        == "Caf\u{E9} au lait...")
    // A word `ollama run` wraps (back over it, erase, a line feed, the word again) shows once,
    // on the next line: what was handed on is taken back.
    let line = String(repeating: "long ", count: 15)
    var wrapping = TerminalText()
    let first = wrapping.read(line + "exam")
    #expect(first == TextEdit(added: line + "exam"))
    #expect(wrapping.read("\u{1B}[4D\u{1B}[K\nexample") == TextEdit(retracted: 4, added: "\n"))
    #expect(shown([line + "exam", "\u{1B}[4D\u{1B}[K\nexample\n"]) == line + "\nexample\n")
    // A line cleared shows nothing of what it held.
    #expect(shown(["shown", "\u{1B}[2K\r\n"]) == "\n")
  }

  /// Two edits made one are the one and then the other, whatever either takes back: none,
  /// part of what the first added, more than it added, a scalar inside a character (an accent
  /// off its letter), or everything.
  @Test func twoEditsAreTheOneThenTheOther() {
    let text = "Cafe\u{301} \u{1F44B}\u{1F3FD} ok"
    let edits = [0, 1, 2, 3, 7, 40].flatMap { retracted in
      ["", "x", "e\u{301}\u{301}", "\u{1F44B}\u{1F3FD}!"].map {
        TextEdit(retracted: retracted, added: $0)
      }
    }
    for first in edits {
      for later in edits {
        let one = first.then(later)
        #expect(
          one.applied(to: text) == later.applied(to: first.applied(to: text)),
          "\(first) then \(later) as \(one)")
        var appended = first
        appended.append(later)
        #expect(appended == one)
      }
    }
  }

  /// Hostile streams end within their bounds, say what went wrong in one line, and keep the
  /// answer that came before.
  @Test func hostileStreamsAreBounded() throws {
    let before = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"kept\"}}]}\n\n"
    let huge = "data: " + String(repeating: "x", count: 10 << 20)
    let cases: [(String, [String], String)] = [
      ("a 10 MB data line", [before, huge, "\n\n"], "kept"),
      ("a line that never ends", [before, String(repeating: "data: y", count: 1 << 20)], "kept"),
      (
        "JSON nested 10,000 deep",
        [before, "data: " + String(repeating: "[", count: 10_000) + "\n\n"], "kept"
      ),
      ("an unknown event", [before, "event: surprise\ndata: {\"type\":\"surprise\"}\n\n"], "kept"),
      ("a [DONE] in the middle", [before, "data: [DONE]\n\n", before], "kept"),
      ("CR-only line ends", [before.replacingOccurrences(of: "\n", with: "\r")], "kept"),
      (
        "Ollama nested 10,000 deep",
        ["{\"response\":\"kept\"}\n", String(repeating: "{\"a\":", count: 10_000)], "kept"
      ),
    ]
    for (name, pieces, shown) in cases {
      let start = ThreadTime.now
      let read = Self.read(pieces.map { Array($0.utf8)[...] })
      #expect(ThreadTime.now - start < .seconds(10), "\(name)")
      #expect(read.text == shown, "\(name): \(read.text.prefix(80))")
      #expect(read.problems.count <= 1, "\(name): \(read.problems)")
    }
    // Sixteen megabytes of text in one line, read as a terminal's, plain and after a spinner.
    for start in ["", "\u{1B}[2K\u{1B}[1G"] {
      let began = ThreadTime.now
      let line = Self.read([Array((start + String(repeating: "word ", count: 3 << 20)).utf8)[...]])
      #expect(ThreadTime.now - began < .seconds(10), "\(start.debugDescription)")
      #expect(line.text.utf8.count == 15 << 20, "\(start.debugDescription)")
    }
    let binary = Self.read([
      (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }[...]
    ])
    #expect(!binary.text.isEmpty)
    #expect(
      !binary.text.unicodeScalars.contains {
        $0 == "\u{1B}" || $0.value < 0x20 && $0 != "\n" && $0 != "\t"
      })
  }
}

/// The fuzzer's corpus (fuzz/corpus/stream: the fixtures, and what earlier campaigns found)
/// reads well in every test run, not only under libFuzzer.
@Suite struct ModelStreamCorpusTests {
  @Test func theFuzzCorpusReadsWell() throws {
    let folder = Repository.file("fuzz/corpus/stream")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(!files.isEmpty)
    for file in files {
      let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(file)))
      #expect(ModelStreamCheck.problems(with: bytes).isEmpty, "\(file)")
    }
  }
}
