import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// `--record-trace`: saves each piece of text the kiosk takes from standard input, with its
/// time since the first, one JSON line each, written as it comes, so that a recording stopped
/// at any moment is a whole trace up to its last piece.
///
/// The times are the scene's, when the window took each piece: the moments the stream was seen
/// to arrive, so that its replay draws the frames that were seen.
package final class TraceRecorder {
  private let path: String
  private var handle: OpenFile?
  private var first: Double?

  /// Creates (or empties) the file now, so a path that cannot be written fails at start.
  package init(path: String) throws {
    self.path = path
    guard let handle = OpenFile(writingTo: path, flags: O_CREAT | O_TRUNC) else {
      throw SDLError(
        "\(Option.recordTrace): \(path) cannot be written; choose a file in a folder you can write to"
      )
    }
    self.handle = handle
  }

  /// `piece` of the stream arrived at scene time `now`: its lines are written (the input's end
  /// last, so a replay finishes the answer there as the live one did). A write that fails
  /// says so once and stops recording; the stream goes on showing.
  package func record(_ piece: AnswerPiece, at now: Double, log: (String) -> Void) {
    let time = now - origin(now)
    let arrival = StreamingTrace.Arrival(
      time: time, text: piece.answer.added, retracted: piece.answer.retracted,
      reasoning: piece.reasoning.added, began: piece.began)
    for line in StreamingTrace.lines(arrival) { write(line, log: log) }
    for tool in piece.toolCalls {
      for line in StreamingTrace.lines(StreamingTrace.Arrival(time: time, tool: tool)) {
        write(line, log: log)
      }
    }
    if piece.ends { write(StreamingTrace.endLine(time: time), log: log) }
  }

  /// The time the trace counts from: its first line's.
  private func origin(_ now: Double) -> Double {
    let origin = first ?? now
    first = origin
    return origin
  }

  private func write(_ line: String, log: (String) -> Void) {
    guard let handle else { return }
    do {
      try handle.write(Data((line + "\n").utf8))
    } catch {
      log(
        "text-effects: \(Option.recordTrace): \(path) could not be written (\(error.reason)); "
          + "the stream goes on showing, no longer recorded")
      self.handle = nil
    }
  }
}
