import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// `--animation FILE`: the frames at `times` as one animated PNG or GIF, by FILE's name, each
/// shown until the next one's time. Written beside FILE as it is made and renamed over it at
/// the end, so a long animation never waits whole in memory and a failed one spoils nothing.
func runAnimation(path: String, times: [Double], _ request: RenderRequest) throws {
  let renderer = try makeRenderer(request, fonts: try openFonts())
  let delays = FrameDelays.delays(of: times) ?? []
  let progress = ProgressBar(total: times.count)
  let isGIF = URL(fileURLWithPath: path).pathExtension.lowercased() == "gif"
  let destination = URL(fileURLWithPath: path)
  let partial = destination.deletingLastPathComponent()
    .appendingPathComponent(".\(destination.lastPathComponent).partial")
  func failed(_ error: any Error) -> SDLError {
    try? FileManager.default.removeItem(at: partial)
    return SDLError("\(Option.animation): \(path) could not be written (\(error.reason))")
  }
  guard let file = OpenFile(writingTo: partial.path, flags: O_CREAT | O_TRUNC) else {
    throw SDLError(
      "\(Option.animation): \(path) could not be written; choose a folder you can write to")
  }
  var gif: AnimatedGIF?
  var png = AnimatedPNG(frameCount: times.count)
  do {
    for (index, (time, delay)) in zip(times, delays).enumerated() {
      let image = try renderer.render(at: time).image()
      if isGIF {
        var encoder = gif ?? AnimatedGIF(width: image.width, height: image.height)
        encoder.add(image, delay: delay)
        try file.write(encoder.take())
        gif = encoder
      } else {
        try png.add((try PNGFile.encode(image), delay))
        try file.write(png.take())
      }
      progress.show(done: index + 1)
    }
    if var gif {
      try file.write(gif.finish())
    } else {
      try file.write(png.finish())
    }
    try file.close()
    guard rename(partial.path, destination.path) == 0 else {
      throw SDLError(
        "\(Option.animation): \(path) could not be written (\(String(cString: strerror(errno))))")
    }
  } catch {
    throw failed(error)
  }
}
