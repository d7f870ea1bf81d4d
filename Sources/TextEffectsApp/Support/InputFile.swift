import Foundation
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
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      let data = try handle.read(upToCount: DisplayText.inputByteLimit + 1) ?? Data()
      guard data.count <= DisplayText.inputByteLimit else { throw Failure.tooLarge }
      return data
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure.unreadable(error.reason)
    }
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
