import CICU

/// Where a line may break (UAX #14) and where words start and end (UAX #29), from ICU's break
/// iterators, which know the dictionaries that Thai, Lao, Khmer and Burmese need (they write no
/// spaces between words) and break Chinese and Japanese between most characters.
final class TextBoundaries {
  enum Kind: Int32 {
    /// After each: where a line may end.
    case line = 0
    /// Between words, spaces and punctuation.
    case word = 1
  }

  /// ICU's iterator, kept for every text this is asked about: opening one costs far more than
  /// using it. Nil when ICU could not open it.
  private let breaker: OpaquePointer?

  /// Boundaries of `kind` as a reader of `language` (a BCP 47 tag; nil for the root locale's
  /// rules) finds them.
  init(_ kind: Kind, language: String? = nil) {
    breaker = te_breaker_open(kind.rawValue, language ?? "")
  }

  deinit { te_breaker_close(breaker) }

  /// The boundaries of `units` (code unit offsets, ascending, 0 left out, `units.count` last).
  /// When ICU cannot work, every code unit is a boundary: lines then break anywhere rather
  /// than nowhere.
  func boundaries(of units: UnsafeBufferPointer<UInt16>) -> [Int] {
    guard !units.isEmpty else { return [] }
    var offsets = [Int32](repeating: 0, count: units.count)
    let count =
      breaker.map {
        te_breaker_boundaries(
          $0, units.baseAddress, Int32(units.count), &offsets, Int32(units.count))
      } ?? -1
    guard count > 0 else { return Array(1...units.count) }
    return offsets.prefix(Int(count)).map(Int.init)
  }

  /// `text` cut where words and the spaces after them end, each piece a word with what follows
  /// it up to the next word (spaces, punctuation), so that joining the pieces gives `text`
  /// back: a Chinese or Thai sentence, written without spaces, comes apart into its words.
  package static func words(of text: String, language: String? = nil) -> [Substring] {
    let units = Array(text.utf16)
    guard !units.isEmpty else { return [] }
    let ends = units.withUnsafeBufferPointer {
      TextBoundaries(.word, language: language).boundaries(of: $0)
    }
    var pieces: [Substring] = []
    var pieceStart = text.startIndex
    var segmentStart = text.startIndex
    var pieceHasWord = false
    var cursor = text.utf16.startIndex
    var previous = 0
    for end in ends {
      cursor = text.utf16.index(cursor, offsetBy: end - previous)
      previous = end
      // A boundary inside a character (ICU works on code points) is no place to cut.
      guard let boundary = cursor.samePosition(in: text) else { continue }
      let isWord = text[segmentStart..<boundary].contains {
        $0.isLetter || $0.isNumber || $0.isEmojiPicture
      }
      if isWord, pieceHasWord {
        pieces.append(text[pieceStart..<segmentStart])
        pieceStart = segmentStart
      }
      pieceHasWord = pieceHasWord || isWord
      segmentStart = boundary
    }
    if pieceStart < text.endIndex { pieces.append(text[pieceStart...]) }
    return pieces
  }
}
