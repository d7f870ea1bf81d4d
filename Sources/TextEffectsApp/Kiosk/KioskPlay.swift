import FoundationEssentials
import TextEffects

/// One item as the kiosk showed it, for proof of play: which, what, from when to when on the
/// kiosk's clock, and whether it ran its whole time (or was cut short by an edit of the content,
/// its show window closing, or the kiosk ending).
package struct KioskPlay: Equatable, Sendable {
  /// Its place in the content, from 1.
  package var item: Int
  package var scene: SceneKind
  /// The first words of its text, as a screen reader is given it: enough to tell items apart.
  package var words: String
  package var start: Double
  package var end: Double
  package var isWhole: Bool

  /// At most this many characters of an item's text are kept, cut at a word.
  static let wordsLength = 60

  /// The first words of `texts`, joined, cut after a word within ``wordsLength`` characters.
  static func firstWords(of texts: [SpokenText]) -> String {
    let text = texts.map(\.text).joined(separator: " ").split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    guard text.count > wordsLength else { return text }
    let cut = text.prefix(wordsLength)
    return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "\u{2026}"
  }

  /// The play as one JSON line, its times in UTC: `wallClock` is the wall clock's time, in
  /// seconds since 1970, when the kiosk's clock read `now`.
  package func jsonLine(wallClock: Double, now: Double) -> String {
    func utc(_ time: Double) -> String {
      UTCTime.milliseconds(Date(timeIntervalSince1970: wallClock - (now - time)))
    }
    return JSONLine.object([
      "item": item, "scene": scene.rawValue, "text": words, "start": utc(start),
      "end": utc(end), "whole": isWhole,
    ])
  }
}
