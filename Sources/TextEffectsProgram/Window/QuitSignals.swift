import CSDL2
import Glibc
import Synchronization

/// SIGINT and SIGTERM, taken by a thread of their own rather than by a handler.
///
/// A handler runs in the middle of whatever a thread was doing, so it may only call what is
/// async-signal-safe; `SDL_PushEvent` takes the event queue's lock, and a signal landing while
/// that thread held it would wait for itself. So the signals are blocked in every thread (the
/// mask is set before any other thread starts, and threads inherit it) and one thread waits for
/// them with `sigwait`: when one comes it is ordinary code, and it wakes the loop as any thread
/// does, with an `SDL_QUIT` event. One that comes before SDL has started ends the program as it
/// ends any other.
package enum QuitSignals {
  /// Whether SIGINT or SIGTERM has come: the loop looks before each wait, so a signal that came
  /// before SDL's event queue was up (while the window opened) still ends it.
  private static let arrived = Atomic<Bool>(false)

  /// Whether SDL's event queue is up, so that a window's loop will see the quit event (and
  /// looks at ``haveArrived`` before each wait besides).
  private static let loopWillEnd = Atomic<Bool>(false)

  package static var haveArrived: Bool { arrived.load(ordering: .acquiring) }

  /// Says that SDL's video, and with it the event queue, has started: from now on a signal
  /// ends the program through the window's loop, cleanly.
  package static func videoHasStarted() {
    loopWillEnd.store(true, ordering: .releasing)
  }

  /// Blocks SIGINT and SIGTERM in this thread and every thread started after, and starts the
  /// thread that takes them, which it returns. Call it from the main thread before any other
  /// thread starts. They end the window even when the program was started with them ignored,
  /// as a shell does for a background job.
  @discardableResult
  package static func takeOnAThreadOfTheirOwn() -> pthread_t {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    for number in [SIGINT, SIGTERM] { signal(number, nil) }  // nil: the default, not ignored
    // SDL installs handlers of its own for these unless told not to; they would never run with
    // the signals blocked everywhere, but a reader should not have to know that.
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    let taken = signals
    return Threads.start("signals") {
      var waitedFor = taken
      var number: Int32 = 0
      while sigwait(&waitedFor, &number) != 0 {}
      arrived.store(true, ordering: .releasing)
      guard loopWillEnd.load(ordering: .acquiring) else {
        // No event queue yet (SDL is still starting): the signal does what it does to
        // any program, as it did before this thread took it.
        signal(number, nil)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        return
      }
      var event = SDL_Event()
      event.type = SDL_QUIT.rawValue
      SDL_PushEvent(&event)
    }
  }
}
