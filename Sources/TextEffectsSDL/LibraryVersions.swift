import CHarfBuzz
import CSDL2
import CSDL2TTF
import TextEffects

/// The versions of the libraries that decide what a frame's pixels are, as linked at run time:
/// golden screenshots record them, so that a mismatch can say why the pixels moved.
package enum LibraryVersions {
  package static var current: [(name: String, version: String)] {
    var sdl = SDL_version()
    SDL_GetVersion(&sdl)
    let ttf = TTF_Linked_Version().pointee
    var freeType = (major: Int32(0), minor: Int32(0), patch: Int32(0))
    var library: FT_Library?
    if FT_Init_FreeType(&library) == 0, let library {
      FT_Library_Version(library, &freeType.major, &freeType.minor, &freeType.patch)
      FT_Done_FreeType(library)
    }
    return [
      ("SDL2", "\(sdl.major).\(sdl.minor).\(sdl.patch)"),
      ("SDL2_ttf", "\(ttf.major).\(ttf.minor).\(ttf.patch)"),
      ("FreeType", "\(freeType.major).\(freeType.minor).\(freeType.patch)"),
      ("HarfBuzz", String(cString: hb_version_string())),
    ]
  }

  /// One library a line: "SDL2 2.26.5".
  package static var summary: String {
    current.map { "\($0.name) \($0.version)" }.joined(separator: "\n")
  }
}
