import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// Where the streaming scene stands in its frame: under the seed's button at the top of the
/// column; as a kiosk's item with an answer known whole, in the middle of the screen, each
/// line where it stays while the answer streams; a live answer, unknown whole, from the top.
@Suite struct StreamingPlacementTests {
  static let frame = Rect(x: 0, y: 0, width: 1280, height: 800)

  static func scene(kiosk: Bool, live: Bool = false) -> StreamingScene {
    var settings = SceneSettings()
    settings[StreamingSettings.self].showsAskAgain = !kiosk
    settings[StreamingSettings.self].streamsLiveInput = live
    settings[StreamingSettings.self].question = "What is on today?"
    settings.customText = "Fresh sourdough from eight, soup of the day at noon."
    return StreamingScene(settings: settings, layouts: Typesetter(fonts: StandInFonts()))
  }

  /// The top and bottom of what is drawn at `time`: the bubble's fill to the last glyph.
  static func extent(_ scene: StreamingScene, at time: Double) -> (top: Double, glyphs: [Point]) {
    let list = drawn(scene, at: time, in: frame)
    let bubble = list.commands.compactMap { command -> Double? in
      if case .shape(let draw) = command, case .roundedRectangle(let rect, _) = draw.shape {
        return rect.minY
      }
      return nil
    }
    return (bubble.min() ?? .infinity, list.glyphs.map(\.origin))
  }

  @Test func aKnownAnswerStandsInTheMiddleOfAKiosksScreen() throws {
    let scene = Self.scene(kiosk: true)
    let end = try #require(scene.chunks.arrivals.last?.time) + 5
    let whole = Self.extent(scene, at: end)
    let bottom = try #require(whole.glyphs.map(\.y).max()) + 20
    let above = whole.top
    let below = Self.frame.height - bottom
    #expect(above > Self.frame.height / 4, "the bubble at \(above)")
    #expect(abs(above - below) < 40, "\(above) above, \(below) below")
    // Each line is where it stays: the first glyphs drawn early are where they end.
    let early = Self.extent(scene, at: 0.6)
    #expect(early.top == whole.top)
    #expect(!early.glyphs.isEmpty && early.glyphs.allSatisfy(whole.glyphs.contains))
  }

  @Test func underTheButtonAndLiveTheAnswerGrowsFromTheTop() {
    #expect(Self.extent(Self.scene(kiosk: false), at: 30).top <= 40)
    #expect(Self.extent(Self.scene(kiosk: true, live: true), at: 30).top <= 40)
  }
}
