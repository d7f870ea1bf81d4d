import FoundationEssentials

/// What one JSON message of a model server's stream says for the answer: text to add,
/// reasoning to add, a tool the model calls, that the answer is done, or an error. Read
/// leniently: each server's fields are looked for by their documented names and types, and a
/// field of another type (the Responses API's `response` is an object, Ollama's a string) is
/// simply not that server's.
package struct ServerMessage: Equatable, Sendable {
  /// Answer text: a delta's content; empty for a role, a ping, a reasoning or tool-call
  /// delta, usage or metadata.
  package var text = ""
  /// Reasoning text: OpenAI-compatible servers' `reasoning_content` or `reasoning` deltas,
  /// the Responses API's reasoning summary or text, Anthropic's thinking, Ollama's `thinking`;
  /// an ellipsis, a paragraph of its own, for thinking a server keeps to itself (Anthropic's
  /// `redacted_thinking`).
  package var reasoning = ""
  /// The names of the tools the model starts to call here, in order: only names are shown,
  /// never the arguments' JSON.
  package var toolCalls: [String] = []
  /// The server says the answer is complete.
  package var isDone = false
  /// The server reports an error, in its words.
  package var error: String?

  package init(
    text: String = "", reasoning: String = "", toolCalls: [String] = [], isDone: Bool = false,
    error: String? = nil
  ) {
    self.text = text
    self.reasoning = reasoning
    self.toolCalls = toolCalls
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
    /// Ollama's /api/generate: `thinking`, a string.
    var thinking: String?
    /// Anthropic's `content_block_start`: the block that starts (thinking, text, tool_use).
    var contentBlock: Block?
    /// The Responses API's `response.output_item.added`: the item added (a function call).
    var item: Block?
    /// The Responses API's `response.reasoning_summary_part.added`: which part, from 0.
    var summaryIndex = 0
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
      /// DeepSeek's, llama.cpp's and vLLM's before 2026 reasoning deltas.
      var reasoningContent: String?
      /// OpenRouter's, Ollama's /v1 and vLLM's reasoning deltas.
      var reasoning: String?
      /// Anthropic's `thinking_delta`.
      var thinking: String?
      /// OpenAI chat completions' calls: a call's first delta has its function's name.
      var toolCalls: [ToolCall]?
      enum CodingKeys: String, CodingKey {
        case type, content, text, reasoning, thinking
        case reasoningContent = "reasoning_content"
        case toolCalls = "tool_calls"
      }
    }
    struct Message: Decodable {
      var content: String?
      /// Ollama's /api/chat: `message.thinking`, and the calls whole.
      var thinking: String?
      var toolCalls: [ToolCall]?
      enum CodingKeys: String, CodingKey {
        case content, thinking
        case toolCalls = "tool_calls"
      }
    }
    struct ToolCall: Decodable {
      var function: Function?
      struct Function: Decodable {
        var name: String?
      }
    }
    /// A content block or an output item: its type, and a tool's name.
    struct Block: Decodable {
      var type: String?
      var name: String?
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

    enum Keys: String, CodingKey {
      case type, choices, delta, message, response, done, error, thinking, item
      case contentBlock = "content_block"
      case summaryIndex = "summary_index"
    }

    init(from decoder: any Decoder) throws {
      let fields = try decoder.container(keyedBy: Keys.self)
      func field<Value: Decodable>(_ key: Keys, as type: Value.Type = Value.self) -> Value? {
        (try? fields.decodeIfPresent(type, forKey: key)) ?? nil
      }
      type = field(.type)
      // Fields whose type differs between servers are read as the message's type says, so a
      // message is not read twice over (a mismatch throws, which costs).
      switch type {
      case "response.output_text.delta", "response.reasoning_summary_text.delta",
        "response.reasoning_text.delta":
        deltaText = field(.delta)
      case "response.failed", "response.incomplete": failedResponse = field(.response)
      case "response.output_item.added": item = field(.item)
      case "content_block_start": contentBlock = field(.contentBlock)
      case "response.reasoning_summary_part.added": summaryIndex = field(.summaryIndex) ?? 0
      case "error": messageText = field(.message)
      default:
        delta = field(.delta)
        message = field(.message)
        response = field(.response)
        thinking = field(.thinking)
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
      // OpenAI's Responses API: each summary part after the first a paragraph of its own.
      case "response.output_text.delta": return ServerMessage(text: deltaText ?? "")
      case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
        return ServerMessage(reasoning: deltaText ?? "")
      case "response.reasoning_summary_part.added":
        return ServerMessage(reasoning: summaryIndex > 0 ? "\n\n" : "")
      case "response.output_item.added":
        let call = item?.type == "function_call" ? item?.name : nil
        return ServerMessage(toolCalls: call.map { [$0] } ?? [])
      case "response.completed": return ServerMessage(isDone: true)
      case "response.failed", "response.incomplete":
        return ServerMessage(
          error: failedResponse?.error?.message ?? "the response ended incomplete")
      case "error": return ServerMessage(error: messageText ?? "unknown error")
      // Anthropic's Messages API: text and thinking deltas, tools as their blocks start.
      case "content_block_delta":
        switch delta?.type {
        case "text_delta": return ServerMessage(text: delta?.text ?? "")
        case "thinking_delta": return ServerMessage(reasoning: delta?.thinking ?? "")
        default: return ServerMessage()
        }
      case "content_block_start":
        switch contentBlock?.type {
        case "redacted_thinking": return ServerMessage(reasoning: "\n\n…")
        case "tool_use", "server_tool_use":
          return ServerMessage(toolCalls: contentBlock?.name.map { [$0] } ?? [])
        default: return ServerMessage()
        }
      case "message_stop": return ServerMessage(isDone: true)
      default: break
      }
      // OpenAI chat completions (and llama.cpp, vLLM, LM Studio): the first choice's content,
      // reasoning and calls.
      if let choices {
        let delta = choices.first { $0.index ?? 0 == 0 }?.delta
        return ServerMessage(
          text: delta?.content ?? "", reasoning: delta?.reasoningContent ?? delta?.reasoning ?? "",
          toolCalls: Self.names(delta?.toolCalls))
      }
      // Ollama: a chat's message or a generation's response and thinking, then `done`.
      return ServerMessage(
        text: message?.content ?? response ?? "", reasoning: message?.thinking ?? thinking ?? "",
        toolCalls: Self.names(message?.toolCalls), isDone: done == true)
    }

    /// The names of the calls that start here: those whose first delta names their function.
    private static func names(_ calls: [ToolCall]?) -> [String] {
      (calls ?? []).compactMap { $0.function?.name }.filter { !$0.isEmpty }
    }
  }
}
