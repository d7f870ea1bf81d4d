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

extension DrawList.Glyph {
  /// A glyph told apart by `character`, its scalar as its glyph number, as the stand-in fonts
  /// number theirs (a damage test's glyphs need no font behind them).
  package init(character: Unicode.Scalar, font: Font, origin: Point, color: RGBAColor) {
    self.init(content: .glyph(character.value), font: font, origin: origin, color: color)
  }

  /// The scalar a glyph made by ``init(character:font:origin:color:)`` stands for; a label's
  /// string is its list's to say (``DrawList/drawn(_:)``).
  package var text: String {
    guard case .glyph(let id) = content else { return "?" }
    return Unicode.Scalar(id).map { String($0) } ?? "?"
  }
}

extension DrawList {
  /// A command with its label's string in place.
  package enum Drawn: Equatable {
    case glyph(GlyphDraw)
    case shape(ShapeDraw)
  }

  /// The frame's commands as drawn: what frames of two lists are compared by, as a label
  /// names a string of its own list's.
  package var drawnCommands: [Drawn] {
    commands.map {
      switch $0 {
      case .glyph(let glyph): .glyph(drawn(glyph))
      case .shape(let shape): .shape(shape)
      }
    }
  }
}
