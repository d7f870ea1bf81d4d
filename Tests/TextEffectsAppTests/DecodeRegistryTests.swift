import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The decode effect reaches the showcase, the kiosk and the command line through its one line
/// in `Effects.all`, with nothing else told of it.
@Suite struct DecodeRegistryTests {
  @Test func itsKeyItsSpeedAndItsStatusLine() {
    let show = Showcase(
      scene: .typewriter, settings: SceneSettings(), showsChrome: true,
      fonts: FakeMonospaceMetrics(), now: 0)
    show.perform(KeyMap.command(for: KeyPress(.character("5")))!, at: 1)
    #expect(show.kind == .decode && show.title == "TextEffects - Decode")
    show.perform(.faster, at: 1)
    #expect(show.settings[DecodeSettings.self].charactersPerSecond == 36)
    #expect(show.status(at: 1).hasPrefix("36 characters/s"))
    #expect(show.values.contains("Decode: 36 characters a second"))
    // Its tab shows while it plays, after the seeds' three.
    let layout = ChromeLayout(
      size: Size(width: 900, height: 600), scene: .decode, appearance: .dark,
      layouts: Typesetter(fonts: FakeMonospaceMetrics()))
    #expect(layout.tabs.map(\.kind) == [.typewriter, .glitch, .streaming, .decode])
    #expect(KeyMap.help[0].action == "Typewriter, glitch, streaming, stress, decode")
    #expect(
      KeyMap.readmeTable.contains(
        "faster or slower: the typewriter's characters a second, the streaming front's, the decode's characters settled a second"
      ))
  }

  @Test func aKioskItemTakesItsSpeedAndNotAnotherEffectsKeys() throws {
    let json = #"{"items": [{"scene": "decode", "text": "OPEN", "speed": 48}]}"#
    let item = try KioskContent.parse(Data(json.utf8)).items[0]
    #expect(item.scene == .decode && item.settings[DecodeSettings.self].charactersPerSecond == 48)
    let fade = #"{"items": [{"scene": "decode", "fade": 3}]}"#
    let said = Result { () throws(KioskContent.Problem) in try KioskContent.parse(Data(fade.utf8)) }
    #expect(
      throws: KioskContent.Problem(description: "items[0]: 'fade' is for the streaming scene")
    ) {
      try said.get()
    }
  }

  @Test func theCommandLineTakesItsSceneAndSeed() throws {
    let invocation = try CommandLineOptions.parse([
      "--screenshot", "/tmp/decode.png", "--scene", "decode", "--seed", "7", "--at", "0.8",
    ])
    guard case .screenshot(_, _, let request) = invocation else {
      Issue.record("not a screenshot: \(invocation)")
      return
    }
    #expect(request.scene == .decode && request.settings.seed == 7)
    #expect(throws: UsageError.self) {
      try CommandLineOptions.parse([
        "--screenshot", "/tmp/d.png", "--scene", "decode", "--question", "Hi",
      ])
    }
    #expect(CommandLineOptions.usage.contains("typewriter, glitch, streaming, stress or decode"))
    // The help wraps its lines; the row itself names the scenes the option table reads.
    #expect(Option.seed.usage[0].help.contains("streaming and decode scenes"))
    #expect(CommandLineOptions.usage.contains(Option.seed.usage[0].help.prefix(40)))
  }
}
