import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

extension VisualSuite.Case: CustomTestStringConvertible {
  public var testDescription: String { name }
}

/// Each scene at its telling moments, as the goldens under Tests/Goldens saw them; the cases
/// are the goldens' suite, `Tests/Goldens/suite.json`, which `text-effects --check` runs too.
@Suite(.threadOfItsOwn(.computing)) struct GoldenTests {
  @Test func theSuiteReadsAndComparesAsTheGoldensDo() throws {
    let suite = try #require(GoldenStore.suite, "Tests/Goldens/suite.json does not read")
    // The cases name every golden and no other: none left behind, none missing.
    let named = Set(suite.cases.flatMap { c in c.times.map { c.referenceName(at: $0) } })
    let stored = try Set(
      FileManager.default.contentsOfDirectory(atPath: GoldenStore.directory.path)
        .filter { $0.hasSuffix(".png") })
    #expect(named.count == suite.cases.map(\.times.count).reduce(0, +), "two frames, one name")
    #expect(
      named.subtracting(stored).isEmpty, "not in Tests/Goldens: \(named.subtracting(stored))")
    #expect(stored.subtracting(named).isEmpty, "no case draws: \(stored.subtracting(named))")
    #expect(
      Set(suite.cases.map(\.scene)).isSuperset(of: SceneKind.showingText),
      "a scene without goldens")
    #expect(suite.cases.allSatisfy { $0.comparison == .exact })
    #expect(suite.whenLibrariesDiffer == GoldenStore.tolerant)
  }

  /// The goldens say which libraries drew them (`versions.txt`): without the record every run
  /// compares them tolerantly, as with other libraries, and a frame off by its anti-aliasing
  /// passes.
  @Test func theGoldensRecordTheLibrariesThatDrewThem() throws {
    let recorded = try #require(
      try? String(contentsOf: GoldenStore.versionsFile, encoding: .utf8),
      "Tests/Goldens/versions.txt is missing: record the goldens with scripts/record-goldens")
    for library in LibraryVersions.summary.split(separator: "\n") {
      let name = library.prefix { $0 != " " }
      #expect(
        recorded.split(separator: "\n").contains { $0.hasPrefix(name + " ") },
        "Tests/Goldens/versions.txt names no \(name): record the goldens with scripts/record-goldens"
      )
    }
  }

  @Test(arguments: GoldenStore.suite?.cases ?? [])
  func frameMatchesItsGolden(_ golden: VisualSuite.Case) throws {
    let renderer = try OffscreenRenderer(
      scene: golden.scene, settings: golden.settings, size: golden.size, scale: golden.scale,
      showsChrome: golden.showsChrome, fonts: try FontLibrary.bundled())
    for time in golden.times {
      try GoldenStore.check(
        try renderer.render(at: time).image(), named: golden.referenceName(at: time))
    }
  }
}

/// The comparison must fail where a person would see a change, even the tolerant one used
/// when the libraries differ from the goldens'.
@Suite struct GoldenComparisonCatchesChanges {
  func render(_ list: DrawList, width: Int = 300, height: Int = 80) throws -> RGBAImage {
    let target = try SDLRenderTarget(offscreenWidth: width, height: height)
    try TextEffectsRenderer(fonts: try FontLibrary.bundled()).draw(
      list, on: target, pixelsPerPoint: 1)
    return try target.image()
  }

  func line(_ text: String, shifting index: Int? = nil) throws -> DrawList {
    let font = Font.system(.body)
    let fonts = try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 1)
    let layout = TextLayout(text: text, font: font, fonts: fonts)
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
