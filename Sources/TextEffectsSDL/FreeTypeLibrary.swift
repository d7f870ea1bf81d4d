import CHarfBuzz

/// A FreeType library of one `FontLibrary`'s own, for its faces; done when the last of them
/// and the font library are gone.
final class FreeTypeLibrary {
  let handle: FT_Library

  init?() {
    var handle: FT_Library?
    guard FT_Init_FreeType(&handle) == 0, let handle else { return nil }
    self.handle = handle
  }

  deinit { FT_Done_FreeType(handle) }

  /// "2.12.1".
  var version: String {
    var version = (major: Int32(0), minor: Int32(0), patch: Int32(0))
    FT_Library_Version(handle, &version.major, &version.minor, &version.patch)
    return "\(version.major).\(version.minor).\(version.patch)"
  }
}
