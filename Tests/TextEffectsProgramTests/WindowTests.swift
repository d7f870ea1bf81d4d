import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The real window under Xvfb, driven with real key and mouse events. `scripts/test` starts
/// Xvfb and turns these on; without a display they are skipped.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: WindowDriver.isAvailable)) struct WindowTests {
  let size = Size(width: 900, height: 600)

  /// Where `control` is in a window of `size` showing `scene`, as the showcase lays it out.
  func center(of control: Control, scene: SceneKind, size: Size) throws -> Point {
    let showcase = Showcase(
      scene: scene, settings: SceneSettings(), showsChrome: true,
      fonts: try FontLibrary.bundled().metricsProvider(pixelsPerPoint: 1), now: 0)
    let target = try #require(showcase.hitTargets(in: size).first { $0.control == control })
    return Point(
      x: target.rect.minX + target.rect.width / 2, y: target.rect.minY + target.rect.height / 2)
  }

  /// Window and headless drawings may go through different renderers (llvmpipe's OpenGL,
  /// SDL's software one); the goldens' tolerance holds for both.
  static let windowComparison = ImageComparison(threshold: 0.1, maximumDifferingPixels: 0)

  @Test func keysSwitchScenes() throws {
    let window = try WindowDriver(["--at", "1"])
    #expect(window.title == "TextEffects - Typewriter")
    try window.key("2")
    #expect(window.title == "TextEffects - Glitch")
    try window.key("Tab")
    #expect(window.title == "TextEffects - Streaming")
    try window.key("shift+Tab")
    try window.key("Left")
    #expect(window.title == "TextEffects - Typewriter")
    #expect(window.close().status == 0)
  }

  @Test func clickingATabSwitchesScenes() throws {
    let window = try WindowDriver(["--at", "1"])
    try window.click(at: try center(of: .tab(.streaming), scene: .typewriter, size: size))
    #expect(window.title == "TextEffects - Streaming")
    try window.click(at: try center(of: .tab(.glitch), scene: .streaming, size: size))
    #expect(window.title == "TextEffects - Glitch")
  }

  @Test func askAgainEmptiesTheAnswerAndStreamsItAnew() throws {
    let window = try WindowDriver(["--scene", "streaming", "--at", "8"])
    let before = try window.capture()
    let answerBefore = inked(before, rows: 140..<400)
    try window.click(at: try center(of: .scene(.askAgain), scene: .streaming, size: size))
    let after = try window.capture()
    #expect(answerBefore > 5000)
    #expect(inked(after, rows: 140..<400) < answerBefore / 20)
  }

  /// On the software renderer: llvmpipe rasterises the switch knob's edge a little
  /// differently (17 pixels); the renderers are compared on the scenes themselves below.
  @Test func reduceMotionSwitchStillsTheGlitch() throws {
    let window = try WindowDriver(["--scene", "glitch", "--at", "0.42"], renderer: "software")
    try window.click(at: try center(of: .reduceMotionSwitch, scene: .glitch, size: size))
    let shown = try window.capture()
    let still = try headless(
      .glitch, at: 0.42, size: size, chrome: true, settings: SceneSettings(reduceMotion: true))
    let differing = differingPixels(shown, still, name: "window-reduce-motion")
    #expect(differing == 0, "\(differing) pixels differ from the headless Reduce Motion frame")
  }

  @Test func resizingReflowsToTheNewSize() throws {
    let window = try WindowDriver(["--scene", "streaming", "--at", "12", "--no-chrome"])
    try window.resize(width: 500, height: 420)
    let shown = try window.capture()
    #expect(shown.width == 500 && shown.height == 420)
    let expected = try headless(.streaming, at: 12, size: Size(width: 500, height: 420))
    #expect(differingPixels(shown, expected, name: "window-resized") == 0)
  }

  /// Xvfb runs no window manager to keep the minimum size: the window keeps it itself, so
  /// its controls never overlap, and draws the showcase as at 320 × 240.
  @Test func aWindowMadeTooSmallGrowsBackToItsMinimum() throws {
    let window = try WindowDriver(["--scene", "glitch", "--at", "0.42"])
    // The pointer away from the controls, which a hover would light up (a new X server puts
    // it in the middle of the screen).
    try window.x("xdotool", ["mousemove", "0", "0"])
    try window.resize(width: 200, height: 150, expecting: (320, 240))
    let shown = try window.capture()
    #expect(shown.width == 320 && shown.height == 240, "\(shown.width)x\(shown.height)")
    let expected = try headless(
      .glitch, at: 0.42, size: Size(width: 320, height: 240), chrome: true)
    #expect(differingPixels(shown, expected, name: "window-minimum") == 0)
  }

  @Test(arguments: ["software", "opengl"], SceneKind.demos)
  func frozenWindowMatchesTheHeadlessScreenshot(renderer: String, scene: SceneKind) throws {
    let time = scene == .glitch ? 0.42 : 1.6
    let window = try WindowDriver(
      ["--scene", scene.rawValue, "--at", "\(time)", "--no-chrome"], renderer: renderer)
    let shown = try window.capture()
    let expected = try headless(scene, at: time, size: size)
    let differing = differingPixels(shown, expected, name: "window-\(renderer)-\(scene.rawValue)")
    #expect(differing == 0, "\(renderer) \(scene): \(differing) pixels differ")
  }

  @Test func kioskIgnoresStrayKeysAndClicksAndQuitsOnCtrlAltQ() throws {
    let window = try WindowDriver(["--kiosk"])
    try window.key("Escape")
    try window.key("ctrl+q")
    try window.click(at: Point(x: 100, y: 100))
    #expect(window.process.isRunning)
    #expect(try window.quit(with: "ctrl+alt+q"))
  }

  @Test func kioskEndsWithinATenthOfASecondOnSIGTERM() throws {
    let window = try WindowDriver(["--kiosk"])
    let (status, seconds) = window.close()
    #expect(status == 0)
    #expect(seconds < 0.1, "took \(seconds) s")
  }

  @Test func kioskCoversTheDisplay() throws {
    let window = try WindowDriver(["--kiosk"])
    let shown = try window.capture()
    #expect(shown.width == 1280 && shown.height == 800)  // the Xvfb screen scripts/test makes
  }

  @Test func standardInputStreamsIntoTheWindow() throws {
    let window = try WindowDriver(["--stdin"])
    let before = inked(try window.capture(), rows: 0..<600)
    window.input.fileHandleForWriting.write(Data("Bread needs time more than effort. ".utf8))
    Thread.sleep(forTimeInterval: 1)
    let first = inked(try window.capture(), rows: 0..<600)
    window.input.fileHandleForWriting.write(Data("Mix flour, water and salt, caf\u{E9}".utf8))
    Thread.sleep(forTimeInterval: 1)
    let second = inked(try window.capture(), rows: 0..<600)
    #expect(before == 0)
    #expect(first > 500 && second > first + 500)
    // A window, not a fullscreen kiosk: Esc closes it, as it closes the showcase.
    #expect(try window.quit(with: "Escape"))
  }

  /// A long answer on standard input: the window follows it down; Home, Page Up and the wheel
  /// scroll it back, where it stays while nothing moves, and End, Page Down or the wheel
  /// turned to the bottom follow the front again. Scrolled back, the still window sleeps.
  @Test func aLongAnswerScrollsBackAndFollowsAgain() throws {
    let window = try WindowDriver(["--stdin"])
    let answer = (1...80).map { "Line \($0) of a long answer that keeps on coming." }
    let before = try window.waitForReport("a first frame") { $0.frames > 0 }
    window.input.fileHandleForWriting.write(Data(answer.joined(separator: "\n").utf8))
    try window.waitForFrame(after: before)
    // One piece of 4,000 characters: the front crosses it in 1.5 s, the view eases after.
    Thread.sleep(forTimeInterval: 2.5)
    let following = try window.capture()
    let same = { (image: RGBAImage) in Self.windowComparison.compare(image, to: following).matches
    }
    try window.key("Home")
    let start = try window.capture()
    #expect(!same(start))
    Thread.sleep(forTimeInterval: 0.5)
    #expect(Self.windowComparison.compare(try window.capture(), to: start).matches)
    #expect(try window.processorShare(over: 2) < 0.02)
    try window.key("End")
    #expect(same(try window.capture()))
    try window.key("Prior")
    #expect(!same(try window.capture()))
    try window.key("Next")
    #expect(same(try window.capture()))
    try window.wheel(-2)
    #expect(!same(try window.capture()))
    try window.wheel(200)
    #expect(same(try window.capture()))
    #expect(try window.quit(with: "Escape"))
  }

  /// How many pixels of the window differ from the headless frame (-1 for another size);
  /// on a difference the window's image and the diff go where golden failures go.
  func differingPixels(_ shown: RGBAImage, _ expected: RGBAImage, name: String) -> Int {
    let result = Self.windowComparison.compare(shown, to: expected)
    if !result.matches {
      let folder = GoldenStore.failures.path
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try? PNGFile.write(shown, to: "\(folder)/\(name)-actual.png")
      if let diff = result.diff { try? PNGFile.write(diff, to: "\(folder)/\(name)-diff.png") }
    }
    return result.differingPixels ?? -1
  }

  /// How many pixels in `rows` are not black.
  func inked(_ image: RGBAImage, rows: Range<Int>) -> Int {
    var count = 0
    for y in rows where y < image.height {
      for x in 0..<image.width where image[x, y].red > 40 || image[x, y].green > 40 {
        count += 1
      }
    }
    return count
  }
}
