/// One paragraph's characters as UTF-16, the form ICU and HarfBuzz take text in, with where each
/// character starts.
///
/// Each character keeps at most `DisplayText.scalarsPerCharacter` scalars: shaping and bidi work
/// on a cluster grow with its length, and no real writing stacks more.
struct UTF16Paragraph {
  /// The code units.
  private(set) var units: [UInt16] = []
  /// Where each character's units start, and `units.count` last: `count + 1` values.
  private(set) var starts: [Int] = []
  /// No scalar from Hebrew (U+0590) on: the paragraph reads left to right, needs no bidi and
  /// holds no script but Latin, Greek, Cyrillic, Armenian and the common ones.
  private(set) var isBelowHebrew = true

  init<Characters: Collection<Character>>(_ characters: Characters) {
    units.reserveCapacity(characters.count)
    starts.reserveCapacity(characters.count + 1)
    for character in characters {
      starts.append(units.count)
      if let ascii = character.asciiByte {
        units.append(UInt16(ascii))
        continue
      }
      for scalar in character.unicodeScalars.prefix(DisplayText.scalarsPerCharacter) {
        if scalar.value >= 0x0590 { isBelowHebrew = false }
        units += scalar.utf16
      }
    }
    starts.append(units.count)
  }

  /// How many characters it holds.
  var count: Int { starts.count - 1 }

  /// The character whose units hold unit `offset`.
  func character(atUnit offset: Int) -> Int {
    starts.partitioningIndex { $0 > offset } - 1
  }

  /// The code units of characters `range`.
  func units(of range: Range<Int>) -> Range<Int> {
    starts[range.lowerBound]..<starts[range.upperBound]
  }
}
