// Streaming text fed from a background thread, as an answer comes from a model or a socket:
// the thread hands pieces over under a lock and wakes the loop with an SDL event.
//   swift run streaming-thread              opens the window (close it to quit)
//   swift run streaming-thread --png F.png  waits for the whole answer, writes it to F.png
import CSDL2
import Foundation
import TextEffects
import TextEffectsSDL

let answer =
  "Streaming text arrives a few words at a time, the way a language model answers. "
  + "Each piece fades in behind a soft front, so a burst of pieces reads as one smooth line."

/// Pieces on their way from the producing thread to the drawing loop.
final class Inbox: @unchecked Sendable {
  private let lock = NSLock()
  private var pieces: [String] = []
  private var isFinished = false
  /// Sends `answer` three words every 120 ms from a thread of its own, calling `wake` after each.
  func startProducing(wake: @escaping @Sendable () -> Void) {
    Thread.detachNewThread {
      let words = answer.split(separator: " ")
      for start in stride(from: 0, to: words.count, by: 3) {
        Thread.sleep(forTimeInterval: 0.12)
        let piece = words[start..<min(start + 3, words.count)].joined(separator: " ")
        self.lock.withLock { self.pieces.append((start > 0 ? " " : "") + piece) }
        wake()
      }
      self.lock.withLock { self.isFinished = true }
    }
  }
  /// Moves what has arrived into `text` at `time`; true once the whole answer is in.
  func deliver(into text: inout StreamingText, at time: Double) -> Bool {
    let (pieces, isFinished) = lock.withLock {
      defer { self.pieces.removeAll() }
      return (self.pieces, self.isFinished)
    }
    for piece in pieces { text.append(piece, at: time) }
    return isFinished
  }
}
let inbox = Inbox()
var text = StreamingText().font(.system(size: 20))
let start = Date()
func now() -> Double { Date().timeIntervalSince(start) }
let column = Rect(x: 40, y: 40, width: 560, height: 180)
do {
  if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--png" {
    let image = try OffscreenImage(width: 640, height: 260)
    let textEffects = try TextEffectsRenderer(renderer: image.renderer)
    inbox.startProducing {}
    while !inbox.deliver(into: &text, at: now()) { Thread.sleep(forTimeInterval: 0.02) }
    try textEffects.clear(to: .black)
    try textEffects.draw(text, at: now() + 2, in: column)  // two seconds on: all faded in
    try image.writePNG(to: CommandLine.arguments[2])
    exit(0)
  }
  guard SDL_Init(SDL_INIT_VIDEO) == 0,
    let window = SDL_CreateWindow("Streaming", 100, 100, 640, 260, 0),
    let renderer = SDL_CreateRenderer(window, -1, 0)
  else { throw SDLError.last("Could not open a window") }
  let textEffects = try TextEffectsRenderer(renderer: renderer)
  inbox.startProducing {
    var wake = SDL_Event(type: SDL_USEREVENT.rawValue)
    SDL_PushEvent(&wake)  // any thread may push an event; it ends the loop's wait
  }
  var event = SDL_Event()
  while event.type != SDL_QUIT.rawValue {
    let time = now()
    _ = inbox.deliver(into: &text, at: time)
    try textEffects.clear(to: .black)
    try textEffects.draw(text, at: time, in: column)
    SDL_RenderPresent(renderer)
    // About 60 frames a second while the front moves; then asleep until a piece comes.
    SDL_WaitEventTimeout(&event, text.nextChange(after: time) == nil ? 60_000 : 16)
  }
} catch {
  FileHandle.standardError.write(Data("streaming-thread: \(error)\n".utf8))
  exit(1)
}
