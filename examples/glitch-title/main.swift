// The glitch as a game's title screen: the title bursts every 2.5 s on its own, and bursts
// for as long as you hold Space; the line below blinks. The game's loop stays in charge.
//
//   swift run glitch-title              opens the window (Escape or closing it quits)
//   swift run glitch-title --png F.png  writes the frame at 0.1 s, mid-burst, to F.png
import CSDL2
import Foundation
import TextEffects
import TextEffectsSDL

let size = (width: 800.0, height: 450.0)
let prompt = Text("PRESS SPACE").font(.system(size: 20, weight: .bold, design: .monospaced))
  .multilineTextAlignment(.center).foregroundColor(SystemColor.yellow.color(in: .dark))

/// The title, bursting on its own schedule or for as long as Space is held.
func title(holding: Bool) -> GlitchText {
  var title = GlitchText("NEON DRIFT", maxOffset: 12)
    .font(.system(size: 72, weight: .black, design: .monospaced))
    .multilineTextAlignment(.center)
  title.isBursting = holding
  return title
}

/// The title centred, and the prompt below it every other half second.
func drawFrame(with textEffects: TextEffectsRenderer, at time: Double, holding: Bool) throws {
  let title = title(holding: holding)
  let height = try textEffects.size(of: title, width: size.width).height
  let top = (size.height - height) / 2 - 30
  try textEffects.clear(to: RGBAColor(red: 0.04, green: 0.02, blue: 0.08))
  try textEffects.draw(title, at: time, in: Rect(x: 0, y: top, width: size.width, height: height))
  if Int(time * 2) % 2 == 0 {
    try textEffects.draw(
      prompt, in: Rect(x: 0, y: top + height + 40, width: size.width, height: 30))
  }
}

/// The game's loop. Between frames it sleeps until the title next moves or the prompt blinks,
/// or a key or the window wakes it.
func runWindow() throws {
  guard SDL_Init(SDL_INIT_VIDEO) == 0,
    let window = SDL_CreateWindow(
      "Neon Drift", Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
      Int32(size.width), Int32(size.height), 0),
    let renderer = SDL_CreateRenderer(window, -1, 0)
  else { throw SDLError.last("Could not open a window") }
  let textEffects = try TextEffectsRenderer(renderer: renderer)
  let start = SDL_GetTicks64()
  var event = SDL_Event()
  while true {
    let time = Double(SDL_GetTicks64() - start) / 1000
    let holding = SDL_GetKeyboardState(nil)[Int(SDL_SCANCODE_SPACE.rawValue)] != 0
    try drawFrame(with: textEffects, at: time, holding: holding)
    SDL_RenderPresent(renderer)
    let blink = ((time * 2).rounded(.down) + 1) / 2
    let next = min(title(holding: holding).nextChange(after: time) ?? blink, blink)
    if SDL_WaitEventTimeout(&event, Int32(((next - time) * 1000).rounded(.up))) == 1 {
      let escape =
        event.type == SDL_KEYDOWN.rawValue && event.key.keysym.sym == Int32(SDLK_ESCAPE.rawValue)
      if event.type == SDL_QUIT.rawValue || escape { return }
    }
  }
}

do {
  let arguments = CommandLine.arguments
  if arguments.count == 3, arguments[1] == "--png" {
    let image = try OffscreenImage(width: Int(size.width), height: Int(size.height))
    try drawFrame(with: TextEffectsRenderer(renderer: image.renderer), at: 0.1, holding: false)
    try image.writePNG(to: arguments[2])
  } else {
    try runWindow()
  }
} catch {
  FileHandle.standardError.write(Data("glitch-title: \(error)\n".utf8))
  exit(1)
}
