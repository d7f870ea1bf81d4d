/// The streaming seed's formulas: each character's opacity, the front's speed, the kept prefix.
package enum StreamingMath {
  /// The seed's defaults: the front crosses 80 characters a second with a 10-character soft edge.
  package static let defaultCharactersPerSecond = 80.0
  package static let defaultFade = 10.0
  package static let durationLimit: ClosedRange<Double> = 0.15...1.5

  /// How opaque a character is when `visible` of them have arrived: whole once the front has
  /// passed it by `fade` characters, clear ahead of the front and in between on the way.
  package static func opacity(of index: Double, visible: Double, fade: Double) -> Double {
    guard fade > 0 else { return index < visible ? 1 : 0 }
    return min(max((visible - index) / fade, 0), 1)
  }

  /// How long the front takes to cross `characters`: short for a word, capped for a long
  /// chunk, so a burst of text never keeps the reader waiting.
  package static func duration(
    for characters: Double, charactersPerSecond: Double,
    limit: ClosedRange<Double> = durationLimit
  ) -> Double {
    guard characters > 0, charactersPerSecond > 0 else { return limit.lowerBound }
    return min(max(characters / charactersPerSecond, limit.lowerBound), limit.upperBound)
  }

  /// How many characters (grapheme clusters) two texts have in common at their start.
  package static func sharedPrefix(_ first: String, _ second: String) -> Int {
    zip(first, second).prefix { $0 == $1 }.count
  }
}
