import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp

/// With `TEXT_EFFECTS_FRAME_REPORT=1` the window says on standard error, whenever it has shown
/// everything it was given and goes back to waiting, how many frames it has drawn, how many key
/// and button events it has taken, its size in pixels, and when (CLOCK_MONOTONIC, in seconds)
/// its last frame was on the screen:
///
///     text-effects: frame report: frames 12, input 4, size 900x600, shown at 5012.250188
///
/// A program driving the window (its own tests, a screenshot script) waits for the line that
/// follows its action instead of guessing with a timer: a line counts every event before it
/// and is written only once the frame those events asked for is on the screen. A line is
/// written only when one of its numbers changed, so a still window writes nothing.
final class FrameReport {
  struct Reading: Equatable {
    var frames: Int
    var input: Int
    var width: Int
    var height: Int
    /// When the last frame was on the screen, on the monotonic clock.
    var shownAt = 0.0
  }

  /// The report the environment asks for, or nil: the window then counts nothing.
  static func fromEnvironment() -> FrameReport? {
    ProcessInfo.processInfo.environment["TEXT_EFFECTS_FRAME_REPORT"] == "1" ? FrameReport() : nil
  }

  private(set) var frames = 0
  private(set) var input = 0
  private var shownAt = 0.0
  private var written: Reading?

  func frameDrawn() {
    frames += 1
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    shownAt = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
  func inputTaken() { input += 1 }

  /// Writes the line for a window of `width` × `height` pixels that waits with nothing due.
  func waiting(width: Int, height: Int) {
    let reading = Reading(
      frames: frames, input: input, width: width, height: height, shownAt: shownAt)
    guard reading != written else { return }
    written = reading
    StandardStreams.error(Self.line(reading) + "\n")
  }

  static let prefix = "text-effects: frame report: "

  static func line(_ reading: Reading) -> String {
    prefix
      + "frames \(reading.frames), input \(reading.input), size \(reading.width)x\(reading.height), "
      + "shown at \(Printed.decimal(reading.shownAt, places: 6))"
  }
}
