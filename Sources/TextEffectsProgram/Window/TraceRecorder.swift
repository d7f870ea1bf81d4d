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

  /// `text` arrived at scene time `now`. A write that fails says so once and stops recording;
  /// the stream goes on showing.
  package func record(_ text: String, at now: Double, log: (String) -> Void) {
    write(StreamingTrace.line(time: now - origin(now), text: text), log: log)
  }

  /// The input ended at scene time `now`: the trace says so, so a replay finishes the answer
  /// there as the live one did.
  package func recordEnd(at now: Double, log: (String) -> Void) {
    write(StreamingTrace.endLine(time: now - origin(now)), log: log)
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
