@testable import TextEffects

extension GlyphDraw {
  /// What the glyph shows, as the tests tell glyphs apart: for a glyph of the stand-in fonts
  /// (`shapeOneGlyphPerCharacter`), whose glyph numbers are their characters' first scalars,
  /// that scalar.
  package var text: String {
    Unicode.Scalar(glyph).map { String($0) } ?? "?"
  }

  /// A glyph told apart by `character`, its scalar as its glyph number, as the stand-in fonts
  /// number theirs (a damage test's glyphs need no font behind them).
  package init(character: Unicode.Scalar, font: Font, origin: Point, color: RGBAColor) {
    self.init(glyph: character.value, font: font, origin: origin, color: color)
  }
}

extension GraphicsContext {
  /// A context that records into `list`, laying strings out in the stand-in fonts, as the one
  /// a renderer hands an effect lays them out in its own.
  package static func standIn(
    _ list: DrawList, foregroundColor: RGBAColor = .white, offset: Point = .zero
  ) -> GraphicsContext {
    var context = GraphicsContext(list: list, foregroundColor: foregroundColor, offset: offset)
    context.typesetter = Typesetter(fonts: FakeMonospaceMetrics())
    return context
  }
}
