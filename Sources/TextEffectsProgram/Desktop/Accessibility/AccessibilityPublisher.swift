import TextEffects
import TextEffectsApp

/// What the window tells screen readers, through its `AccessibilityServer`: what it shows, at
/// most ten times a second after a frame (a reader needs no more, and a stream's text is told
/// in sentences), at once after input or a change of focus; and the presses readers make,
/// handed back as the content's. Nothing while no reader may listen.
final class AccessibilityPublisher {
  private let server: AccessibilityServer
  /// Whether the window has the keyboard, as readers are told.
  private var hasFocus = false
  private var lastPublished = -Double.infinity

  init(_ server: AccessibilityServer) {
    self.server = server
  }

  /// Gives `content` the controls readers pressed; whether there were any.
  func takePresses(into content: any InteractiveContent, at now: Double) -> Bool {
    guard server.isListening else { return false }
    let presses = server.takePresses()
    for control in presses { content.press(control, at: now) }
    if !presses.isEmpty { lastPublished = -.infinity }
    return !presses.isEmpty
  }

  /// A person's input changed what shows: the next frame tells readers at once.
  func inputTaken() {
    lastPublished = -.infinity
  }

  /// The window got (true) or lost the keyboard; the next frame tells readers.
  func focusChanged(to hasFocus: Bool) {
    self.hasFocus = hasFocus
    lastPublished = -.infinity
  }

  /// A frame was drawn at `now` of `content`, `size` points, in a window whose top-left is
  /// at `origin` on the screen, in screen units `scale` of them a point (as `place` says).
  func frameDrawn(
    at now: Double, of content: any WindowContent, size: Size,
    place: () -> (origin: Point, scale: Double)
  ) {
    guard server.isListening, now >= lastPublished + 0.1 else { return }
    lastPublished = now
    let (origin, scale) = place()
    server.publish(
      content.accessibleWindow(at: now, in: size), isActive: hasFocus, origin: origin,
      scale: scale, size: size)
  }
}
