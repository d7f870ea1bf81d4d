import CICU

/// Where a line may break (UAX #14) and where words start and end (UAX #29), from ICU's break
/// iterators, which know the dictionaries that Thai, Lao, Khmer and Burmese need (they write no
/// spaces between words) and break Chinese and Japanese between most characters.
package final class TextBoundaries {
  enum Kind: Int32 {
    /// After each: where a line may end.
    case line = 0
    /// Between words, spaces and punctuation.
    case word = 1
    /// After each sentence, with the spaces that follow it (UAX #29).
    case sentence = 2
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
    // ICU counts in 32 bits: a longer paragraph (4 GB of text) breaks anywhere, as above.
    guard units.count < Int(Int32.max) else { return Array(1...units.count) }
    var offsets = [Int32](repeating: 0, count: units.count)
    let count =
      breaker.map {
        te_breaker_boundaries(
          $0, units.baseAddress, Int32(units.count), &offsets, Int32(units.count))
      } ?? -1
    guard count > 0 else { return Array(1...units.count) }
    return offsets.prefix(Int(count)).map(Int.init)
  }

  /// Where the sentences of `text` end that are complete, as far as `text` can tell: each
  /// sentence but the last, which more text may still continue, unless a line break ends it.
  /// What a screen reader is told of a text that grows, a sentence at a time.
  package static func completeSentencesEnd(in text: Substring, language: String? = nil)
    -> String.Index
  {
    let units = Array(text.utf16)
    guard !units.isEmpty else { return text.startIndex }
    if text.last?.isLineBreak == true { return text.endIndex }
    let ends = units.withUnsafeBufferPointer {
      TextBoundaries(.sentence, language: language).boundaries(of: $0)
    }
    // The last boundary is the text's end; the one before it ends the last complete sentence.
    // A boundary inside a character (ICU works on code points) is taken back to its start.
    guard ends.count >= 2 else { return text.startIndex }
    let target = ends[ends.count - 2]
    var offset = 0
    var index = text.startIndex
    while index < text.endIndex {
      let next = offset + text[index].utf16.count
      guard next <= target else { break }
      offset = next
      index = text.index(after: index)
    }
    return index
  }

  /// `text` cut into its words, each with what comes between it and the word before: spaces
  /// and an opening bracket or quote lead the word they come before, punctuation right after a
  /// word stays with it ("effort." then " Mix"), and where no space separates two words (Chinese,
  /// Japanese, Thai) the cut falls between them. Joining the pieces gives `text` back.
  package static func words(of text: String, language: String? = nil) -> [Substring] {
    let units = Array(text.utf16)
    guard !units.isEmpty else { return [] }
    let ends = units.withUnsafeBufferPointer {
      TextBoundaries(.word, language: language).boundaries(of: $0)
    }
    // ICU's segments, each a word, a stretch of white space or something else. A boundary
    // inside a character (ICU works on code points) is no place to cut: the text's own
    // characters are walked beside the boundaries, each once.
    enum Kind { case word, space, other }
    var segments: [(start: String.Index, kind: Kind)] = []
    var segmentStart = text.startIndex
    var index = text.startIndex
    var offset = 0
    for end in ends {
      while offset < end, index < text.endIndex {
        offset += text[index].utf16.count
        index = text.index(after: index)
      }
      guard offset == end else { continue }
      let segment = text[segmentStart..<index]
      let kind: Kind =
        segment.contains { $0.isLetter || $0.isNumber || $0.isEmojiPicture }
        ? .word : segment.allSatisfy(\.isWhitespace) ? .space : .other
      segments.append((segmentStart, kind))
      segmentStart = index
    }
    var cuts: [String.Index] = []
    var seenWord = false
    for (index, segment) in segments.enumerated() where segment.kind == .word {
      if seenWord {
        // Back over what lies between this word and the last: the cut goes before its first
        // white space, or at the word itself when there is none.
        var cut = segment.start
        var back = index - 1
        while back >= 0, segments[back].kind != .word {
          if segments[back].kind == .space { cut = segments[back].start }
          back -= 1
        }
        cuts.append(cut)
      }
      seenWord = true
    }
    var pieces: [Substring] = []
    var start = text.startIndex
    for cut in cuts where cut > start {
      pieces.append(text[start..<cut])
      start = cut
    }
    pieces.append(text[start...])
    return pieces
  }
}
