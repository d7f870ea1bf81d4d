import TextEffects

/// What a window plays: the showcase, or a kiosk. The window passes it input and the time and
/// draws what it records; it says when it next needs drawing.
package protocol WindowContent: AnyObject {
  var title: String { get }
  /// The window's pixel density changed (another display, a kiosk resized): text is measured
  /// again with `fonts`, at `pixelsPerPoint`.
  func measure(with fonts: any FontMetricsProvider, pixelsPerPoint: Double)
  func draw(at now: Double, in size: Size, into list: DrawList)
  /// When to draw next with no input; nil while nothing would change.
  func nextRedraw(after now: Double) -> Double?
  /// A key, click or pointer move; the answer says what the window itself must do.
  func handle(_ input: WindowInput, in size: Size, at now: Double) -> WindowAction?
  /// What shows, in a few words, for a service manager's status ("item 2 of 5: glitch").
  var serviceStatus: String { get }
  /// The window at `now` as a screen reader is given it.
  func accessibleWindow(at now: Double, in size: Size) -> AccessibleWindow
}

/// What content a person works with adds (the showcase; a kiosk is only watched): controls
/// under the pointer and pressed by screen readers, frames saved to files, and notes.
package protocol InteractiveContent: WindowContent {
  /// The clickable part under the pointer, drawn lit; the window shows a hand over it.
  var hovered: Control? { get }
  /// The file a frame saved at `now` is written to, in the working folder.
  func frameFileName(at now: Double) -> String
  /// A short note for the person at the window, such as where a frame was saved.
  func show(message text: String, at now: Double)
  /// A screen reader pressed `control` through its action.
  func press(_ control: Control, at now: Double)
}

/// Input as the window receives it, in points.
package enum WindowInput: Equatable, Sendable {
  case keyDown(KeyPress)
  case keyUp(Key)
  case pointerMoved(Point)
  case pointerPressed(Point)
  case pointerReleased(Point)
  /// The wheel turned by this many notches, towards the reader (scrolling on to later text)
  /// when positive.
  case wheel(Double)
}

/// What the window itself must do after some input.
package enum WindowAction: Equatable, Sendable {
  case quit
  case toggleFullscreen
  case saveFrame
}
