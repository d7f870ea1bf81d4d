import TextEffects
import TextEffectsApp

/// What arrives for a window from outside between two frames, as typed events in one inbox: a
/// model stream's pieces (standard input's, for whatever item shows, or a command's a kiosk
/// item asked, for the showing it was run for), the desktop's preferences, a content file that
/// changed. Written on the I/O loop, taken once before each frame, under one lock; each
/// arrival wakes the window.
///
/// Bounded however long the window waits: a burst of pieces is kept to its newest half, as the
/// scene would keep it, and a command's pieces for a showing that has been replaced are let
/// go; only the newest preferences are kept, and a file's change once.
package final class WindowInbox: @unchecked Sendable {
  package enum Event: Equatable, Sendable {
    /// A stream's pieces added up into one, and the showing they are for (nil: the item on
    /// screen).
    case answer(AnswerPiece, showing: Int?)
    /// The desktop's preferences as they now are.
    case desktop(DesktopPreferences)
    /// The content file's stamp moved: it is read again before the frame.
    case contentFileChanged
  }

  private let lock = Lock()
  /// What came since the last take: the newest preferences, whether the file changed, and at
  /// most one answer for standard input and one for the newest showing that asked, in the
  /// order they first came (each grown in place: a burst is not copied piece by piece).
  private var desktop: DesktopPreferences?
  private var contentFileChanged = false
  private var answers: [(piece: AnswerPiece, showing: Int?)] = []
  private let wake: @Sendable () -> Void

  package init(wake: @escaping @Sendable () -> Void = AppWindow.wake) {
    self.wake = wake
  }

  /// Adds `piece`, from standard input, or from the command run for `showing`.
  package func add(_ piece: AnswerPiece, for showing: Int? = nil) {
    guard !piece.isEmpty else { return }
    lock.withLock {
      // A newer showing's command replaces an older one's: what it wrote would not show.
      if let showing { answers.removeAll { $0.showing.map { $0 != showing } ?? false } }
      if let index = answers.firstIndex(where: { $0.showing == showing }) {
        answers[index].piece.add(piece)
        answers[index].piece.keepNewest()
      } else {
        var kept = piece
        kept.keepNewest()
        answers.append((kept, showing))
      }
    }
    wake()
  }

  /// The desktop's preferences changed to `preferences`.
  package func add(desktop preferences: DesktopPreferences) {
    lock.withLock { desktop = preferences }
    wake()
  }

  /// The content file changed.
  package func addContentFileChange() {
    lock.withLock { contentFileChanged = true }
    wake()
  }

  /// What came since the last call, in the order a frame applies it: the preferences, the
  /// file, then the answers in the order they first came.
  package func take() -> [Event] {
    lock.withLock {
      defer {
        desktop = nil
        contentFileChanged = false
        answers = []
      }
      return (desktop.map { [.desktop($0)] } ?? [])
        + (contentFileChanged ? [.contentFileChanged] : [])
        + answers.map { .answer($0.piece, showing: $0.showing) }
    }
  }
}
