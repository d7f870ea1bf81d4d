import TextEffects

/// Shaping as a font without font files does it: one glyph per character, numbered by its
/// first scalar, as wide as `advance` says, left to right as they show (so a run read right to
/// left comes last character first), a glyph unsafe to concatenate after a character whose
/// advance it changes. What the stand-in fonts of the fuzzing and the tests give layout in
/// place of HarfBuzz.
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
    // Cut before this glyph, the one before would lose a kerning pair.
    let before = index > 0 ? characters[index - 1] : nil
    glyphs.append(
      ShapedGlyph(
        id: character.unicodeScalars.first?.value ?? 0, cluster: unit,
        advance: advance(character, next),
        isUnsafeToConcat: before.map { advance($0, character) != advance($0, nil) } ?? false))
    unit += character.utf16.count
  }
  return isRightToLeft ? glyphs.reversed() : glyphs
}
