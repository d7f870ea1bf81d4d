import Foundation
import TextEffects
import TextEffectsCLI
import TextEffectsSDL

/// Prints `message` on standard error.
func complain(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Opens the bundled fonts or explains where they were looked for.
func openFonts() throws -> FontLibrary {
  guard let directory = FontFiles.locateDirectory() else {
    throw SDLError(
      "The bundled fonts (Assets/Fonts) were not found beside \(CommandLine.arguments[0]) "
        + "or in a folder above it; set TEXT_EFFECTS_ASSETS to the folder that holds Fonts/")
  }
  return try FontLibrary(directory: directory)
}

let invocation: Invocation
do {
  invocation = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  complain("text-effects: \(error.description)")
  complain(CommandLineOptions.usage)
  exit(2)
}

do {
  switch invocation {
  case .help:
    print(CommandLineOptions.usage)
  case .version:
    print("text-effects \(CommandLineOptions.version)")
    print(LibraryVersions.summary)
  case .screenshot(let request):
    let screenshot = Screenshot(
      scene: request.scene, settings: request.settings, time: request.time,
      size: request.size, scale: request.scale, showsChrome: request.showsChrome)
    try screenshot.render(fonts: try openFonts()).savePNG(to: request.path)
  case .window(let request):
    let window = try ShowcaseWindow(
      options: .init(
        scene: request.scene, settings: request.settings, size: request.size,
        scale: request.scale, showsChrome: request.showsChrome, frozenTime: request.frozenTime),
      fonts: try openFonts())
    try window.run()
  }
} catch {
  complain("text-effects: \(error)")
  exit(1)
}
