import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// Every glyph of a laid-out line is the one HarfBuzz's own shaper, `hb-shape` (Debian's
/// libharfbuzz-bin), picks, and stands where it puts it, to a 64th of a pixel: kerning, an
/// Arabic word's joining forms and a Devanagari syllable's reordering come through layout
/// untouched.
@Suite(.threadOfItsOwn(.waiting)) struct KerningTests {
  @Test(arguments: [
    (Font(design: .proportional, size: 17), "AVAWATAR Today, Wave. Type Tyrant"),
    (Font(design: .monospaced, size: 17), "$ swift test"),
    (Font(design: .proportional, size: 17), "How do I bake sourdough?"),
  ])
  func glyphsStandWhereHarfBuzzsShaperPutsThem(font: Font, text: String) throws {
    let fonts = try FontLibrary.bundled()
    let scale = 2.0
    let layout = TextLayout(
      text: text, font: font, fonts: fonts.metricsProvider(pixelsPerPoint: scale))
    let file = fonts.file(for: font)
    let theirs = try hbShape(
      text, file: file.path, pixels: Int(font.size * scale),
      features: "-liga,-clig,-calt")
    expectSamePlaces(glyphs(of: layout, scale: scale), theirs, text)
  }
}

/// A shaped glyph in pixels: its index and where it is drawn along the line.
struct PlacedGlyph {
  var id: UInt32
  var x: Double
  var y: Double
}

/// The same glyphs in the same places, to a 50th of a pixel.
func expectSamePlaces(
  _ ours: [PlacedGlyph], _ theirs: [PlacedGlyph], _ text: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(ours.map(\.id) == theirs.map(\.id), "\(text)", sourceLocation: sourceLocation)
  let far = zip(ours, theirs).filter { abs($0.x - $1.x) >= 0.02 || abs($0.y - $1.y) >= 0.02 }
  #expect(
    far.isEmpty, "\(text): \(far.prefix(3).map { ($0.0.x, $0.1.x) })",
    sourceLocation: sourceLocation)
}

/// The glyphs of `layout`'s first line, left to right as they show, from the line's left end.
func glyphs(of layout: TextLayout, scale: Double) -> [PlacedGlyph] {
  let line = layout.lines[0]
  let slices = layout.slices[line.slices].sorted { $0.origin.x < $1.origin.x }
  let left = slices.first?.origin.x ?? 0
  return slices.flatMap { slice in
    slice.glyphs.map {
      PlacedGlyph(
        id: $0.id, x: (slice.origin.x + $0.offset.x - left) * scale, y: $0.offset.y * scale)
    }
  }
}

/// What `hb-shape` makes of `text` in the font file at `pixels` pixels to the em, set up as
/// the program sets up HarfBuzz (FreeType's functions, light hinting), left to right as they
/// show, in pixels; the glyphs of spaces left out, as layout keeps none for them.
func hbShape(
  _ text: String, file: String, pixels: Int, features: String? = nil, language: String? = nil
)
  throws -> [PlacedGlyph]
{
  struct Glyph: Decodable {
    var g: UInt32
    var cl: Int
    var dx: Int
    var dy: Int
    var ax: Int
  }
  var arguments = [
    "--font-funcs=ft", "--font-size=\(pixels * 64)", "--font-ppem=\(pixels)",
    // FT_LOAD_TARGET_LIGHT
    "--ft-load-flags=65536", "--output-format=json", "--no-glyph-names",
  ]
  if let features { arguments.append("--features=\(features)") }
  if let language { arguments.append("--language=\(language)") }
  let output = try output(of: "hb-shape", arguments + [file, text])
  let bytes = Array(text.utf8)
  let isBlank = { (offset: Int) in
    String(decoding: bytes[offset...], as: UTF8.self).first?.isWhitespace ?? false
  }
  var pen = 0.0
  return try JSONDecoder().decode([Glyph].self, from: Data(output.utf8)).compactMap { glyph in
    defer { pen += Double(glyph.ax) / 64 }
    guard !isBlank(glyph.cl) else { return nil }
    return PlacedGlyph(id: glyph.g, x: pen + Double(glyph.dx) / 64, y: -Double(glyph.dy) / 64)
  }
}
