import Foundation

extension Error {
  /// Why a file operation failed, in a few words: Foundation's own description says only that
  /// "the operation could not be completed", while the POSIX error under it says why.
  public var reason: String {
    let error = self as NSError
    let posix =
      error.domain == NSPOSIXErrorDomain
      ? error
      : (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
        $0.domain == NSPOSIXErrorDomain ? $0 : nil
      }
    if let posix { return String(cString: strerror(Int32(posix.code))) }
    return error.localizedDescription
  }
}
