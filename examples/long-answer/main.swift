// A long Markdown answer streamed into a column that keeps its newest line in view, as a chat
// window does: 7 characters a frame, each frame costing what its newest piece costs, and only
// what changed drawn and sent to the window.
//   swift run long-answer               opens the window (the wheel scrolls back, End follows)
//   swift run long-answer --png F.png   streams it all headless, writes the last frame to F.png
import CSDL2
import Foundation
import TextEffects
import TextEffectsSDL

/// A section of a model's long answer (a recipe's step), and below, an answer `count` long.
let section =
  "## Step\n\nFold the dough **four times**, then let the `starter` work for an hour; the crumb "
  + "opens as it rests.\n\n- wet your hands\n- fold from the edge\n\n```\nrest(minutes: 60)\n```\n\n"
func longAnswer(characters count: Int) -> [Character] {
  Array(
    ("# Sourdough, step by step\n\n" + String(repeating: section, count: count / 100)).prefix(count)
  )
}
let column = Rect(x: 40, y: 30, width: 720, height: 540)
extension TextEffectsRenderer {
  /// Frame `frame`, 1/60 s each: 7 more characters of `text` in `answer` (after its last, the
  /// answer finishes), recorded into `list` and drawn over the frame before, only what changed
  /// (the lines that stayed are repeated, the pixels of a scroll moved). Returns the rectangles
  /// drawn, in pixels.
  func draw(
    frame: Int, of text: [Character], into answer: inout StreamingText, through list: DrawList
  ) throws -> [SDL_Rect] {
    let (time, start) = (Double(frame) / 60, frame * 7)
    let piece = String(text[min(start, text.count)..<min(start + 7, text.count)])
    start < text.count ? answer.append(piece, at: time) : answer.finish(at: time)
    list.reset(background: .black)
    try record(answer, at: time, in: column, into: GraphicsContext(list: list))
    return try drawChanges(list)
  }
}
let arguments = Array(CommandLine.arguments.dropFirst())
do {
  let list = DrawList()
  if arguments.first == "--png" {
    let image = try OffscreenImage(width: 800, height: 600)
    let textEffects = try TextEffectsRenderer(renderer: image.renderer)
    let text = longAnswer(characters: 4_000)
    var streamed = StreamingText(markdown: true).column(height: column.height)
    for frame in 0...(text.count / 7 + 60) {
      _ = try textEffects.draw(frame: frame, of: text, into: &streamed, through: list)
    }
    try image.writePNG(to: arguments[1])
    exit(0)
  }
  // SDL's software renderer on the window's own surface, which keeps its pixels from frame to
  // frame: each frame draws and sends only the rectangles that changed.
  guard SDL_Init(SDL_INIT_VIDEO) == 0,
    let window = SDL_CreateWindow("Long answer", 100, 100, 800, 600, 0),
    let surface = SDL_GetWindowSurface(window),
    let renderer = SDL_CreateSoftwareRenderer(surface)
  else { throw SDLError.last("Could not open a window") }
  let textEffects = try TextEffectsRenderer(renderer: renderer)
  let text = longAnswer(characters: 32_000)
  var (streamed, event, frame) = (StreamingText(markdown: true).column(height: 540), SDL_Event(), 0)
  while event.type != SDL_QUIT.rawValue {
    if event.type == SDL_MOUSEWHEEL.rawValue {
      streamed.scroll(byLines: -3 * Double(event.wheel.y), at: Double(frame) / 60)
    }
    if event.type == SDL_KEYDOWN.rawValue, event.key.keysym.sym == SDLK_END.rawValue {
      streamed.followNewestLine()
    }
    if event.type == SDL_WINDOWEVENT.rawValue { textEffects.invalidate() }
    let changed = try textEffects.draw(frame: frame, of: text, into: &streamed, through: list)
    if !changed.isEmpty { SDL_UpdateWindowSurfaceRects(window, changed, Int32(changed.count)) }
    frame += 1
    event = SDL_Event()
    let moves = frame * 7 <= text.count || streamed.nextChange(after: Double(frame) / 60) != nil
    SDL_WaitEventTimeout(&event, moves ? 16 : 60_000)
  }
} catch {
  FileHandle.standardError.write(Data("long-answer: \(error)\n".utf8))
  exit(1)
}
