@testable import TextEffects

extension GlyphDraw {
  /// What the glyph shows, as the tests tell glyphs apart: a text draw's own string, and for
  /// a glyph of the stand-in fonts (`shapeOneGlyphPerCharacter`), whose glyph numbers are their
  /// characters' first scalars, that scalar.
  package var text: String {
    switch content {
    case .text(let text, _): text
    case .glyph(let id): Unicode.Scalar(id).map { String($0) } ?? "?"
    }
  }

  /// A draw of `text` with its pen at `origin`.
  package init(text: String, font: Font, origin: Point, color: RGBAColor) {
    self.init(
      content: .text(text, endsAtOrigin: false), font: font, origin: origin, color: color)
  }
}
