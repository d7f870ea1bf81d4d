import Glibc
import TextEffects
import TextEffectsApp

/// Reads standard input on the program's I/O loop, off the render loop, as text or as a model
/// server's stream (`--stdin-format`), and keeps the answer's text that arrived until the
/// window takes it; it wakes the window for each piece. A server's errors, and a stream's
/// problems, are said on standard error as they come. The loop reads only once the
/// input says it has something, so standard input is left blocking, as a terminal or a shell
/// sharing it expects.
package final class StandardInputReader: @unchecked Sendable {
  private let lock = Lock()
  private var received = AnswerPiece()
  private var ended = false
  /// Whether `take()` has told that the input ended: it tells once.
  private var endTold = false
  private let input: Int32
  private let format: StreamFormat
  private let wake: @Sendable () -> Void

  /// Reads `input` (standard input, or a pipe's end in a test) in `format` and calls `wake`
  /// after each piece, on the loop's thread.
  package init(
    reading input: Int32 = STDIN_FILENO, format: StreamFormat = .auto,
    wake: @escaping @Sendable () -> Void = AppWindow.wake
  ) {
    self.input = input
    self.format = format
    self.wake = wake
  }

  /// Starts reading on `loop`.
  package func start(on loop: IOLoop) {
    loop.perform { [self] in
      var decoder = UTF8StreamDecoder()
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
          deliver(stream.read(decoder.finish()))
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
        deliver(stream.read(decoder.decode(bytes[..<count])))
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
    guard !reading.piece.isEmpty else { return }
    lock.lock()
    received.add(reading.piece)
    received.keepNewest()
    ended = ended || reading.ends
    lock.unlock()
    wake()
  }

  /// What arrived since the last call; it says the input ended once, for the answer to
  /// finish once.
  package func take() -> AnswerPiece {
    lock.lock()
    defer { lock.unlock() }
    var piece = received
    received = AnswerPiece()
    piece.ends = ended && !endTold
    endTold = ended
    return piece
  }
}

/// The local day and time, for the content's show windows.
package enum LocalClock {
  /// From the C library's `localtime_r`, which follows TZ and /etc/localtime as Foundation's
  /// calendar does, without loading the ICU tables that cost a kiosk megabytes of memory.
  package static func now() -> LocalTime {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    var seconds = time.tv_sec
    var parts = tm()
    localtime_r(&seconds, &parts)
    // The C library counts Sunday as 0; the content counts Monday as 1.
    let weekday = (Int(parts.tm_wday) + 6) % 7 + 1
    return LocalTime(
      weekday: weekday, minute: Int(parts.tm_hour) * 60 + Int(parts.tm_min),
      second: Double(min(parts.tm_sec, 59)) + Double(time.tv_nsec) / 1e9)
  }
}
