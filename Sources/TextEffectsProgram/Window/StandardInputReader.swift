import Glibc
import TextEffects
import TextEffectsApp

/// Reads standard input on the program's I/O loop, off the render loop, as text or as a model
/// server's stream (`--stdin-format`), into the window's answer inbox. A server's errors, and a
/// stream's problems, are said on standard error as they come. The loop reads only once the
/// input says it has something, so standard input is left blocking, as a terminal or a shell
/// sharing it expects.
package final class StandardInputReader: Sendable {
  private let input: Int32
  private let format: StreamFormat
  private let inbox: WindowInbox

  /// Reads `input` (standard input, or a pipe's end in a test) in `format` into `inbox`.
  package init(
    reading input: Int32 = STDIN_FILENO, format: StreamFormat = .auto, into inbox: WindowInbox
  ) {
    self.input = input
    self.format = format
    self.inbox = inbox
  }

  /// Starts reading on `loop`.
  package func start(on loop: IOLoop) {
    loop.perform { [self] in
      var stream = ModelStream(format: format)
      var bytes = [UInt8](repeating: 0, count: 4096)
      var cameAnything = false
      loop.every(StreamingNotes.waitingNoticeAfter) { [self] in
        // Said once, when the screen says "Waiting for standard input…".
        if !cameAnything { complain("text-effects: \(waitingWords)") }
        return false
      }
      loop.watch(input) { [self] _ in
        let count = read(input, &bytes, bytes.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return true }
        cameAnything = true
        guard count > 0 else {
          var end = stream.finish()
          if !stream.hasShownAnything {
            // Never a silent screen: a pipe whose writer failed (curl with no server) ends
            // with nothing, and the screen says so where the answer would be.
            complain("text-effects: \(Self.endedEmpty)")
            end.piece.answer.added += "S" + Self.endedEmpty.dropFirst()
          }
          deliver(end)
          return false
        }
        deliver(stream.read(bytes: bytes[..<count]))
        return true
      }
    }
  }

  /// What standard error says when nothing has come for a while: typing at a terminal, or a
  /// pipe whose writer has not written.
  private var waitingWords: String {
    let seconds = Int(StreamingNotes.waitingNoticeAfter)
    return "nothing on standard input after \(seconds) s; still waiting: "
      + (isatty(input) == 1
        ? "type the text, then Ctrl+D to end it"
        : "is the model's server answering?")
  }

  /// What the screen and standard error say when the input ends with nothing to show.
  package static let endedEmpty =
    "standard input ended with no text: is the model's server running?"

  private func deliver(_ reading: ModelStream.Reading) {
    for problem in reading.problems { complain("text-effects: standard input: \(problem)") }
    inbox.add(reading.piece)
  }
}
