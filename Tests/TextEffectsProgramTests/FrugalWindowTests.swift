import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The real window and kiosk under Xvfb: what they cost the processor, still and moving, and
/// that the software path's pixels after many damaged frames are a whole frame's.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: WindowDriver.isAvailable)) struct FrugalWindowTests {
  /// A content file showing one scene, as `scripts/measure-kiosk` does.
  static func content(scene: SceneKind, duration: Double) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-\(scene.rawValue)-\(UUID().uuidString).json").path
    try Data(#"{"items": [{"scene": "\#(scene.rawValue)", "duration": \#(duration)}]}"#.utf8)
      .write(to: URL(fileURLWithPath: path))
    return path
  }

  static let cases: [(name: String, arguments: @Sendable () throws -> [String])] = [
    ("showcase typewriter", { ["--scene", "typewriter"] }),
    ("showcase glitch", { ["--scene", "glitch"] }),
    ("showcase streaming", { ["--scene", "streaming"] }),
    ("showcase decode", { ["--scene", "decode"] }),
    ("showcase still", { ["--scene", "typewriter", "--reduce-motion"] }),
    (
      "kiosk typewriter",
      { ["--kiosk", "--content", try content(scene: .typewriter, duration: 3600)] }
    ),
    ("kiosk glitch", { ["--kiosk", "--content", try content(scene: .glitch, duration: 3600)] }),
    // Restarted every 4 s, so the measured seconds are mostly text fading in.
    (
      "kiosk streaming",
      { ["--kiosk", "--content", try content(scene: .streaming, duration: 4)] }
    ),
    ("kiosk still", { ["--kiosk", "--reduce-motion"] }),
  ]

  /// A regression guard, far above the figures in docs/performance.md (under 1% for all but
  /// the streaming kiosk's 1%): a window that spins a core, or draws whole frames on
  /// llvmpipe (5-10%), fails it. It runs an optimised build, as people do (a debug build's
  /// own code is several times slower), as `scripts/test` builds the tests.
  @Test(.enabled(if: Executable.isOptimized))
  func everyWindowUsesLittleOfAProcessor() throws {
    // All at once, each measured over the same seconds: each window is a process of its own,
    // and nine of them, each far under the bound, leave the two cores mostly idle.
    let windows = try Self.cases.map { _, arguments in
      try WindowDriver(try arguments())
    }
    Thread.sleep(forTimeInterval: 1)
    let shares = try WindowDriver.processorShares(of: windows, over: 4)
    for (index, (name, _)) in Self.cases.enumerated() {
      let share = shares[index]
      #expect(share < 0.05, "\(name): \(Int(share * 1000) / 10)% of a core")
    }
  }

  /// After a few hundred frames drawn by damage, the window shows exactly the frame that F12
  /// saves, which is drawn whole.
  @Test(arguments: SceneKind.showingText)
  func aDamagedWindowShowsTheWholeFrame(scene: SceneKind) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-saved-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let window = try WindowDriver(
      ["--scene", scene.rawValue, "--no-chrome"], renderer: "software", directory: folder)
    // A few hundred frames drawn by damage, or the scene come to rest before them.
    let deadline = Date().addingTimeInterval(2.5)
    while window.lastReport.frames < 150, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    try window.key("space")
    try window.key("F12")
    let shown = try window.capture()
    let saved = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
        $0.hasPrefix("text-effects-")
      })
    let whole = try PNGFile.read(folder.appendingPathComponent(saved).path)
    // The screen has no alpha; the saved image keeps what blending left in its own.
    let differing = zip(shown.pixels, whole.pixels).filter {
      $0.0 != $1.0 || $0.1 != $1.1 || $0.2 != $1.2
    }.count
    #expect(shown.width == whole.width && shown.height == whole.height)
    #expect(differing == 0, "\(scene): \(differing) pixels differ from the frame drawn whole")
    if differing != 0 {
      let failures = GoldenStore.failures.path
      try? FileManager.default.createDirectory(
        atPath: failures, withIntermediateDirectories: true)
      try? PNGFile.write(shown, to: "\(failures)/damaged-\(scene.rawValue)-shown.png")
      try? PNGFile.write(whole, to: "\(failures)/damaged-\(scene.rawValue)-whole.png")
    }
  }
}
