import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The program as people run it (the release build) given texts, scales and files at and
/// past the ends of what it takes: every run ends at once, with exit 0 and the beginning of
/// the text drawn, or exit 2 and one line saying why.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: Executable.isOptimized)) struct ExtremeInputTests {

  /// Runs a screenshot of `text` in `scene` at 3 s in 640 × 400, as the report did.
  func screenshot(of textFile: String, scene: SceneKind, extra: [String] = []) throws -> (
    outcome: Ran, seconds: Double, image: RGBAImage?
  ) {
    let output = scratchPath("extreme-\(scene).png")
    let measured = try Executable.runMeasured(
      [
        "--screenshot", output, "--scene", scene.rawValue, "--at", "3", "--size", "640x400",
        "--text-file", textFile,
      ] + extra)
    let outcome = measured.ran
    // The bound is on what the program costs (its processor seconds), which the other tests
    // running beside it do not change; by the clock it only has to end, not hang.
    #expect(measured.seconds < 60, "\(scene) \(extra) took \(measured.seconds) s by the clock")
    let seconds = measured.processorSeconds
    let image = outcome.status == 0 ? try? PNGFile.read(output) : nil
    try? FileManager.default.removeItem(atPath: output)
    return (outcome, seconds, image)
  }

  func write(_ text: String, _ name: String) throws -> String {
    let path = scratchPath(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// One of the texts below: `unit` repeated `count` times, and whether that is more
  /// characters than a scene shows.
  struct Case: CustomTestStringConvertible, Sendable {
    var label: String
    var unit: String
    var count: Int
    var isCut: Bool
    var testDescription: String { label }
  }

  /// The three inputs of the report and 16 MB of each kind of text.
  static let cases = [
    Case(
      label: "a 1 MB paragraph", unit: "lorem ipsum dolor sit amet ", count: 40_000, isCut: true),
    Case(label: "a word of 3 million", unit: "a", count: 3_000_000, isCut: true),
    Case(label: "200,000 marks", unit: "\u{301}", count: 200_000, isCut: false),
    Case(label: "16 MB of words", unit: "lorem ipsum ", count: (16 << 20) / 12, isCut: true),
    Case(label: "16 MB of one letter", unit: "w", count: 16 << 20, isCut: true),
    Case(label: "16 MB of marks", unit: "\u{301}", count: 8 << 20, isCut: false),
    Case(label: "16 MB of line breaks", unit: "\n", count: 16 << 20, isCut: true),
    Case(label: "16 MB of ideographs", unit: "\u{6587}", count: (16 << 20) / 3, isCut: true),
    Case(label: "16 MB of emoji", unit: "👍🏽", count: 2 << 20, isCut: true),
    Case(
      label: "16 MB of Arabic words", unit: "سلام عليكم ", count: (16 << 20) / 20, isCut: true),
    Case(label: "16 MB of one Thai word", unit: "สวัสดี", count: (16 << 20) / 18, isCut: true),
    Case(label: "16 MB of conjuncts", unit: "क्षि", count: (16 << 20) / 12, isCut: true),
    Case(label: "16 MB of scripts alternating", unit: "aشב文", count: (16 << 20) / 8, isCut: true),
    Case(
      label: "16 MB of unclosed overrides and isolates", unit: "\u{202E}ab\u{2067}(c",
      count: (16 << 20) / 10, isCut: true),
  ]

  /// The scenes `text` is drawn in: here one, the scenes taking turns along the cases, so each
  /// takes several kinds of 16 MB through the command line; `scripts/soak` draws each in every
  /// scene (TEXT_EFFECTS_EXTREME_SCENES=all). What the command line does with a text (read it,
  /// cut it, say so) comes before any scene, and `SceneExtremesTests` draws every kind in every
  /// scene in this process; the 56 runs of all of them here cost the main tests half a minute.
  static func scenes(for text: Case) -> [SceneKind] {
    let scenes = SceneKind.showingText
    if ProcessInfo.processInfo.environment["TEXT_EFFECTS_EXTREME_SCENES"] == "all" { return scenes }
    let index = cases.firstIndex { $0.label == text.label } ?? 0
    return [scenes[index % scenes.count]]
  }

  @Test(arguments: cases)
  func everySceneEndsQuicklyShowingTheBeginning(_ text: Case) throws {
    let file = try write(String(repeating: text.unit, count: text.count), "extreme.txt")
    defer { try? FileManager.default.removeItem(atPath: file) }
    for scene in Self.scenes(for: text) {
      let (outcome, seconds, image) = try screenshot(of: file, scene: scene)
      #expect(outcome.status == 0, "\(text.label) in \(scene): \(outcome.error)")
      #expect(seconds < 5, "\(text.label) in \(scene) used \(seconds) s of processor time")
      #expect(
        outcome.error.contains("shows the beginning") == text.isCut,
        "\(text.label) in \(scene): \(outcome.error)")
      // Something besides the background is drawn: the text's first line, or for line
      // breaks alone the scene's own shapes (the glitch and the decode have none).
      let drawn = try #require(image, "\(text.label) in \(scene) wrote no image")
      if text.unit != "\n" || ![.glitch, .decode].contains(scene) {
        #expect(drawn.count(differingFrom: (0, 0, 0)) > 0, "\(text.label) in \(scene)")
      }
    }
  }

  /// Scales at both ends of what is accepted, and past them.
  @Test func scalesAtBothEnds() throws {
    let file = try write("Scale me", "scale.txt")
    defer { try? FileManager.default.removeItem(atPath: file) }
    for (scale, size) in [("0.001", "8192x4096"), ("0.05", "640x400"), ("8", "512x512")] {
      for scene in SceneKind.showingText {
        let (outcome, seconds, _) = try screenshot(
          of: file, scene: scene, extra: ["--scale", scale, "--size", size])
        #expect(outcome.status == 0, "--scale \(scale) in \(scene): \(outcome.error)")
        #expect(seconds < 5, "--scale \(scale) in \(scene) used \(seconds) s of processor time")
      }
    }
    for scale in ["0", "-1", "8.01", "nan", "inf", "1e400"] {
      let (outcome, _, _) = try screenshot(of: file, scene: .glitch, extra: ["--scale", scale])
      #expect(outcome.status == 2, "--scale \(scale)")
      #expect(outcome.error.hasPrefix("text-effects: --scale: '\(scale)' is not a scale"))
    }
  }

  /// A file past 16 MB, or one that never ends, is refused in one line without reading it
  /// all.
  @Test func filesPastTheLimitAreRefusedInOneLine() throws {
    let file = try write(String(repeating: "x", count: (16 << 20) + 1), "large.txt")
    defer { try? FileManager.default.removeItem(atPath: file) }
    for path in [file, "/dev/zero"] {
      let (outcome, seconds, _) = try screenshot(of: path, scene: .typewriter)
      #expect(outcome.status == 2, "\(path)")
      #expect(seconds < 5, "\(path) used \(seconds) s of processor time")
      #expect(
        outcome.error.hasPrefix(
          "text-effects: --text-file: \(path) is larger than 16 MB, the most text-effects "
            + "reads; give a shorter file\n"), "\(outcome.error)")
    }
  }
}
