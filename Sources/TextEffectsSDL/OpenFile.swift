import FoundationEssentials
import Glibc

/// A file opened for writing by the C library, each write whole or an error that says why:
/// the trace, the play log, an animation, a PNG sent to a device. (Foundation's `FileHandle`
/// comes only with the whole of Foundation, about 4 MB more memory for the program.)
package final class OpenFile {
  /// -1 once closed.
  private var descriptor: Int32

  /// Opens `path` for writing with `flags` besides (`O_CREAT` makes it, readable by all); nil
  /// when it cannot be.
  package init?(writingTo path: String, flags: Int32 = 0) {
    descriptor = open(path, O_WRONLY | O_CLOEXEC | flags, 0o644)
    guard descriptor >= 0 else { return nil }
  }

  deinit {
    if descriptor >= 0 { Glibc.close(descriptor) }
  }

  /// Writes all of `bytes`, going on after a write the system cut short or a signal broke.
  package func write(_ bytes: Data) throws {
    try bytes.withUnsafeBytes { buffer in
      guard let start = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, start + offset, buffer.count - offset)
        guard written >= 0 else {
          if errno == EINTR { continue }
          throw Self.lastError()
        }
        offset += written
      }
    }
  }

  /// Waits until what was written is on the disk.
  package func synchronize() throws {
    guard fsync(descriptor) == 0 else { throw Self.lastError() }
  }

  /// Closes it, saying whether the last of what was written reached the file (a disk that
  /// filled may say so only here).
  package func close() throws {
    guard descriptor >= 0 else { return }
    let closing = descriptor
    descriptor = -1
    guard Glibc.close(closing) == 0 else { throw Self.lastError() }
  }

  private static func lastError() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}
