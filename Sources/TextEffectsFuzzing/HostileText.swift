import Foundation
import TextEffects
import TextEffectsApp

/// Seeded text of the kinds people paste and pipes deliver: controls, NUL, every sort of blank
/// and line break, combining marks by the dozen, ZWJ emoji, flags and skin tones, right-to-left
/// scripts and bidi controls, CJK and conjoining Hangul, private-use, unassigned and
/// noncharacter code points, and words thousands of characters long.
package struct HostileText {
  private var random: SeededRandom

  package init(seed: UInt64) {
    random = SeededRandom(seed: seed)
  }

  /// Code point ranges, each with how often a piece draws from it. None holds a surrogate.
  static let pools: [(weight: Int, scalars: ClosedRange<UInt32>)] = [
    (30, 0x20...0x7E),  // ASCII
    (4, 0x00...0x1F),  // C0 controls, NUL, tab and the line breaks among them
    (1, 0x7F...0x9F),  // DEL and C1 controls, NEL among them
    (3, 0x0300...0x036F),  // combining marks
    (2, 0x05D0...0x05EA),  // Hebrew
    (2, 0x0620...0x064A),  // Arabic
    (1, 0x0900...0x097F),  // Devanagari
    (1, 0x0E00...0x0E7F),  // Thai
    (1, 0x1100...0x11FF),  // conjoining Hangul jamo
    (2, 0x2000...0x206F),  // spaces, joiners, bidi controls, line and paragraph separators
    (1, 0x3000...0x303F),  // CJK punctuation and the ideographic space
    (3, 0x4E00...0x9FFF),  // CJK ideographs
    (1, 0xAC00...0xD7A3),  // Hangul syllables
    (2, 0xE000...0xF8FF),  // private use
    (1, 0xFDD0...0xFDEF),  // noncharacters
    (1, 0xFE00...0xFE0F),  // variation selectors
    (1, 0xFFF0...0xFFFF),  // specials, U+FFFD, U+FFFE and U+FFFF
    (1, 0x1F1E6...0x1F1FF),  // regional indicators: flags
    (3, 0x1F300...0x1FAFF),  // emoji and skin tones
    (1, 0xE0000...0xE007F),  // tags
    (1, 0xE0080...0xEFFFF),  // unassigned
    (1, 0xF0000...0x10FFFF),  // supplementary private use and the last noncharacters
  ]

  /// Up to `maxLength` pieces: a scalar from a pool, or now and then a stack of marks, a ZWJ
  /// family, a flag, CR LF, or one long word.
  package mutating func text(maxLength: Int) -> String {
    var text = ""
    let length = Int.random(in: 0...maxLength, using: &random)
    for _ in 0..<length {
      switch Int.random(in: 0..<100, using: &random) {
      case 0:
        text += "Z" + String(repeating: "\u{301}\u{334}\u{35C}", count: random(in: 1...40))
      case 1: text += "\u{1F469}\u{1F3FD}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
      case 2: text += "\u{1F1EF}\u{1F1F5}"
      case 3: text += "\r\n"
      case 4: text += String(repeating: "w", count: random(in: 1...3_000))
      case 5: text += "\t"
      default: text.unicodeScalars.append(scalar())
      }
    }
    return text
  }

  /// A text at the extremes: one character, one mark or one cluster repeated, or a hostile
  /// piece repeated, up to `maxLength` times, the count drawn on a logarithmic scale so that
  /// one, a thousand and a million are as likely.
  package mutating func extremeText(maxLength: Int) -> String {
    let exponent = Double.random(in: 0...log10(Double(max(maxLength, 1))), using: &random)
    let count = max(Int(pow(10, exponent)), 1)
    let unit: String
    switch random(in: 0...5) {
    case 0: unit = String(scalar())
    case 1: unit = String(Unicode.Scalar(UInt32(random(in: 0x0300...0x036F)))!)
    case 2: unit = Self.clusters[random(in: 0...(Self.clusters.count - 1))]
    case 3: unit = String(repeating: "w", count: random(in: 1...9)) + " "
    default: unit = text(maxLength: 12)
    }
    return Self.repeated(unit, toAbout: count)
  }

  /// Clusters that join across what repeats them, or do not: ZWJ sequences, flags, keycaps,
  /// skin tones and hair, a tag sequence (Scotland's flag), VS16 and VS15, conjoining jamo,
  /// CR LF, a letter and its accent, lam-alef (one ligature, joined to its neighbours), a Thai
  /// word (repeated, one word the dictionary must cut), a Devanagari conjunct, and the broken: a
  /// lone ZWJ, a lone regional indicator, a modifier alone, tags without their flag, a keycap
  /// mark alone, a right-to-left override or isolate never closed, a bracket never paired.
  static let clusters = [
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1EB}\u{1F1F7}", "1\u{FE0F}\u{20E3}",
    "\u{1F44D}\u{1F3FD}", "\u{1100}\u{1161}\u{11A8}", "\r\n", "e\u{301}", "\u{200D}",
    "\u{1F1EB}", "\u{1F3FD}", "\u{1F9D1}\u{1F3FF}\u{200D}\u{1F9B0}",
    "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "\u{2764}\u{FE0F}",
    "\u{2764}\u{FE0E}", "#\u{20E3}", "\u{E0067}\u{E007F}", "\u{20E3}", "\u{0644}\u{0627}",
    "\u{0E2A}\u{0E27}\u{0E31}\u{0E2A}\u{0E14}\u{0E35}", "\u{0915}\u{094D}\u{0937}", "\u{202E}",
    "\u{2067}\u{05D0}", "(",
  ]

  /// `unit` repeated until the text holds about `count` scalars (at least one unit).
  package static func repeated(_ unit: String, toAbout count: Int) -> String {
    let scalars = max(unit.unicodeScalars.count, 1)
    return String(repeating: unit, count: max(count / scalars, 1))
  }

  /// libFuzzer's way to the extremes: an input whose first byte is 0xFF stands for its second
  /// byte's count (10 to the power of it modulo 7) of copies of the rest, so a short input
  /// reaches millions of characters, but never more than `longest` scalars (a 4 KB unit a
  /// million times would be gigabytes); any other input is its own bytes as UTF-8.
  package static func decode(fuzzerInput bytes: [UInt8], longest: Int = 4_000_000) -> String {
    guard bytes.count > 2, bytes[0] == 0xFF else { return String(decoding: bytes, as: UTF8.self) }
    let unit = String(decoding: bytes[2...], as: UTF8.self)
    let count = Int(pow(10, Double(bytes[1] % 7)))
    return repeated(unit, toAbout: min(count * max(unit.unicodeScalars.count, 1), longest))
  }

  /// Up to `maxLength` bytes, most of them UTF-8 and some not.
  package mutating func bytes(maxLength: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    let length = Int.random(in: 0...maxLength, using: &random)
    while bytes.count < length {
      if Int.random(in: 0..<4, using: &random) == 0 {
        bytes.append(UInt8.random(in: 0...255, using: &random))
      } else {
        bytes += Array(String(scalar()).utf8)
      }
    }
    return bytes
  }

  package mutating func random(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &random)
  }

  private mutating func scalar() -> Unicode.Scalar {
    let total = Self.pools.reduce(0) { $0 + $1.weight }
    var pick = Int.random(in: 0..<total, using: &random)
    for pool in Self.pools {
      guard pick >= pool.weight else {
        return Unicode.Scalar(UInt32.random(in: pool.scalars, using: &random)) ?? "\u{FFFD}"
      }
      pick -= pool.weight
    }
    return "\u{FFFD}"
  }
}
