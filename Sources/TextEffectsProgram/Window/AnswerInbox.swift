import TextEffects
import TextEffectsApp

/// What model streams brought since the window last took it: standard input's, for whatever
/// item shows, and each command a kiosk item asks, for the showing it was run for. Written on
/// the I/O loop, taken once before each frame; each piece wakes the window.
///
/// Bounded however long the window waits: a burst is kept to its newest half, as the scene
/// would keep it, and a command's pieces for a showing that has been replaced are let go.
package final class AnswerInbox: @unchecked Sendable {
  /// A stream's pieces added up into one, and the showing they are for (nil: the item on
  /// screen).
  package struct Held: Equatable, Sendable {
    package var showing: Int?
    package var piece: AnswerPiece
  }

  private let lock = Lock()
  /// At most one for standard input and one for the newest showing that asked, in the order
  /// they first came.
  private var held: [Held] = []
  private let wake: @Sendable () -> Void

  package init(wake: @escaping @Sendable () -> Void = AppWindow.wake) {
    self.wake = wake
  }

  /// Adds `piece`, from standard input, or from the command run for `showing`.
  package func add(_ piece: AnswerPiece, for showing: Int? = nil) {
    guard !piece.isEmpty else { return }
    lock.withLock {
      // A newer showing's command replaces an older one's: what it wrote would not show.
      if let showing { held.removeAll { $0.showing.map { $0 != showing } ?? false } }
      if let index = held.firstIndex(where: { $0.showing == showing }) {
        held[index].piece.add(piece)
        held[index].piece.keepNewest()
      } else {
        var kept = piece
        kept.keepNewest()
        held.append(Held(showing: showing, piece: kept))
      }
    }
    wake()
  }

  /// What came since the last call.
  package func take() -> [Held] {
    lock.withLock {
      defer { held = [] }
      return held
    }
  }
}
