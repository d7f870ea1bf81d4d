import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// Times the frames and prints the figures; the last line is the one scripts read.
func runBench(_ request: BenchRequest, fonts: FontLibrary) throws {
  let bench = Bench(
    scene: request.scene, settings: request.settings, times: request.times,
    size: request.size, scale: request.scale,
    renderer: request.renderer,
    runsBaseline: request.runsBaseline)
  let result = try bench.run(fonts: fonts)
  func format(_ value: Double) -> String { Printed.decimal(value, places: 3) }
  let median = Bench.Result.percentile(result.milliseconds, 0.5)
  let quads = Bench.Result.percentile(result.glyphQuads.map(Double.init), 0.5)
  print(
    "scene \(request.scene.rawValue), renderer \(request.renderer.rawValue), "
      + "\(Int(request.size.width))x\(Int(request.size.height)) at scale \(request.scale), "
      + "\(request.times.count) frames")
  print(
    "ms per frame: median \(format(median)), p95 "
      + "\(format(Bench.Result.percentile(result.milliseconds, 0.95)))")
  print(
    "glyph quads per frame (median): \(Int(quads)); draw calls per frame: "
      + "\(format(result.drawCallsPerFrame)); atlas misses after the first frame: "
      + "\(result.atlasMissesAfterFirstFrame)")
  if let launch = result.launchToFirstFrame {
    print("launch to first frame on screen: \(format(launch * 1000)) ms")
  }
  var baselineText = "none"
  var speedupText = "none"
  if let baseline = result.baselineMilliseconds {
    let baselineMedian = Bench.Result.percentile(baseline, 0.5)
    print(
      "baseline (each glyph into a new texture every frame): median \(format(baselineMedian)) ms")
    baselineText = format(baselineMedian)
    speedupText = Printed.decimal(baselineMedian / max(median, 1e-9), places: 1)
  }
  print(
    "bench: \(request.scene.rawValue) renderer=\(request.renderer.rawValue) ms_per_frame=\(format(median)) "
      + "baseline_ms_per_frame=\(baselineText) speedup=\(speedupText)")
}
