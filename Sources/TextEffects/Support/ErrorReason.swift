import FoundationEssentials
import Glibc

extension Error {
  /// Why a file operation failed, in a few words: Foundation's own description says only that
  /// "the operation could not be completed", while the POSIX error under it says why.
  package var reason: String {
    let cocoa = self as? CocoaError
    if let posix = self as? POSIXError ?? cocoa?.underlying as? POSIXError {
      return String(cString: strerror(posix.code.rawValue))
    }
    // Foundation's own file errors, without a POSIX one under them, in the same words.
    if let cocoa {
      switch cocoa.code {
      case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
      case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
      case .fileWriteOutOfSpace: return "No space left on device"
      case .fileWriteVolumeReadOnly: return "Read-only file system"
      case .fileReadTooLarge: return "File too large"
      case .fileReadInapplicableStringEncoding: return "not text in a known encoding"
      default: return "it could not be read or written"
      }
    }
    // Ours say it in their own words.
    if let described = self as? LocalizedError, let description = described.errorDescription {
      return description
    }
    return "\(self)"
  }
}
