extension Character {
  /// Whether the cluster shows as a colour picture rather than a text glyph, by Unicode's
  /// emoji presentation rules (UTS #51): a scalar whose default presentation is emoji (😀, a
  /// regional indicator, a skin-tone modifier), or any emoji asked for as one with VS16 (❤️), a
  /// keycap (1️⃣, 1⃣), or a ZWJ sequence of emoji (👨‍👩‍👧). VS15 asks for text and wins. Plain
  /// digits, `#`, `©` and the like are emoji only in those sequences, so they stay text.
  package var isEmojiPicture: Bool {
    let scalars = unicodeScalars
    // Below the combining keycap no scalar is emoji in itself: most text is answered here,
    // without looking up a property.
    if scalars.allSatisfy({ $0.value < 0x20E3 }) { return false }
    if scalars.contains("\u{FE0E}") { return false }
    if scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}") {
      return scalars.first?.properties.isEmoji == true
    }
    if scalars.contains(where: \.properties.isEmojiPresentation) { return true }
    return scalars.contains("\u{200D}")
      && scalars.contains { $0.properties.isEmoji && $0.value > 0x7F }
  }
}
