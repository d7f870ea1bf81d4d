// A per-glyph effect of your own: a `TextRenderer` that lifts each character on a sine wave
// and tints it along a gradient, drawn through the same renderer as the seeds' effects. As in
// SwiftUI, the renderer gets the laid-out text and draws each slice where and how it likes.
//
//   swift run wave-renderer              opens the window (close it to quit)
//   swift run wave-renderer --png F.png  writes the frame at 0.4 s to F.png instead
import CSDL2
import Foundation
import TextEffects
import TextEffectsSDL

/// Each character rides a wave that travels along the line, coloured from cyan to pink.
struct Wave: TextRenderer {
  var time: Double
  var height = 10.0
  var wavelength = 9.0  // in characters

  func draw(layout: TextLayout, in context: inout GraphicsContext) {
    let last = Double(max(layout.characterCount - 1, 1))
    for slice in layout.slices where !slice.isBlank {
      let along = Double(slice.characterIndex)
      let phase = (along / wavelength - time * 1.5) * 2 * Double.pi
      var glyph = context
      glyph.translateBy(x: 0, y: sin(phase) * height)
      glyph.foregroundColor = mix(
        SystemColor.cyan.color(in: .dark), SystemColor.pink.color(in: .dark), along / last)
      glyph.draw(slice)
    }
  }

  private func mix(_ a: RGBAColor, _ b: RGBAColor, _ t: Double) -> RGBAColor {
    RGBAColor(
      red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
      blue: a.blue + (b.blue - a.blue) * t)
  }
}

let size = (width: 720, height: 200)

func drawFrame(with textEffects: TextEffectsRenderer, at time: Double) throws {
  let text = Text("Riding the wave, one glyph at a time")
    .font(.system(size: 30, weight: .semibold))
    .multilineTextAlignment(.center)
    .textRenderer(Wave(time: time))
  try textEffects.clear(to: .black)
  try textEffects.draw(text, in: Rect(x: 0, y: 80, width: Double(size.width), height: 40))
}

do {
  let arguments = CommandLine.arguments
  if arguments.count == 3, arguments[1] == "--png" {
    let image = try OffscreenImage(width: size.width, height: size.height)
    try drawFrame(with: TextEffectsRenderer(renderer: image.renderer), at: 0.4)
    try image.writePNG(to: arguments[2])
  } else {
    guard SDL_Init(SDL_INIT_VIDEO) == 0,
      let window = SDL_CreateWindow("Wave", 100, 100, Int32(size.width), Int32(size.height), 0),
      let renderer = SDL_CreateRenderer(window, -1, 0)
    else { throw SDLError.last("Could not open a window") }
    let textEffects = try TextEffectsRenderer(renderer: renderer)
    let start = SDL_GetTicks64()
    var event = SDL_Event()
    while event.type != SDL_QUIT.rawValue {
      try drawFrame(with: textEffects, at: Double(SDL_GetTicks64() - start) / 1000)
      SDL_RenderPresent(renderer)
      SDL_WaitEventTimeout(&event, 16)  // it moves all the time: about 60 frames a second
    }
  }
} catch {
  FileHandle.standardError.write(Data("wave-renderer: \(error)\n".utf8))
  exit(1)
}
