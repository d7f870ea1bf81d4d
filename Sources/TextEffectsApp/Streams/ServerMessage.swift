import FoundationEssentials

/// What one JSON message of a model server's stream says for the answer: text to add, that
/// the answer is done, or an error. Read leniently: each server's fields are looked for by
/// their documented names and types, and a field of another type (the Responses API's
/// `response` is an object, Ollama's a string) is simply not that server's.
package struct ServerMessage: Equatable, Sendable {
  /// Answer text: a delta's content; empty for a role, a ping, a reasoning or tool-call
  /// delta, usage or metadata.
  package var text = ""
  /// The server says the answer is complete.
  package var isDone = false
  /// The server reports an error, in its words.
  package var error: String?

  package init(text: String = "", isDone: Bool = false, error: String? = nil) {
    self.text = text
    self.isDone = isDone
    self.error = error
  }

  /// What `json` (one event's data, or one line of NDJSON) says, `event` being the event's
  /// type where it came in one; a value that is not JSON says nothing, as does a kind of
  /// message none of the servers documents.
  package static func read(_ json: String, event: String? = nil) -> ServerMessage {
    guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(json.utf8)) else {
      return ServerMessage()
    }
    return fields.message(event: event)
  }

  /// The fields the five formats use, each optional and of the type its server documents.
  private struct Fields: Decodable {
    var type: String?
    /// OpenAI chat completions: `choices[].delta.content` (the first choice only).
    var choices: [Choice]?
    /// The Responses API's text delta is a string; Anthropic's is an object.
    var delta: Delta?
    var deltaText: String?
    /// Ollama's /api/chat: `message.content`; Anthropic's `message_start` has an array there.
    var message: Message?
    /// The Responses API's `error` event has its message at the top.
    var messageText: String?
    /// Ollama's /api/generate: `response`, a string.
    var response: String?
    var done: Bool?
    var error: ErrorField?
    /// The Responses API's `response.failed`: `response.error.message`.
    var failedResponse: Response?

    struct Choice: Decodable {
      var index: Int?
      var delta: Delta?
    }
    struct Delta: Decodable {
      var type: String?
      var content: String?
      var text: String?
    }
    struct Message: Decodable {
      var content: String?
    }
    struct Response: Decodable {
      var error: ErrorField?
    }
    /// An error as a string (Ollama) or an object with a message (OpenAI, Anthropic).
    struct ErrorField: Decodable {
      var message: String
      var kind: String?

      init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
          message = text
          return
        }
        let fields = try decoder.container(keyedBy: Keys.self)
        let text = (try? fields.decodeIfPresent(String.self, forKey: .message)) ?? nil
        message = text ?? "unknown error"
        kind = (try? fields.decodeIfPresent(String.self, forKey: .type)) ?? nil
      }
      enum Keys: String, CodingKey { case message, type }
    }

    enum Keys: String, CodingKey { case type, choices, delta, message, response, done, error }

    init(from decoder: any Decoder) throws {
      let fields = try decoder.container(keyedBy: Keys.self)
      func field<Value: Decodable>(_ key: Keys, as type: Value.Type = Value.self) -> Value? {
        (try? fields.decodeIfPresent(type, forKey: key)) ?? nil
      }
      type = field(.type)
      // Fields whose type differs between servers are read as the message's type says, so a
      // message is not read twice over (a mismatch throws, which costs).
      switch type {
      case "response.output_text.delta": deltaText = field(.delta)
      case "response.failed", "response.incomplete": failedResponse = field(.response)
      case "error": messageText = field(.message)
      default:
        delta = field(.delta)
        message = field(.message)
        response = field(.response)
      }
      choices = field(.choices)
      done = field(.done)
      error = field(.error)
    }

    func message(event: String?) -> ServerMessage {
      if let error {
        return ServerMessage(error: error.kind.map { "\(error.message) (\($0))" } ?? error.message)
      }
      switch type ?? event {
      // OpenAI's Responses API.
      case "response.output_text.delta": return ServerMessage(text: deltaText ?? "")
      case "response.completed": return ServerMessage(isDone: true)
      case "response.failed", "response.incomplete":
        return ServerMessage(
          error: failedResponse?.error?.message ?? "the response ended incomplete")
      case "error": return ServerMessage(error: messageText ?? "unknown error")
      // Anthropic's Messages API: only text deltas are the answer (not thinking, not tools).
      case "content_block_delta":
        return ServerMessage(text: delta?.type == "text_delta" ? delta?.text ?? "" : "")
      case "message_stop": return ServerMessage(isDone: true)
      default: break
      }
      // OpenAI chat completions (and llama.cpp, vLLM, LM Studio): the first choice's content.
      if let choices {
        let first = choices.first { $0.index ?? 0 == 0 }
        return ServerMessage(text: first?.delta?.content ?? "")
      }
      // Ollama: a chat's message or a generation's response, then `done`.
      return ServerMessage(text: message?.content ?? response ?? "", isDone: done == true)
    }
  }
}
