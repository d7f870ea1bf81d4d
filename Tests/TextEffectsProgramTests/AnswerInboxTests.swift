import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram

/// The one inbox standard input and the commands kiosk items ask write their answers into:
/// each source's pieces add up in the order they came, a replaced showing's are let go, and a
/// burst stays bounded however long the window waits.
@Suite struct AnswerInboxTests {
  @Test func eachSourcesPiecesAddUpAndAReplacedShowingsGo() {
    let woken = Locked(0)
    let inbox = AnswerInbox { woken.value += 1 }
    inbox.add(AnswerPiece(text: "Hel"))
    inbox.add(AnswerPiece(text: "old"), for: 2)
    inbox.add(AnswerPiece(text: "lo"))
    inbox.add(AnswerPiece())
    #expect(woken.value == 3, "an empty piece wakes no one")
    inbox.add(AnswerPiece(text: "new", ends: true), for: 3)
    let taken = inbox.take()
    #expect(taken.map(\.showing) == [nil, 3])
    #expect(taken.map { $0.piece.answer.added } == ["Hello", "new"])
    #expect(taken.map(\.piece.ends) == [false, true])
    #expect(inbox.take().isEmpty)
  }

  @Test func aBurstKeepsItsNewestHalf() {
    let inbox = AnswerInbox {}
    let line = String(repeating: "a", count: 1_023) + "\n"
    for _ in 0..<(DisplayText.inputByteLimit / line.utf8.count * 3) {
      inbox.add(AnswerPiece(text: line))
      inbox.add(AnswerPiece(text: line), for: 1)
    }
    for held in inbox.take() {
      #expect(held.piece.answer.added.utf8.count <= DisplayText.inputByteLimit)
      #expect(held.piece.answer.added.hasSuffix(line))
    }
  }
}
