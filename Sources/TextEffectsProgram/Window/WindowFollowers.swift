import TextEffects
import TextEffectsApp

/// Who follows the window from outside its loop, each told what it needs: systemd's notify
/// socket (ready once, the status after each frame, and the watchdog's pings, which wake a
/// still loop), a frame report for a program that drives the window (each frame, each still
/// wait, each input taken), and screen readers (frames at their own pace, input and focus, and
/// the presses they make).
final class WindowFollowers {
  /// systemd's notify socket, when a unit of `Type=notify` started the program.
  private let systemd = SystemdNotifier()
  /// What a driving program reads to know the window has caught up; nil unless asked for.
  private let report = FrameReport.fromEnvironment()
  /// What screen readers are told of the window, when one may listen; nil for none.
  var accessibility: AccessibilityPublisher?

  /// When the loop must turn though nothing is drawn: the watchdog's next ping.
  var deadline: Double { systemd?.nextPing ?? .infinity }

  /// A turn of the loop at `now`, frame or not: the watchdog hears from the loop itself, and
  /// the presses readers made go to `content` (a kiosk, with nothing to press, has none).
  /// Whether there were any.
  func turn(at now: Double, content: (any InteractiveContent)?) -> Bool {
    systemd?.pingIfDue(at: now)
    guard let content else { return false }
    return accessibility?.takePresses(into: content, at: now) == true
  }

  /// A frame of `content`, `size` points, was drawn at `now`; `place` says where the window
  /// stands on the screen, for readers (asked only when they are told).
  func frameDrawn(
    at now: Double, of content: any WindowContent, size: Size,
    place: () -> (origin: Point, scale: Double)
  ) {
    accessibility?.frameDrawn(at: now, of: content, size: size, place: place)
    systemd?.ready(status: content.serviceStatus)
    systemd?.status(content.serviceStatus)
    report?.frameDrawn()
  }

  /// The loop sleeps with nothing due: the picture, `pixels` in size, is still.
  func waiting(pixels: (width: Int, height: Int)) {
    report?.waiting(width: pixels.width, height: pixels.height)
  }

  /// A person's key, button or wheel reached the window.
  func personsInputArrived() {
    report?.inputTaken()
  }

  /// The content took input and may show otherwise: readers are told at the next frame.
  func contentTookInput() {
    accessibility?.inputTaken()
  }

  /// The window got (true) or lost the keyboard.
  func focusChanged(to hasFocus: Bool) {
    accessibility?.focusChanged(to: hasFocus)
  }
}
