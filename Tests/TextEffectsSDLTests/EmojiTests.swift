import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// Emoji in colour, one picture per cluster, at the text's size, with the real fonts.
@Suite struct EmojiTests {
  static let line = "Family 👨‍👩‍👧 flag 🇫🇷 thumbs 👍🏽 keycap 1️⃣ done"
  static let emoji = ["👨‍👩‍👧", "🇫🇷", "👍🏽", "1️⃣"]
  let font = Font.system(.largeTitle)

  func layout(_ text: String = line, scale: Double = 1) throws -> TextLayout {
    Typesetter(fonts: try FontLibrary.bundled().metricsProvider(pixelsPerPoint: scale))
      .layout(text, font: font)
  }

  /// The line drawn on black at `scale`, in `color`, at `opacity`.
  func render(
    _ layout: TextLayout, scale: Double = 1, color: RGBAColor = .white, opacity: Double = 1
  ) throws -> RGBAImage {
    let list = DrawList()
    var context = GraphicsContext(list: list, foregroundColor: color, offset: Point(x: 4, y: 4))
    context.opacity = opacity
    PlainTextRenderer().draw(layout: layout, in: &context)
    let target = try SDLRenderTarget(
      offscreenWidth: Int((layout.size.width + 8) * scale),
      height: Int((layout.size.height + 8) * scale))
    try TextEffectsRenderer(fonts: try FontLibrary.bundled()).draw(
      list, on: target, pixelsPerPoint: scale)
    return try target.image()
  }

  /// The pixels of `slice`'s box, as (ink, colourful) counts and the box's area.
  func ink(of slice: TextLayout.Slice, in image: RGBAImage, scale: Double) -> (
    ink: Int, colourful: Int, area: Int
  ) {
    let left = Int((slice.origin.x + 4) * scale)
    let right = Int((slice.origin.x + 4 + slice.advance) * scale)
    let top = Int(4 * scale)
    let bottom = min(Int((4 + font.size * 1.2) * scale), image.height)
    var (ink, colourful) = (0, 0)
    for y in top..<bottom {
      for x in left..<min(right, image.width) {
        let pixel = image[x, y]
        let channels = [pixel.red, pixel.green, pixel.blue]
        if channels.max()! > 40 { ink += 1 }
        if Int(channels.max()!) - Int(channels.min()!) > 40 { colourful += 1 }
      }
    }
    return (ink, colourful, (right - left) * (bottom - top))
  }

  @Test(arguments: [1.0, 2.0])
  func eachClusterIsOnePictureInColour(scale: Double) throws {
    let layout = try layout(scale: scale)
    let pictures = layout.slices.filter { $0.font.design == .emoji }
    // The spaces between keep the text's font: the emoji font's space is an emoji wide.
    #expect(layout.slices.filter(\.isBlank).allSatisfy { $0.font == font })
    #expect(pictures.map(\.text) == Self.emoji)
    let image = try render(layout, scale: scale)
    for picture in pictures {
      // One glyph wide: Noto's pictures are 1.25 em, not two or three glyphs side by side.
      #expect(abs(picture.advance - font.size * 2550 / 2048) < 1, "\(picture.text)")
      let (ink, colourful, area) = ink(of: picture, in: image, scale: scale)
      // A picture fills its square; a missing glyph's box is a thin outline.
      #expect(Double(ink) > 0.25 * Double(area), "\(picture.text): \(ink) of \(area)")
      if picture.text != "👨‍👩‍👧" {  // Noto draws families as grey silhouettes
        #expect(Double(colourful) > 0.1 * Double(area), "\(picture.text): \(colourful)")
      }
    }
  }

  /// An emoji keeps its own colours whatever the text's colour, as SwiftUI's `Text` keeps
  /// them under `foregroundStyle`, and fades with the text's opacity.
  @Test func anEmojiKeepsItsColoursAndFadesWithTheText() throws {
    let layout = try layout("👍🏽")
    let white = try render(layout)
    let green = try render(layout, color: RGBAColor(red: 0, green: 1, blue: 0))
    #expect(white == green)
    let half = try render(layout, opacity: 0.5)
    let brightest = { (image: RGBAImage) in
      stride(from: 0, to: image.bytes.count, by: 4).map {
        max(image.bytes[$0], image.bytes[$0 + 1], image.bytes[$0 + 2])
      }.max()!
    }
    #expect(abs(Double(brightest(half)) - Double(brightest(white)) / 2) < 8)
  }

  /// Emoji stand on the text's baseline: their pictures end about where the text's descent
  /// does, not a line lower or higher.
  @Test func emojiShareTheBaseline() throws {
    let layout = try layout("Ag👍🏽")
    let letters = layout.slices[0].origin.y
    let picture = layout.slices[2].origin.y
    #expect(abs(picture - letters) < font.size * 0.2, "\(picture) against \(letters)")
  }

  /// A ZWJ sequence the font has no picture for shows its parts side by side, as emoji, not
  /// as a box: a cat joined to a dinosaur is two pictures wide.
  @Test func anUnknownSequenceShowsItsPartsAsEmoji() throws {
    let layout = try layout("🐱\u{200D}🦖")
    let picture = try #require(layout.slices.first)
    #expect(layout.slices.count == 1 && picture.font.design == .emoji)
    #expect(abs(picture.advance - 2 * font.size * 2550 / 2048) < 1, "\(picture.advance)")
    let (ink, _, area) = ink(of: picture, in: try render(layout), scale: 1)
    #expect(Double(ink) > 0.25 * Double(area), "\(ink) of \(area)")
  }

  /// Broken sequences draw what they hold, never a crash: a lone ZWJ, a lone regional
  /// indicator, a modifier alone, tags without their flag.
  @Test func brokenSequencesDraw() throws {
    for text in ["a\u{200D}b", "🇫", "🏽", "\u{E0067}\u{E007F}", "\u{20E3}", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"] {
      let image = try render(try layout(text), scale: 1)
      #expect(image.width > 0, "\(text.unicodeScalars.map(\.value))")
    }
  }
}
