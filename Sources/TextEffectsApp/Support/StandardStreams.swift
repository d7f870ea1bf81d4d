import Glibc

/// Text for the terminal: reports to standard output, messages and progress to standard
/// error, each written whole by the C library's `write` as soon as it is given.
package enum StandardStreams {
  package static func output(_ text: String) {
    write(text, to: STDOUT_FILENO)
  }

  package static func error(_ text: String) {
    write(text, to: STDERR_FILENO)
  }

  /// Writes all of `text`, going on after a write the system cut short or a signal broke; a
  /// stream that is gone (a closed pipe) takes nothing more.
  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      guard let start = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
