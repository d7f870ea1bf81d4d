import FoundationEssentials
import Glibc
import TextEffects

/// Reads a file a person names (a text, a kiosk's content) no further than the largest text
/// the program takes in, so `/dev/zero`, a FIFO that never ends or a 10 GB log cannot fill the
/// memory or hang the start: what is larger is refused whole.
package enum InputFile {
  package enum Failure: Error, Equatable {
    /// More than `DisplayText.inputByteLimit` bytes.
    case tooLarge
    /// It could not be opened or read, and why, in a few words.
    case unreadable(String)
  }

  /// "16 MB": the limit as people read it.
  package static let limitName = "\(DisplayText.inputByteLimit >> 20) MB"

  /// The file's bytes, read up to one past the limit to tell a file at it from one past it.
  package static func read(_ path: String) throws(Failure) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 64 * 1024)
    var count = 0
    while count <= DisplayText.inputByteLimit {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
      let read = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count)
      }
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
      guard read > 0 else { return Data(bytes[..<count]) }
      count += read
    }
    throw .tooLarge
  }
}

extension InputFile.Failure: LocalizedError {
  /// Why, in the words messages put after a file's name.
  package var errorDescription: String? {
    switch self {
    case .tooLarge: "larger than \(InputFile.limitName), the most text-effects reads"
    case .unreadable(let reason): reason
    }
  }
}
