import CSDL2

/// A failure in SDL or a library around it (a font missing, an image not written), with what
/// failed and what to do about it, in words for people.
public struct SDLError: Error, CustomStringConvertible {
  /// What failed, and SDL's own reason or what to do about it.
  public let description: String

  /// An error that says `description`: for your own failures around SDL calls.
  public init(_ description: String) {
    self.description = description
  }

  /// `what` failed, followed by SDL's own reason (`SDL_GetError()`): for your own SDL calls.
  public static func last(_ what: String) -> SDLError {
    SDLError("\(what): \(String(cString: SDL_GetError()))")
  }
}
