/// A kiosk runs for days: a frame the driver refuses (a texture lost with its device, a moment
/// without memory) is said once on standard error and drawn again, with the atlas uploaded
/// anew. Only a renderer that fails for five seconds of frames ends the program.
struct FrameFailures {
  /// Frames in a row that could not be drawn.
  private var inARow = 0
  /// How many in a row end the program: five seconds of frames.
  private let limit: Double

  init(frameInterval: Double) {
    limit = 5 / frameInterval
  }

  /// A frame was drawn: the next failure is the first again.
  mutating func frameDrawn() {
    inARow = 0
  }

  /// A frame could not be drawn: the first of a row is said, and `error` is thrown once they
  /// have gone on for five seconds.
  mutating func frameFailed(with error: Error) throws {
    inARow += 1
    if inARow == 1 {
      complain("text-effects: \(error); drawing again", priority: .warning)
    }
    guard Double(inARow) < limit else { throw error }
  }
}
