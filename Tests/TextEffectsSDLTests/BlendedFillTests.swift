import CSDL2
import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// A shape over nothing but the background is filled with the colour SDL's software renderer
/// would blend it to; the pixels must be SDL's own, to the byte.
@Suite(.threadOfItsOwn(.computing)) struct BlendedFillTests {
  /// Colours and backgrounds with bytes that round differently: black and white, odd bytes,
  /// a transparent and a translucent background.
  static let colours: [SDL_Color] = [
    SDL_Color(r: 255, g: 255, b: 255, a: 255), SDL_Color(r: 0, g: 0, b: 0, a: 255),
    SDL_Color(r: 1, g: 128, b: 254, a: 255), SDL_Color(r: 37, g: 201, b: 99, a: 255),
  ]
  static let backgrounds: [SDL_Color] =
    colours + [SDL_Color(r: 0, g: 0, b: 0, a: 0), SDL_Color(r: 200, g: 13, b: 77, a: 129)]

  /// Every alpha of every colour over every background, blended by SDL into a pixel of its
  /// own, equals what `BlendedFill` works out; on an opaque target the colour channels.
  @Test(arguments: [false, true])
  func theFillIsSDLsOwnBlend(opaque: Bool) throws {
    let pairs = Self.colours.flatMap { colour in Self.backgrounds.map { (colour, $0) } }
    let target = try SDLRenderTarget(offscreenWidth: 256, height: pairs.count, opaque: opaque)
    #expect(target.blendsByteChannels)
    let renderer = target.renderer
    for (row, (colour, background)) in pairs.enumerated() {
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
      SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, background.a)
      var line = SDL_Rect(x: 0, y: Int32(row), w: 256, h: 1)
      SDL_RenderFillRect(renderer, &line)
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
      for alpha in 0...255 {
        SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, UInt8(alpha))
        var pixel = SDL_Rect(x: Int32(alpha), y: Int32(row), w: 1, h: 1)
        SDL_RenderFillRect(renderer, &pixel)
      }
    }
    SDL_RenderFlush(renderer)
    let image = try target.image()
    var differing: [String] = []
    for (row, (colour, background)) in pairs.enumerated() {
      for alpha in 0...255 {
        var translucent = colour
        translucent.a = UInt8(alpha)
        let expected = BlendedFill.color(translucent, over: background)
        let at = (row * 256 + alpha) * 4
        let shown = Array(image.bytes[at..<(at + 4)])
        let wanted = [expected.r, expected.g, expected.b, opaque ? 255 : expected.a]
        if shown != wanted, differing.count < 5 {
          differing.append("\(translucent) over \(background): SDL \(shown), worked out \(wanted)")
        }
      }
    }
    #expect(differing.isEmpty, "\(differing)")
  }

  /// Random translucent shapes over a background, some over others or over text, some text
  /// over them: drawn as whole frames by `drawChanges` (which fills the rectangles of a shape
  /// that lie over the background alone) and by `clear(to:)` and `draw(_:)` (which blend every
  /// one), the pixels are the same, and both ways were taken.
  @Test(arguments: [1.0, 1.5, 2.0])
  func shapesFilledOverTheBackgroundEqualShapesBlended(scale: Double) throws {
    var random = SeededRandom(seed: UInt64(scale * 10))
    let fonts = try FontLibrary.bundled()
    let (width, height) = (Int(400 * scale), Int(300 * scale))
    var (filled, blended) = (0, 0)
    for round in 0..<12 {
      let background = RGBAColor(
        red: Double.random(in: 0..<1, using: &random),
        green: Double.random(in: 0..<1, using: &random),
        blue: Double.random(in: 0..<1, using: &random), alpha: round == 0 ? 0.4 : 1)
      let list = DrawList(background: background)
      var context = GraphicsContext(list: list, foregroundColor: .white)
      for _ in 0..<8 {
        let rect = Rect(
          x: Double.random(in: 0..<1, using: &random) * 360 - 20,
          y: Double.random(in: 0..<1, using: &random) * 260 - 20,
          width: 4 + Double.random(in: 0..<1, using: &random) * 120,
          height: 4 + Double.random(in: 0..<1, using: &random) * 60)
        let colour = RGBAColor(
          red: Double.random(in: 0..<1, using: &random),
          green: Double.random(in: 0..<1, using: &random),
          blue: Double.random(in: 0..<1, using: &random),
          alpha: Double.random(in: 0..<1, using: &random))
        switch Int(Double.random(in: 0..<1, using: &random) * 4) {
        case 0: context.fill(.rectangle(rect), with: colour)
        case 1:
          context.fill(
            .roundedRectangle(rect, cornerRadius: Double.random(in: 0..<1, using: &random) * 20),
            with: colour)
        case 2:
          context.fill(
            .circle(center: rect.origin, radius: Double.random(in: 0..<1, using: &random) * 30),
            with: colour)
        default:
          context.foregroundColor = colour
          context.draw(
            "Blend me", font: Font(size: 10 + Double.random(in: 0..<1, using: &random) * 20),
            at: rect.origin)
        }
      }
      for opaque in [false, true] where opaque == false || background.alpha == 1 {
        let damaged = try SDLRenderTarget(offscreenWidth: width, height: height, opaque: opaque)
        let whole = try SDLRenderTarget(offscreenWidth: width, height: height, opaque: opaque)
        let drawer = try TextEffectsRenderer(fonts: fonts)
        drawer.renderer = damaged.renderer
        drawer.pixelsPerPoint = scale
        _ = try drawer.drawChanges(list)
        filled += drawer.shapeRectangles.filled
        blended += drawer.shapeRectangles.blended
        try TextEffectsRenderer(fonts: fonts).draw(list, on: whole, pixelsPerPoint: scale)
        let (shown, expected) = (try damaged.image(), try whole.image())
        let differing = zip(shown.pixels, expected.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "round \(round), opaque \(opaque): \(differing) pixels differ")
      }
    }
    #expect(filled > 0 && blended > 0, "\(filled) rectangles filled, \(blended) blended")
  }
}
