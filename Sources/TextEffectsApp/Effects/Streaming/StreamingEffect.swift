import TextEffects

/// The streaming scene's own settings: the front's speed and soft edge, its question, and
/// where its text comes from.
package struct StreamingSettings: EffectSettings {
  /// How fast the front crosses new text, in characters a second.
  package var charactersPerSecond = StreamingMath.defaultCharactersPerSecond
  /// How many characters the soft edge spans.
  package var fade = StreamingMath.defaultFade
  /// The question, in its bubble; empty hides the bubble; nil keeps the demo's.
  package var question: String?
  /// The demo's Ask Again button; a kiosk has no use for it.
  package var showsAskAgain = true
  /// Shows only text that arrives from outside (standard input).
  package var streamsLiveInput = false
  /// The answer is Markdown, drawn styled (`--markdown`); off, it shows as plain text.
  package var isMarkdown = false
  /// How a model's reasoning shows above its answer (`--reasoning`).
  package var reasoning = ReasoningDisplay.fold
  /// A real stream recorded earlier (`--trace`), played instead of the demo's chunks.
  package var trace: StreamingTrace?
  /// A command a kiosk item runs each time it shows, whose output is the answer (`ask`).
  package var asks: AskedCommand?

  package init() {}

  package mutating func cutToWhatScenesShow() -> Bool {
    guard let question else { return false }
    let bounded = DisplayText.bounded(question)
    self.question = bounded.text
    return bounded.wasCut
  }
}

extension SceneKind {
  package static let streaming = SceneKind(effectName: "streaming")
}

extension Effect {
  /// Seed 001: a model's answer fading in chunk by chunk under its question.
  package static let streaming = Effect(
    .streaming, isSeedDemo: true, textUse: "the streamed answer",
    adjustments: [
      Adjustment(
        .speed, steps: [20, 40, 60, 80, 120, 160, 240, 320], readme: "the streaming front's",
        read: { $0[StreamingSettings.self].charactersPerSecond },
        write: { $0[StreamingSettings.self].charactersPerSecond = $1 }),
      Adjustment(
        .fade, steps: [0, 2, 5, 10, 15, 20, 30, 40], readme: "the streaming text's soft edge",
        read: { $0[StreamingSettings.self].fade }, write: { $0[StreamingSettings.self].fade = $1 }
      ),
    ],
    kioskKeys: [
      KioskKey("question", .text, meaning: "the question in the bubble; `\"\"` shows none") {
        value, settings in
        settings[StreamingSettings.self].question = value.text
      },
      KioskKey(
        "markdown", .flag,
        meaning: "`true`: the answer is Markdown, drawn styled as it streams (`false` by default)"
      ) { value, settings in
        settings[StreamingSettings.self].isMarkdown = value.flag
      },
      KioskKey(
        "reasoning", .text,
        meaning:
          "how a model's reasoning shows: `\"show\"`, `\"fold\"` (live, then one line; the "
          + "default) or `\"hide\"`"
      ) { value, settings throws(KioskContent.Problem) in
        guard let display = ReasoningDisplay(rawValue: value.text) else {
          throw KioskContent.Problem(
            description: "'reasoning' must be \"show\", \"fold\" or \"hide\"")
        }
        settings[StreamingSettings.self].reasoning = display
      },
      KioskKey.speed(default: StreamingMath.defaultCharactersPerSecond) {
        $0[StreamingSettings.self].charactersPerSecond = $1
      },
      KioskKey(
        "fade", .number, meaning: "how many characters the soft edge spans",
        defaultValue: StreamingMath.defaultFade
      ) { value, settings throws(KioskContent.Problem) in
        guard value.number.isFinite, (0...1000).contains(value.number) else {
          throw KioskContent.Problem(description: "'fade' must be characters, from 0 to 1000")
        }
        settings[StreamingSettings.self].fade = value.number
      },
    ] + KioskKey.askedCommand,
    options: [.question, .seed, .trace, .markdown, .reasoning],
    status: {
      let own = $0[StreamingSettings.self]
      return ["\(own.charactersPerSecond.statusText) characters/s", "fade \(own.fade.statusText)"]
        + (own.isMarkdown ? ["Markdown"] : [])
    },
    values: {
      let own = $0[StreamingSettings.self]
      return "Streaming: \(own.charactersPerSecond.statusText) characters a second, "
        + "fade \(own.fade.statusText) characters"
    },
    makeScene: { MadeScene(StreamingScene(settings: $0, layouts: $1)) })
}
