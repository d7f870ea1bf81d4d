import Testing

@testable import TextEffects
@testable import TextEffectsSDL

extension SDLTests {
  /// Each scene at its telling moments, as the goldens under Tests/Goldens saw them.
  @Suite struct GoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
      var scene: SceneKind
      var moment: String
      var time: Double
      var reduceMotion = false
      var scale = 1.0
      var size = Size(width: 600, height: 400)
      var text: String?
      var appearance = Appearance.dark
      var increaseContrast = false

      var name: String {
        let motion = reduceMotion ? "-reduce-motion" : ""
        let narrow = size.width < 600 ? "-narrow" : ""
        let light = appearance == .light ? "-light" : ""
        let contrast = increaseContrast ? "-contrast" : ""
        return "\(scene.rawValue)-\(moment)\(motion)\(narrow)\(light)\(contrast)-\(Int(scale))x.png"
      }

      var settings: SceneSettings {
        var settings = SceneSettings(
          reduceMotion: reduceMotion, appearance: appearance, customText: text)
        settings.increaseContrast = increaseContrast
        return settings
      }
      var testDescription: String { name }
    }

    static let moments: [(SceneKind, String, Double)] = [
      (.typewriter, "typing", 1.2), (.typewriter, "cursor-on", 2.2),
      (.typewriter, "cursor-off", 2.7), (.glitch, "burst", 0.42), (.glitch, "rest", 1.5),
      (.streaming, "fading", 1.6), (.streaming, "settled", 12), (.decode, "scrambled", 0.3),
      (.decode, "settling", 1.2), (.decode, "settled", 3),
    ]

    static let cases: [Case] =
      moments.flatMap { scene, moment, time in
        [false, true].flatMap { reduceMotion in
          [1.0, 2.0].map {
            Case(scene: scene, moment: moment, time: time, reduceMotion: reduceMotion, scale: $0)
          }
        }
      }
      + moments.map {
        Case(scene: $0.0, moment: $0.1, time: $0.2, size: Size(width: 320, height: 480))
      }
      + contrastMoments.flatMap { scene, moment, time in
        Appearance.allCases.map {
          Case(
            scene: scene, moment: moment, time: time, appearance: $0, increaseContrast: true)
        }
      }
      + emojiMoments.flatMap { scene, time in
        [1.0, 2.0].map {
          Case(scene: scene, moment: "emoji", time: time, scale: $0, text: Self.emojiText)
        }
      }

    /// Increase Contrast's accessible system colours: the typewriter's green and lights, the
    /// glitch's copies, the streaming scene's blue, in both appearances.
    static let contrastMoments: [(SceneKind, String, Double)] = [
      (.typewriter, "typing", 1.2), (.glitch, "burst", 0.42), (.streaming, "settled", 12),
    ]

    /// The line: a family (a ZWJ sequence), a flag, a skin tone and a keycap, each one
    /// colour picture.
    static let emojiText = "Family 👨‍👩‍👧 flag 🇫🇷 thumbs 👍🏽 keycap 1️⃣ done"
    /// Each scene once the line shows whole; the glitch at rest, its copies split.
    static let emojiMoments: [(SceneKind, Double)] = [
      (.typewriter, 3.0), (.glitch, 1.5), (.streaming, 12), (.decode, 3),
    ]

    @Test(arguments: cases)
    func frameMatchesItsGolden(_ golden: Case) throws {
      let image = try OffscreenRenderer(
        scene: golden.scene, settings: golden.settings,
        size: golden.size, scale: golden.scale, fonts: try TestAssets.library()
      ).render(at: golden.time).image()
      try GoldenStore.check(image, named: golden.name)
    }
  }

  /// The comparison must fail where a person would see a change, even the tolerant one used
  /// when the libraries differ from the goldens'.
  @Suite struct GoldenComparisonCatchesChanges {
    func render(_ list: DrawList, width: Int = 300, height: Int = 80) throws -> RGBAImage {
      let target = try SDLRenderTarget(offscreenWidth: width, height: height)
      try FrameDrawer(fonts: try TestAssets.library()).draw(list, on: target, pixelsPerPoint: 1)
      return try target.image()
    }

    func line(_ text: String, shifting index: Int? = nil) throws -> DrawList {
      let font = Font.system(.body)
      let metrics = try TestAssets.library().metricsProvider(pixelsPerPoint: 1).metrics(for: font)
      let layout = TextLayout(text: text, font: font, metrics: metrics)
      let list = DrawList()
      let context = GraphicsContext(list: list, offset: Point(x: 10, y: 10))
      for slice in layout.slices {
        var placed = context
        if slice.characterIndex == index { placed.offset.x += 1 }
        placed.draw(slice)
      }
      return list
    }

    @Test func theSameFrameMatches() throws {
      let image = try render(line("Sourdough needs time."))
      let matches = GoldenStore.tolerant.compare(image, to: image).matches
      #expect(matches)
    }

    @Test func oneCharacterChangedFails() throws {
      let golden = try render(line("Sourdough needs time."))
      let changed = try render(line("Sourdough needs tima."))
      let differing = GoldenStore.tolerant.compare(changed, to: golden).differingPixels ?? 0
      #expect(differing > GoldenStore.tolerant.maximumDifferingPixels)
    }

    @Test(arguments: ["i", ".", "l"])
    func oneGlyphOnePixelOverFails(glyph: String) throws {
      let text = "Sourdough \(glyph) needs time."
      let golden = try render(line(text))
      let shifted = try render(line(text, shifting: 10))
      let differing = GoldenStore.tolerant.compare(shifted, to: golden).differingPixels ?? 0
      #expect(differing > GoldenStore.tolerant.maximumDifferingPixels, "\(glyph)")
    }

    @Test func aDifferentSizeFails() throws {
      let list = try line("Sourdough")
      let result = GoldenStore.tolerant.compare(
        try render(list, width: 300), to: try render(list, width: 301))
      let (matches, differing) = (result.matches, result.differingPixels)
      #expect(!matches && differing == nil)
    }
  }
}
