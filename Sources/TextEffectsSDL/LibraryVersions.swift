import CFontconfig
import CHarfBuzz
import CSDL2
import TextEffects

/// The versions of the libraries that decide what a frame's pixels are, as linked at run time:
/// golden screenshots record them, so that a mismatch can say why the pixels moved.
package enum LibraryVersions {
  package static var current: [(name: String, version: String)] {
    var sdl = SDL_version()
    SDL_GetVersion(&sdl)
    let fontconfig = FcGetVersion()
    return [
      ("SDL2", "\(sdl.major).\(sdl.minor).\(sdl.patch)"),
      ("FreeType", FreeTypeLibrary()?.version ?? "unknown"),
      ("HarfBuzz", String(cString: hb_version_string())),
      ("ICU", TextAnalysisVersion.icu),
      ("fontconfig", "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)"),
    ]
  }

  /// One library a line: "SDL2 2.26.5".
  package static var summary: String {
    current.map { "\($0.name) \($0.version)" }.joined(separator: "\n")
  }
}
