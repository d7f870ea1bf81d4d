import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The size policy: what a scene shows of a text, and what it costs to find out.
@Suite(.threadOfItsOwn(.computing)) struct DisplayTextTests {
  let limit = DisplayText.characterLimit

  @Test func shortTextsAreKeptAsTheyAre() {
    for text in ["", "GLITCH", StreamingScene.demoAnswer, "e\u{301}\u{302}", "a\r\nb", "👨‍👩‍👧 🇫🇷"] {
      let bounded = DisplayText.bounded(text)
      #expect(bounded.text == text && !bounded.wasCut, "\(text)")
    }
  }

  @Test func theLimitItselfIsKeptAndOneMoreIsCutWithTheMark() {
    let atLimit = String(repeating: "é", count: limit)
    #expect(DisplayText.bounded(atLimit) == (atLimit, false))
    let over = DisplayText.bounded(atLimit + "z")
    #expect(over.wasCut)
    #expect(over.text.count == limit + 1)
    #expect(over.text.last == DisplayText.truncationMark)
    #expect(over.text.dropLast() == atLimit.prefix(limit))
  }

  /// The ASCII shortcut counts CR LF as the one character it is.
  @Test func crlfCountsOnceInTheAsciiShortcut() {
    let lines = String(repeating: "\r\n", count: limit / 2)
    #expect(!DisplayText.bounded(lines).wasCut)
    let text = String(repeating: "\r\n", count: limit)
    #expect(!DisplayText.bounded(text).wasCut)
    let more = DisplayText.bounded(text + "x")
    #expect(more.wasCut && more.text.count == limit + 1)
  }

  @Test func aClusterKeepsItsFirst32Scalars() {
    let marks = String(repeating: "\u{301}", count: 200_000)
    let bounded = DisplayText.bounded("a" + marks + "b")
    #expect(!bounded.wasCut)
    #expect(bounded.text.count == 2)
    #expect(bounded.text.first?.unicodeScalars.count == DisplayText.scalarsPerCharacter)
    #expect(bounded.text.last == "b")
    // Marks alone are one cluster too.
    #expect(DisplayText.bounded(marks).text.unicodeScalars.count == 32)
  }

  @Test func entriesShareTheLimitAndTheLastOneCutEndsInTheMark() {
    let entry = String(repeating: "x", count: limit / 3)
    let bounded = DisplayText.bounded(Array(repeating: entry, count: 5))
    #expect(bounded.wasCut)
    #expect(bounded.entries.count == 4)
    #expect(bounded.entries.prefix(3).allSatisfy { $0 == entry })
    #expect(bounded.entries[3].count == limit - 3 * (limit / 3) + 1)
    #expect(bounded.entries[3].last == DisplayText.truncationMark)
    let few = ["one", "two"]
    #expect(DisplayText.bounded(few) == (few, false))
    // Entries that end exactly at the limit leave the next out, and say so.
    let exact = DisplayText.bounded([String(repeating: "y", count: limit), "more"])
    #expect(exact.entries == [String(repeating: "y", count: limit)] && exact.wasCut)
  }

  /// Text still arriving (standard input, a kiosk item's command) that the window has not
  /// taken keeps its newest half of the input limit once past it, whole characters only.
  @Test func arrivingTextKeepsItsNewestHalf() {
    var text = String(repeating: "ab", count: DisplayText.inputByteLimit / 2)
    DisplayText.keepNewest(&text)
    #expect(text.utf8.count == DisplayText.inputByteLimit)  // at the limit: kept whole
    text += "é!"
    DisplayText.keepNewest(&text)
    #expect(text.utf8.count == DisplayText.inputByteLimit / 2)
    #expect(text.hasSuffix("abé!") && text.unicodeScalars.first == "b")
    // Cut inside a character of four bytes, none of it is kept in halves.
    var emoji = String(repeating: "👍", count: DisplayText.inputByteLimit / 4 + 1) + "x"
    DisplayText.keepNewest(&emoji)
    #expect(emoji.unicodeScalars.allSatisfy { $0 == "👍" || $0 == "x" })
    #expect(emoji.hasSuffix("👍x") && emoji.utf8.count <= DisplayText.inputByteLimit / 2 + 3)
  }

  /// Cutting costs what is kept: 16 MB of each kind takes about as long as 64 KB would.
  @Test(arguments: ["a", "lorem ipsum ", "\u{301}", "\u{6587}", "\n", "👍🏽", "\u{1100}"])
  func sixteenMegabytesAreCutInLittleTime(unit: String) {
    let text = String(repeating: unit, count: DisplayText.inputByteLimit / unit.utf8.count)
    let start = ThreadTime.now
    let bounded = DisplayText.bounded(text)
    let elapsed = ThreadTime.now - start
    #expect(bounded.text.count <= limit + 1)
    #expect(bounded.text.unicodeScalars.first == text.unicodeScalars.first)
    // Debug build; a single cluster of 16 MB of marks must be walked once to its end.
    #expect(elapsed < TimeBound.seconds(5), "\(unit.unicodeScalars.map(\.value)): \(elapsed)")
  }
}
