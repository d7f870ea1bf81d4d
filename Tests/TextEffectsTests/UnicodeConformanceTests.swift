import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects

/// Layout against Unicode's own conformance files, as Debian's unicode-data installs them: the
/// order lines show in (BidiCharacterTest.txt, UAX #9) and where lines may break and words end
/// (LineBreakTest.txt, UAX #14; WordBreakTest.txt, UAX #29).
@Suite(.threadOfItsOwn(.computing)) struct UnicodeConformanceTests {
  static let folder = URL(fileURLWithPath: "/usr/share/unicode")

  /// The file's cases: its lines without comments, cut at ";".
  static func cases(_ name: String) throws -> [[Substring]] {
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
      return content.isEmpty ? nil : content.split(separator: ";", omittingEmptySubsequences: false)
    }
  }

  static func scalars(_ field: Substring) -> [Unicode.Scalar] {
    field.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
  }

  /// Every character one point wide, so where each stands says the order they show in.
  struct UnitFonts: FontMetricsProvider, FontMetrics {
    var ascent: Double { 8 }
    var descent: Double { 2 }
    var lineHeight: Double { 10 }
    func shape(
      _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
      script: ScriptTag, language: String?
    ) -> [ShapedGlyph] {
      shapeOneGlyphPerCharacter(paragraph, run: run, isRightToLeft: isRightToLeft) { _, _ in 1 }
    }
    func metrics(for font: Font) -> any FontMetrics { self }
  }

  /// What a batch of BidiCharacterTest's cases came to.
  struct BidiOutcome {
    var passed = 0
    var failed: [String] = []
    /// Cases whose expected order cuts a grapheme cluster apart (its marks reordered away from
    /// their base, which layout keeps together as one slice), or that hold a paragraph
    /// separator (layout starts a new paragraph there): not comparable slice by slice.
    var leftOut = 0
    /// Cases where ICU's own levels are not the file's: what ICU decides, layout follows.
    var icuDiffers: [String] = []
  }

  static let bidiBatches = 8

  /// BidiCharacterTest.txt's cases, read once for every batch.
  static let bidiCases = Result { try cases("BidiCharacterTest.txt") }

  static func bidiOutcome(batch: Int) throws -> BidiOutcome {
    var outcome = BidiOutcome()
    // One context for the batch's layouts, as a stream keeps one for its pieces: its fonts and
    // ICU's line breaker made once, not for each of 11,000 lines.
    let context = LayoutContext(font: Font(size: 10), fonts: UnitFonts(), language: nil)
    for (number, fields) in try bidiCases.get().enumerated() where number % bidiBatches == batch {
      let scalars = Self.scalars(fields[0])
      let base: BidiParagraph.BaseDirection =
        switch fields[1] {
        case "0": .leftToRight
        case "1": .rightToLeft
        default: .firstStrong
        }
      let levels = fields[3].split(separator: " ").map { Int($0) }
      let order = fields[4].split(separator: " ").compactMap { Int($0) }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      let characters = Array(text)
      guard !characters.contains(where: \.isLineBreak) else {
        outcome.leftOut += 1
        continue
      }
      // Which character each code point belongs to.
      var owner: [Int] = []
      for (index, character) in characters.enumerated() {
        owner += Array(repeating: index, count: character.unicodeScalars.count)
      }
      // The characters in the order the file shows their code points, each once; those
      // wholly removed by rule X9 take no part.
      var expected: [Int] = []
      for point in order where expected.last != owner[point] {
        expected.append(owner[point])
      }
      guard Set(expected).count == expected.count else {
        outcome.leftOut += 1
        continue
      }
      // ICU's levels, code point by code point, against the file's.
      let units = scalars.flatMap { Array($0.utf16) }
      let icu = BidiParagraph(units, base: base)?.levels ?? []
      var unit = 0
      var icuAgrees = true
      for (point, scalar) in scalars.enumerated() {
        if let level = levels[point], unit < icu.count, Int(icu[unit]) != level {
          icuAgrees = false
        }
        unit += scalar.utf16.count
      }
      var unused: ShapedParagraph?
      let laid = TextLayout(
        text: text, context: context, width: nil, lineSpacing: 0, direction: base,
        fillsWidth: false, lastParagraph: &unused)
      let shown = Set(expected)
      let ours = laid.slices.filter { shown.contains($0.characterIndex) }
        .sorted { $0.origin.x < $1.origin.x }.map(\.characterIndex)
      // Each character's direction is its first shown code point's level.
      var firstLevel: [Int: Int] = [:]
      for (point, level) in levels.enumerated() {
        if let level, firstLevel[owner[point]] == nil { firstLevel[owner[point]] = level }
      }
      let directions = laid.slices.allSatisfy { slice in
        firstLevel[slice.characterIndex].map { ($0 & 1 == 1) == slice.isRightToLeft } ?? true
      }
      if ours == expected && directions {
        outcome.passed += 1
      } else if !icuAgrees {
        outcome.icuDiffers.append("line \(number): \(fields[0])")
      } else if outcome.failed.count < 5 {
        outcome.failed.append("line \(number): \(fields[0]) showed \(ours), not \(expected)")
      } else {
        outcome.failed.append("")
      }
    }
    return outcome
  }

  /// Every case of BidiCharacterTest.txt shows its characters in the file's order, each read
  /// in its level's direction, but those layout cannot compare (`BidiOutcome.leftOut`) and
  /// those where ICU 72's own levels are not the file's: 22 of 91,699, all in the file's
  /// section on Unicode 8.0's changes to overrides and embeddings next to each other, which
  /// ICU resolves its own way (its `ubidi_getLevels` says so, before layout is involved).
  @Test(arguments: 0..<bidiBatches)
  func linesShowInTheOrderUnicodeGives(batch: Int) throws {
    let outcome = try Self.bidiOutcome(batch: batch)
    print(
      "BidiCharacterTest batch \(batch): \(outcome.passed) passed, \(outcome.failed.count) "
        + "failed, \(outcome.leftOut) left out, ICU's levels differ in \(outcome.icuDiffers)")
    #expect(outcome.failed.isEmpty, "\(outcome.failed.prefix(5))")
    #expect(outcome.passed > 11_000 && outcome.icuDiffers.count <= 5)
  }

  /// The code-point offsets after which the file lets a break fall ("÷"), and the code points.
  static func breakCase(_ line: Substring) -> (scalars: [Unicode.Scalar], breaks: [Int]) {
    var scalars: [Unicode.Scalar] = []
    var breaks: [Int] = []
    for token in line.split(separator: " ") {
      if token == "÷" {
        if !scalars.isEmpty { breaks.append(scalars.count) }
      } else if token != "×", let value = UInt32(token, radix: 16),
        let scalar = Unicode.Scalar(value)
      {
        scalars.append(scalar)
      }
    }
    return (scalars, breaks)
  }

  /// `boundaries`' offsets (in UTF-16 units of `scalars`) as code-point offsets.
  static func scalarOffsets(_ offsets: [Int], of scalars: [Unicode.Scalar]) -> [Int] {
    var unitToScalar: [Int: Int] = [0: 0]
    var unit = 0
    for (index, scalar) in scalars.enumerated() {
      unit += scalar.utf16.count
      unitToScalar[unit] = index + 1
    }
    return offsets.compactMap { unitToScalar[$0] }
  }

  /// How a file's cases came out: passed, failed, and those that differ only where ICU follows
  /// a tailoring Unicode allows.
  struct BoundaryOutcome {
    var passed = 0
    var failed: [String] = []
    var tailored = 0
    /// Cases with a character whose class ICU's newer Unicode changed, that ICU breaks
    /// otherwise than the older file says.
    var changedSinceTheFile = 0
  }

  /// Each case of `file` through ICU's `kind` boundaries; a difference at an offset
  /// `isTailored` accepts counts as tailored, not failed, and a case with one of `changed`
  /// (characters ICU classes otherwise than the file's Unicode did) as changed.
  static func boundaryOutcome(
    _ file: String, kind: TextBoundaries.Kind, changed: Set<Unicode.Scalar> = [],
    isTailored: (_ scalars: [Unicode.Scalar], _ offset: Int) -> Bool
  ) throws -> BoundaryOutcome {
    let boundaries = TextBoundaries(kind)
    var outcome = BoundaryOutcome()
    for fields in try cases(file) {
      let (scalars, expected) = breakCase(fields[0])
      let units = scalars.flatMap { Array($0.utf16) }
      let ours = scalarOffsets(
        units.withUnsafeBufferPointer { boundaries.boundaries(of: $0) }, of: scalars)
      let differing = Set(ours).symmetricDifference(expected)
      if differing.isEmpty {
        outcome.passed += 1
      } else if differing.allSatisfy({ isTailored(scalars, $0) }) {
        outcome.tailored += 1
      } else if scalars.contains(where: changed.contains) {
        outcome.changedSinceTheFile += 1
      } else {
        outcome.failed.append("\(fields[0]): breaks after \(ours), not \(expected)")
      }
    }
    return outcome
  }

  /// The scalar before `offset`, past combining marks and word joiners (which take the
  /// class of what they follow).
  static func base(before offset: Int, in scalars: [Unicode.Scalar]) -> Unicode.Scalar? {
    var index = offset - 1
    while index >= 0,
      scalars[index].properties.generalCategory == .nonspacingMark || scalars[index] == "\u{2060}"
    {
      index -= 1
    }
    return index >= 0 ? scalars[index] : nil
  }

  /// Every case of LineBreakTest.txt: a line may break where the file says and nowhere else,
  /// but beside a hyphen, comma or full stop, where ICU keeps the tailoring for numbers UAX #14
  /// itself gives as an example (section 8.2, example 7: "-#", ",0" and ".2" stay together, and
  /// a line breaks before ".35", not after its stop).
  ///
  /// The file may be of an older Unicode than ICU's (Debian 13 has unicode-data 15.1 and ICU
  /// 76, which follows Unicode 16.0, where Balinese digits became AS): a case holding a
  /// character ICU classes otherwise than the file's LineBreak.txt is not held to the old
  /// answer, and there are few such.
  @Test func linesBreakWhereUnicodeLetsThem() throws {
    let changed = try Self.lineBreakClassesChangedSinceTheFile()
    let outcome = try Self.boundaryOutcome(
      "auxiliary/LineBreakTest.txt", kind: .line, changed: changed
    ) {
      scalars, offset in
      let numberPunctuation: Set<Unicode.Scalar> = ["-", ",", "."]
      return Self.base(before: offset, in: scalars).map(numberPunctuation.contains) == true
        || (offset < scalars.count && numberPunctuation.contains(scalars[offset]))
    }
    print(
      "LineBreakTest: \(outcome.passed) passed, \(outcome.failed.count) failed, "
        + "\(outcome.tailored) tailored, \(outcome.changedSinceTheFile) changed since the file's "
        + "Unicode (\(changed.count) characters classed otherwise by ICU)")
    #expect(outcome.failed.isEmpty, "\(outcome.failed.count) failed: \(outcome.failed.prefix(5))")
    #expect(outcome.passed > 7_500 && outcome.tailored < 30)
    #expect(outcome.changedSinceTheFile < 100)
  }

  /// The characters ICU gives another Line_Break class than the conformance files'
  /// LineBreak.txt does, when the file is of an older Unicode than ICU follows; none when
  /// both follow the same (ICU must then agree with the file everywhere).
  static func lineBreakClassesChangedSinceTheFile() throws -> Set<Unicode.Scalar> {
    let text = try String(
      contentsOf: folder.appendingPathComponent("LineBreak.txt"), encoding: .utf8)
    // "# LineBreak-15.1.0.txt": its Unicode version, as ICU says its own ("16.0").
    let fileVersion = try #require(
      text.split(separator: "\n").first?.split(separator: "-").last?.split(separator: ".")
        .prefix(2).compactMap { Int($0) })
    let icuVersion = TextAnalysisVersion.unicode.split(separator: ".").prefix(2).compactMap {
      Int($0)
    }
    var changed = Set<Unicode.Scalar>()
    var listed = 0
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "#")[0].split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard fields.count == 2 else { continue }
      let ends = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
      guard let first = ends.first, let last = ends.last else { continue }
      listed += Int(last - first + 1)
      for value in first...last {
        guard let scalar = Unicode.Scalar(value),
          TextAnalysisVersion.lineBreakClass(of: scalar) != fields[1]
        else { continue }
        changed.insert(scalar)
      }
    }
    // Unicode 15 lists 351,382 code points' classes.
    #expect(listed > 300_000, "LineBreak.txt lists \(listed) code points")
    if fileVersion == icuVersion {
      #expect(
        changed.isEmpty,
        "ICU classes \(changed.count) characters otherwise than its own Unicode's file")
      return []
    }
    return changed
  }

  /// Every case of WordBreakTest.txt: words end where the file says, but at a colon between
  /// letters, which CLDR's root locale (and so ICU) does not count inside a word (only Swedish
  /// and Finnish do, as in "EU:s").
  @Test func wordsEndWhereUnicodeSays() throws {
    let outcome = try Self.boundaryOutcome("auxiliary/WordBreakTest.txt", kind: .word) {
      scalars, offset in
      Self.base(before: offset, in: scalars) == ":"
        || (offset < scalars.count && scalars[offset] == ":")
    }
    print(
      "WordBreakTest: \(outcome.passed) passed, \(outcome.failed.count) failed, "
        + "\(outcome.tailored) tailored")
    #expect(outcome.failed.isEmpty, "\(outcome.failed.count) failed: \(outcome.failed.prefix(5))")
    #expect(outcome.passed > 1_500 && outcome.tailored < 20)
  }
}
