import TextEffects

/// Shaping as a font without font files does it: one glyph per character, numbered by its
/// first scalar, as wide as `advance` says, left to right as they show (so a run read right to
/// left comes last character first). What the stand-in fonts of the fuzzing and the tests give
/// layout in place of HarfBuzz.
package func shapeOneGlyphPerCharacter(
  _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
  advance: (_ character: Character, _ next: Character?) -> Double
) -> [ShapedGlyph] {
  let text = String(decoding: paragraph[run], as: UTF16.self)
  let characters = Array(text)
  var glyphs: [ShapedGlyph] = []
  glyphs.reserveCapacity(characters.count)
  var unit = run.lowerBound
  for (index, character) in characters.enumerated() {
    let next = index + 1 < characters.count ? characters[index + 1] : nil
    glyphs.append(
      ShapedGlyph(
        id: character.unicodeScalars.first?.value ?? 0, cluster: unit,
        advance: advance(character, next)))
    unit += character.utf16.count
  }
  return isRightToLeft ? glyphs.reversed() : glyphs
}
