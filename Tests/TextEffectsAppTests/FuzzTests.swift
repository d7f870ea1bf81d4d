import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// Thousands of seeded hostile inputs through layout, the renderers and the scenes, measured
/// with stand-in fonts of uneven widths and gaps; the SDL tests run real fonts over fewer. `scripts/fuzz` runs
/// libFuzzer over the same checks for as long as one likes.
@Suite(.threadOfItsOwn(.computing)) struct FuzzTests {
  let check = TextCheck(fonts: StandInFonts())

  @Test(arguments: 0..<8)
  func hostileTextIsHandled(batch: UInt64) {
    var source = HostileText(seed: batch)
    for number in 0..<250 {
      let text = source.text(maxLength: number % 50 == 0 ? 400 : 40)
      let start = ThreadTime.now
      let problems = check.problems(with: text)
      let elapsed = ThreadTime.now - start
      #expect(problems.isEmpty, "seed \(batch) case \(number): \(problems.prefix(3))")
      // Debug build, two cores, other tests beside: far above what a case takes (milliseconds).
      #expect(elapsed < TimeBound.seconds(5), "seed \(batch) case \(number) took \(elapsed)")
    }
  }

  /// Lengths on a logarithmic scale up to four million characters: one character, mark or
  /// cluster repeated, or a hostile piece repeated. Each case ends without a problem, in time
  /// that grows no faster than the text (held to its first tenth's; the dearest take 6 to 7 s
  /// in a debug build on a slow machine, too near any fixed bound).
  @Test(arguments: 0..<4)
  func extremeTextIsHandledInBoundedTime(batch: UInt64) {
    var source = HostileText(seed: 300 + batch)
    for number in 0..<5 {
      let text = source.extremeText(maxLength: 4_000_000)
      let label = "seed \(300 + batch) case \(number) (\(text.unicodeScalars.count) scalars)"
      func timed(_ text: String) -> (problems: [String], took: Duration) {
        let start = ContinuousClock.now
        let problems = check.problems(with: text)
        return (problems, ContinuousClock.now - start)
      }
      let tenth = timed(TimeBound.firstTenth(of: text))
      let whole = timed(text)
      #expect(tenth.problems.isEmpty, "\(label), its first tenth: \(tenth.problems.prefix(3))")
      #expect(whole.problems.isEmpty, "\(label): \(whole.problems.prefix(3))")
      #expect(
        whole.took < TimeBound.growingWithTheText(whatItsFirstTenthTook: tenth.took),
        "\(label) took \(whole.took), its first tenth \(tenth.took)")
    }
  }

  /// libFuzzer reaches the extremes through short inputs: 0xFF, a power of ten, a unit.
  @Test func fuzzerInputsStandForRepeatedText() {
    #expect(HostileText.decode(fuzzerInput: Array("abc".utf8)) == "abc")
    #expect(HostileText.decode(fuzzerInput: [0xFF, 3] + Array("ab".utf8)).count == 2_000)
    #expect(
      HostileText.decode(fuzzerInput: [0xFF, 6] + Array("\u{301}".utf8)).unicodeScalars.count
        == 1_000_000)
    #expect(HostileText.decode(fuzzerInput: [0xFF, 0xFF]) == "\u{FFFD}\u{FFFD}")
    // A 4,000-letter unit a million times would be 4 GB; whole units up to the longest.
    let long = [0xFF, 6] + Array(String(repeating: "ab", count: 2_000).utf8)
    #expect(HostileText.decode(fuzzerInput: long).utf8.count == 4_000_000)
    #expect(HostileText.decode(fuzzerInput: long, longest: 10_000).utf8.count == 8_000)
  }

  @Test(arguments: 0..<4)
  func randomBytesAreHandled(batch: UInt64) {
    var source = HostileText(seed: 100 + batch)
    for number in 0..<250 {
      let text = String(decoding: source.bytes(maxLength: 60), as: UTF8.self)
      let problems = check.problems(with: text)
      #expect(problems.isEmpty, "seed \(100 + batch) case \(number): \(problems.prefix(3))")
    }
  }

  /// Standard input arrives in pieces cut anywhere, even inside a character: the decoded
  /// pieces add up to the bytes decoded whole.
  @Test func bytesCutAnywhereDecodeAsAWhole() {
    var source = HostileText(seed: 7)
    for _ in 0..<2_000 {
      let bytes = source.bytes(maxLength: 80)
      var decoder = UTF8StreamDecoder()
      var decoded = ""
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + source.random(in: 1...7))
        decoded += decoder.decode(Array(bytes[start..<end]))
        start = end
      }
      decoded += decoder.finish()
      #expect(decoded == String(decoding: bytes, as: UTF8.self), "\(bytes)")
    }
  }

  /// A kiosk's content file edited badly: the example with bytes changed, dropped or added,
  /// and plain noise. Each parses or is refused with one line; neither crashes nor hangs.
  @Test func damagedContentFilesParseOrSayWhyInOneLine() throws {
    let example = try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/kiosk.json"))
    var source = HostileText(seed: 11)
    var refused = 0
    for number in 0..<1_500 {
      var bytes = [UInt8](example)
      if number.isMultiple(of: 5) {
        bytes = source.bytes(maxLength: 200)
      } else {
        for _ in 0..<source.random(in: 1...4) {
          let at = source.random(in: 0...(bytes.count - 1))
          switch source.random(in: 0...2) {
          case 0: bytes[at] = UInt8(source.random(in: 0...255))
          case 1: bytes.remove(at: at)
          default: bytes.insert(contentsOf: source.bytes(maxLength: 12), at: at)
          }
        }
      }
      do {
        let content = try KioskContent.parse(Data(bytes))
        #expect(!content.items.isEmpty)
      } catch {
        refused += 1
        #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(error)")
      }
    }
    #expect(refused > 300)  // the noise, at least, is refused
  }

  @Test func theChecksCatchALostSlice() {
    var laidOut = layout("abc def")
    laidOut.slices.removeLast()
    laidOut.lines[0].slices = 0..<6
    #expect(
      !TextCheck.layoutProblems(of: laidOut, characters: Array("abc def"), width: nil).isEmpty)
  }
}
