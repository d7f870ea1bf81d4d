import CSDL2
import Synchronization

/// Waking the window's loop from other threads, and the clock it counts in. A feed calls
/// `AppWindow.wake()` after it brings something; the loop, while it sleeps until a frame it
/// draws soon anyway, tells them not to bother.
extension AppWindow {
  /// While the loop sleeps until it draws its next frame, when that is (the bits of a time on
  /// ``now``); 0 while it is awake or waits for an event alone.
  private static let drawsAt = Atomic<UInt64>(0)
  /// How soon that frame must come for a feed's news to wait for it.
  private static let soonEnough = 1.0 / 30
  /// The code of a user event that wakes the loop without asking for a frame.
  private static let listenCode: Int32 = 1

  /// Wakes the loop from its event wait, from any thread (the I/O loop), unless it sleeps
  /// until a frame it draws within ``soonEnough``: that frame takes the news anyway. A model's
  /// answer arrives every 30 ms while the front moves at 60 frames a second, and a wake for
  /// each piece (an X request from this thread, a turn of the loop on the other) cost a tenth
  /// of the window's time.
  package static func wake() {
    wake(code: 0)
  }

  /// Wakes the loop as ``wake()`` does, for ``betweenFrames`` alone: no frame is drawn for it
  /// unless that asks for one (a control command that changes nothing on screen costs none).
  package static func wakeToListen() {
    wake(code: listenCode)
  }

  private static func wake(code: Int32) {
    let drawsAt = Double(bitPattern: drawsAt.load(ordering: .acquiring))
    let now = now
    if drawsAt > now, drawsAt - now <= soonEnough { return }
    var event = SDL_Event()
    event.type = SDL_USEREVENT.rawValue
    event.user.code = code
    SDL_PushEvent(&event)
  }

  /// Whether a wake-up (`SDL_USEREVENT`) asks for a frame: a feed's does, a command's alone
  /// does not.
  static func asksForFrame(_ wake: SDL_UserEvent) -> Bool {
    wake.code != listenCode
  }

  /// How a wait for an event ended.
  enum WaitEnd {
    /// An event came, into the event given.
    case event
    /// The time came first: the events there were are taken.
    case timedOut
    /// The time had come already, so nothing was waited for.
    case noWait
  }

  /// Waits for an event until the frame due at `wakeAt` (for ever when it is infinite), `now`
  /// being now. Meanwhile feeds know when that frame comes.
  static func waitForEvent(_ event: inout SDL_Event, until wakeAt: Double, now: Double) -> WaitEnd {
    guard wakeAt > now else { return .noWait }
    guard wakeAt.isFinite else { return SDL_WaitEvent(&event) != 0 ? .event : .timedOut }
    let milliseconds = Int32(min(max(((wakeAt - now) * 1000).rounded(.up), 1), 1e6))
    drawsAt.store(wakeAt.bitPattern, ordering: .releasing)
    defer { drawsAt.store(0, ordering: .releasing) }
    return SDL_WaitEventTimeout(&event, milliseconds) != 0 ? .event : .timedOut
  }

  /// Seconds on SDL's monotonic counter: the "now" the content's clocks count from.
  package static var now: Double {
    Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
  }
}
