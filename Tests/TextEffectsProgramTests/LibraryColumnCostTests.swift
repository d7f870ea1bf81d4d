import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsSDL

/// A program of one's own that streams a long Markdown answer into a `StreamingText` column
/// through the public library (`record` into one list, then `drawChanges`, as
/// examples/long-answer does) pays a frame what the kiosk pays for the same answer in its own
/// streaming scene (`--kiosk --stdin --markdown`): at most 1.2 times, same size, same fonts,
/// the same renderer on images of their own. The two are fed 7 characters a frame, 60 frames
/// a second, and each frame of one is timed beside the same frame of the other, so whatever
/// else the machine does falls on both alike; the medians are compared.
@Suite(.threadOfItsOwn(.computing)) struct LibraryColumnCostTests {
  static let size = Size(width: 800, height: 600)
  static let text = MarkdownAnswers.longAnswer(characters: 6_000)

  /// A drawer of its own onto an offscreen image `size` large, as a window's surface.
  static func drawer(_ fonts: FontLibrary) throws -> (TextEffectsRenderer, SDLRenderTarget) {
    let target = try SDLRenderTarget(
      offscreenWidth: Int(size.width), height: Int(size.height))
    let drawer = try TextEffectsRenderer(fonts: fonts)
    drawer.renderer = target.renderer
    return (drawer, target)
  }

  /// The piece frame `frame` brings: 7 characters, none once all are in.
  static func piece(_ frame: Int) -> String {
    let start = min(frame * 7, text.count)
    return String(text[start..<min(start + 7, text.count)])
  }

  @Test func aColumnOfOnesOwnCostsAFrameWhatTheKiosksSceneCosts() throws {
    let fonts = try FontLibrary.bundled()
    // The kiosk's: one streaming item that shows only what arrives, in its own scene.
    var settings = SceneSettings()
    settings[StreamingSettings.self].showsAskAgain = false
    settings[StreamingSettings.self].question = ""
    settings[StreamingSettings.self].streamsLiveInput = true
    settings[StreamingSettings.self].isMarkdown = true
    let scene = StreamingScene(
      settings: settings, layouts: Typesetter(fonts: fonts.metricsProvider(pixelsPerPoint: 1)))
    let (kioskDrawer, _) = try Self.drawer(fonts)
    let kioskList = DrawList()
    // One's own: a column as wide and as tall as the scene's answer, in the same body font.
    let (ownDrawer, _) = try Self.drawer(fonts)
    let ownList = DrawList()
    let column = Rect(x: 40, y: 20, width: 720, height: 560)
    var answer = StreamingText(markdown: true).font(.system(size: 17)).lineSpacing(4)
      .column(height: column.height)

    var costs: [[Double]] = [[], []]
    var drawn = [0, 0]
    for frame in 0..<(Self.text.count / 7 + 30) {
      let time = Double(frame) / 60
      let piece = Self.piece(frame)
      let kiosk = {
        scene.receive(AnswerPiece(text: piece), at: time)
        kioskList.reset(background: scene.background)
        scene.draw(
          at: time, in: Rect(origin: .zero, size: Self.size), pointer: PointerState(),
          into: kioskList)
        drawn[0] += try kioskDrawer.drawChanges(kioskList).count
      }
      let own = {
        if !piece.isEmpty { answer.append(piece, at: time) }
        ownList.reset(background: .black)
        try ownDrawer.record(answer, at: time, in: column, into: GraphicsContext(list: ownList))
        drawn[1] += try ownDrawer.drawChanges(ownList).count
      }
      for (index, draw) in (frame % 2 == 0 ? [(0, kiosk), (1, own)] : [(1, own), (0, kiosk)]) {
        let began = DispatchTime.now().uptimeNanoseconds
        try draw()
        costs[index].append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e3)
      }
    }
    // Both scrolled and repeated their lines: neither drew a whole frame each time.
    #expect(ownList.layers.filter(\.repeats).count > 5, "\(ownList.layers.count) layers")
    #expect(ownDrawer.movedFrames > 3 && kioskDrawer.movedFrames > 3)
    let medians = costs.map { $0.sorted()[$0.count / 2] }
    #expect(medians[1] <= 1.2 * medians[0], "kiosk, own: \(medians) µs")
    #expect(drawn.allSatisfy { $0 > 0 })
  }
}
