// A typewriter in your own SDL loop: the window, the renderer and the clock are yours; the
// library draws the text each frame and says when the next frame is due, so the loop sleeps
// in between (a character every 1/20 s, then a blink every 1/2 s).
//
//   swift run typewriter-loop              opens the window (close it to quit)
//   swift run typewriter-loop --png F.png  writes the frame at 2.2 s to F.png instead
import CSDL2
import Foundation
import TextEffects
import TextEffectsSDL

let size = (width: 640, height: 200)
let line = TypewriterText(
  "$ swift run typewriter-loop\nHello from your own loop.",
  cursorColor: SystemColor.green.color(in: .dark)
)
.font(.system(size: 22, weight: .medium, design: .monospaced))
.foregroundColor(SystemColor.green.color(in: .dark))

/// One frame, the same whether it goes to the window or to a PNG.
func drawFrame(with textEffects: TextEffectsRenderer, at time: Double) throws {
  try textEffects.clear(to: .black)
  try textEffects.draw(line, at: time, in: Rect(x: 32, y: 40, width: 576, height: 120))
}

/// Opens a window and draws until it is closed, waiting for the next change between frames.
func runWindow() throws {
  guard SDL_Init(SDL_INIT_VIDEO) == 0,
    let window = SDL_CreateWindow(
      "Typewriter", Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
      Int32(size.width), Int32(size.height), 0),
    let renderer = SDL_CreateRenderer(window, -1, 0)
  else { throw SDLError.last("Could not open a window") }
  let textEffects = try TextEffectsRenderer(renderer: renderer)
  let start = SDL_GetTicks64()
  var event = SDL_Event()
  while true {
    let time = Double(SDL_GetTicks64() - start) / 1000
    try drawFrame(with: textEffects, at: time)
    SDL_RenderPresent(renderer)
    let wait = min(line.nextChange(after: time).map { $0 - time } ?? 60, 60)
    if SDL_WaitEventTimeout(&event, Int32((max(wait, 0) * 1000).rounded(.up))) == 1,
      event.type == SDL_QUIT.rawValue
    {
      return
    }
  }
}

do {
  let arguments = CommandLine.arguments
  if arguments.count == 3, arguments[1] == "--png" {
    let image = try OffscreenImage(width: size.width, height: size.height)
    try drawFrame(with: TextEffectsRenderer(renderer: image.renderer), at: 2.2)
    try image.writePNG(to: arguments[2])
  } else {
    try runWindow()
  }
} catch {
  FileHandle.standardError.write(Data("typewriter-loop: \(error)\n".utf8))
  exit(1)
}
