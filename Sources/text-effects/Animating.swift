import Foundation
import TextEffects
import TextEffectsCLI
import TextEffectsSDL

/// `--animation FILE`: the frames at `times` as one animated PNG or GIF, by FILE's name, each
/// shown until the next one's time; written whole, in place of the file, once all are drawn.
func runAnimation(path: String, times: [Double], _ request: RenderRequest) throws {
  let renderer = try makeRenderer(request, fonts: try openFonts())
  let delays = FrameDelays.delays(of: times) ?? []
  let progress = ProgressBar(total: times.count)
  let isGIF = URL(fileURLWithPath: path).pathExtension.lowercased() == "gif"
  var gif: AnimatedGIF?
  var png = AnimatedPNG(frameCount: times.count)
  for (index, (time, delay)) in zip(times, delays).enumerated() {
    let image = try renderer.render(at: time).image()
    if isGIF {
      if gif == nil { gif = AnimatedGIF(width: image.width, height: image.height) }
      gif?.add(image, delay: delay)
    } else {
      try png.add((try PNGFile.encode(image), delay))
    }
    progress.show(done: index + 1)
  }
  let data = try gif?.finished ?? png.finished()
  do {
    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
  } catch {
    throw SDLError("--animation: \(path) could not be written (\(error.reason))")
  }
}
