// Frames to PNG with no window and no display: a server, a build step or a test draws the
// effects into an image in memory with SDL's software renderer, the same pixels on every
// machine, and writes numbered PNGs (ffmpeg or ImageMagick turn them into a video or a GIF).
//
//   swift run frames-to-png [FOLDER]   writes FOLDER/frame-000.png ... frame-029.png
//                                      (FOLDER defaults to frames; made if missing)
import Foundation
import TextEffects
import TextEffectsSDL

let folder = URL(
  fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "frames")
let framesPerSecond = 10.0
let frameCount = 30

let title = GlitchText("SIGNAL LOST", maxOffset: 9)
  .font(.system(size: 44, weight: .black, design: .monospaced))
  .multilineTextAlignment(.center)
let status = TypewriterText("reconnecting to the uplink...", cursorColor: .white)
  .font(.system(size: 18, design: .monospaced))
  .foregroundColor(SystemColor.green.color(in: .dark))
  .multilineTextAlignment(.center)

do {
  guard
    (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
  else {
    throw SDLError("Could not make the folder \(folder.path); give one that can be made")
  }
  let image = try OffscreenImage(width: 600, height: 240)
  let textEffects = try TextEffectsRenderer(renderer: image.renderer)
  for frame in 0..<frameCount {
    let time = Double(frame) / framesPerSecond
    try textEffects.clear(to: .black)
    try textEffects.draw(title, at: time, in: Rect(x: 0, y: 60, width: 600, height: 60))
    try textEffects.draw(status, at: time, in: Rect(x: 0, y: 150, width: 600, height: 30))
    let name = String(format: "frame-%03d.png", frame)
    try image.writePNG(to: folder.appendingPathComponent(name).path)
  }
  print("wrote \(frameCount) frames to \(folder.path)")
} catch {
  FileHandle.standardError.write(Data("frames-to-png: \(error)\n".utf8))
  exit(1)
}
