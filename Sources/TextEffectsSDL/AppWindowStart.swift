import CSDL2
import Foundation
import TextEffects

/// Opening SDL's video, choosing how the window draws, and what holds for the whole process:
/// signals, wake-ups and the clock.
extension AppWindow {
  /// The software renderer drawing only what changes, where `choice` comes down to it and the
  /// window has a surface of its own (X11 does; a display server without one gets OpenGL);
  /// else SDL's accelerated renderer.
  static func presenter(for window: OpaquePointer, choosing choice: WindowRenderer)
    throws -> any WindowPresenter
  {
    if RendererSelection.drawsInSoftware(choice) {
      do {
        return try DamagePresenter(window: window)
      } catch  where choice == .software {
        FileHandle.standardError.write(
          Data("text-effects: --renderer software: \(error); drawing with OpenGL\n".utf8))
      } catch {}
    }
    return try WholeFramePresenter(window: window)
  }

  /// Starts SDL's video on a real display. With none, SDL 2.26 quietly falls back to its
  /// offscreen driver, whose window nobody sees; that counts as no display unless the user
  /// asked for it by name in SDL_VIDEODRIVER.
  static func startVideo() throws {
    let noDisplay = "Set DISPLAY (or WAYLAND_DISPLAY), or use --screenshot, which works headless."
    // With no session bus, SDL's D-Bus start forks the program to run `dbus-launch
    // --autolaunch` and start a bus nobody asked for (a kiosk on a bare X server has none).
    // SDL needs no bus for anything our windows do, so without one it is told there is none.
    if getenv("DBUS_SESSION_BUS_ADDRESS") == nil {
      setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 0)
    }
    // Without a Wayland display or a runtime folder no Wayland compositor can be reached, and
    // trying prints libwayland's "error: XDG_RUNTIME_DIR is invalid or not set" on a person's
    // terminal before our own line: only X11 is tried then, unless SDL_VIDEODRIVER says.
    if getenv("WAYLAND_DISPLAY") == nil, getenv("XDG_RUNTIME_DIR") == nil {
      SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
    }
    guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
      throw SDLError("No display found (\(String(cString: SDL_GetError()))). \(noDisplay)")
    }
    let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
    let isChosen = getenv("SDL_VIDEODRIVER") != nil
    if !isChosen, driver == "offscreen" || driver == "dummy" {
      SDL_QuitSubSystem(SDL_INIT_VIDEO)
      throw SDLError("No display found. \(noDisplay)")
    }
    quitOnSignals()
  }

  /// SIGINT and SIGTERM end the window cleanly and at once, even when the program was started
  /// with them ignored (as a shell does for a background job), where SDL would leave them
  /// alone, or blocked (as a launcher's threads may pass on).
  static func quitOnSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber) { _ in
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        SDL_PushEvent(&event)
      }
    }
  }

  /// Wakes the loop from its event wait, from any thread (a reader of standard input).
  package static func wake() {
    var event = SDL_Event()
    event.type = SDL_USEREVENT.rawValue
    SDL_PushEvent(&event)
  }

  /// Seconds on SDL's monotonic counter: the "now" the content's clocks count from.
  package static var now: Double {
    Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
  }
}
