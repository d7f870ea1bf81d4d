import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram

/// The one inbox what arrives for a window goes into (standard input's and the asked commands'
/// answers, the desktop's preferences, the content file's changes): each source's pieces add
/// up in the order they came, a replaced showing's are let go, a burst stays bounded however
/// long the window waits, and only the newest preferences and one change of the file are kept.
@Suite struct WindowInboxTests {
  @Test func eachSourcesPiecesAddUpAndAReplacedShowingsGo() {
    let woken = Locked(0)
    let inbox = WindowInbox { woken.value += 1 }
    inbox.add(AnswerPiece(text: "Hel"))
    inbox.add(AnswerPiece(text: "old"), for: 2)
    inbox.add(AnswerPiece(text: "lo"))
    inbox.add(AnswerPiece())
    #expect(woken.value == 3, "an empty piece wakes no one")
    inbox.add(AnswerPiece(text: "new", ends: true), for: 3)
    let taken = inbox.takeAnswers()
    #expect(taken.map(\.showing) == [nil, 3])
    #expect(taken.map { $0.piece.answer.added } == ["Hello", "new"])
    #expect(taken.map(\.piece.ends) == [false, true])
    #expect(inbox.take().isEmpty)
  }

  @Test func aBurstKeepsItsNewestHalf() {
    let inbox = WindowInbox {}
    let line = String(repeating: "a", count: 1_023) + "\n"
    for _ in 0..<(DisplayText.inputByteLimit / line.utf8.count * 3) {
      inbox.add(AnswerPiece(text: line))
      inbox.add(AnswerPiece(text: line), for: 1)
    }
    for held in inbox.takeAnswers() {
      #expect(held.piece.answer.added.utf8.count <= DisplayText.inputByteLimit)
      #expect(held.piece.answer.added.hasSuffix(line))
    }
  }

  /// The desktop's newest preferences and one change of the file are kept, and come before the
  /// answers, in the order a frame applies them; each arrival wakes the window.
  @Test func theNewestPreferencesAndOneFileChangeAreKept() {
    let woken = Locked(0)
    let inbox = WindowInbox { woken.value += 1 }
    inbox.add(desktop: DesktopPreferences(reduceMotion: true))
    inbox.addContentFileChange()
    inbox.add(AnswerPiece(text: "a"))
    inbox.addContentFileChange()
    inbox.add(desktop: DesktopPreferences(appearance: .light))
    #expect(woken.value == 5)
    #expect(
      inbox.take() == [
        .desktop(DesktopPreferences(appearance: .light)), .contentFileChanged,
        .answer(AnswerPiece(text: "a"), showing: nil),
      ])
    #expect(inbox.take().isEmpty)
  }
}

extension WindowInbox {
  /// The answers that came since the last look, each with the showing it is for.
  func takeAnswers() -> [(showing: Int?, piece: AnswerPiece)] {
    take().compactMap {
      guard case .answer(let piece, let showing) = $0 else { return nil }
      return (showing, piece)
    }
  }

  /// What came since the last look, standard input's and every showing's, added up.
  func takeWhole() -> AnswerPiece {
    takeAnswers().reduce(into: AnswerPiece()) { $0.add($1.piece) }
  }
}
