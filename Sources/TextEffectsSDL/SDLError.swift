import CSDL2

/// A runtime failure in SDL or a library around it, with what failed and what to do about it.
public struct SDLError: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }

  /// `what` failed, followed by SDL's own reason.
  static func last(_ what: String) -> SDLError {
    SDLError("\(what): \(String(cString: SDL_GetError()))")
  }
}
