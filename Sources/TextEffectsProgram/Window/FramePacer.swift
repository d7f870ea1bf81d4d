import TextEffects
import TextEffectsApp

/// Decides how long the loop waits before the next frame, so it draws at the display's rate
/// and never spins a core where vsync is missing (under Xvfb, on the software renderer).
///
/// With working vsync, presenting a frame already takes a whole interval, so no wait is left.
struct FramePacer {
  /// Seconds between two frames.
  let interval: Double

  init(refreshRate: Int) {
    interval = 1 / Double(refreshRate > 0 ? refreshRate : 60)
  }
}
