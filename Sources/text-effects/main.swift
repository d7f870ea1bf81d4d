import Foundation
import TextEffects
import TextEffectsCLI
import TextEffectsDesktop
import TextEffectsSDL

/// Prints `message` on standard error.
func complain(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Opens the bundled fonts or explains where they were looked for.
func openFonts() throws -> FontLibrary {
  try FontLibrary(directory: FontLibrary.bundledDirectory())
}

/// Says once when the text given is longer than a scene shows.
func noteCutText(_ settings: SceneSettings) {
  guard let text = settings.customText, DisplayText.bounded(text).wasCut else { return }
  complain(
    "text-effects: the text is longer than the \(DisplayText.characterLimitName) characters a "
      + "scene shows; it shows the beginning, ending in \u{2026}")
}

/// How long the first frame waits for the desktop's preferences, beyond the time the window
/// takes to open (they are read meanwhile); later ones come as changes do.
let firstReadingWait = 0.01

/// The desktop watcher started, if any: see `end(status:)`.
nonisolated(unsafe) var startedWatcher: DesktopWatcher?

/// Starts reading the desktop's preferences, before the window opens, so both go on at once.
func watchDesktop() -> DesktopWatcher {
  let watcher = DesktopWatcher()
  watcher.start(wake: AppWindow.wake)
  startedWatcher = watcher
  return watcher
}

/// Ends the program after a failure. A window that fails to open (no display) fails within
/// milliseconds, while the watcher's thread may still be setting up GLib's types; exiting then
/// runs the libraries' destructors beside it, and GLib aborted about one start in 40. So the
/// program first waits, a second at most, for the watcher's first reading.
func end(status: Int32) -> Never {
  _ = startedWatcher?.firstReading(within: 1)
  exit(status)
}

/// The headless renderer for a request.
func makeRenderer(_ request: RenderRequest, fonts: FontLibrary) throws -> OffscreenRenderer {
  noteCutText(request.settings)
  return try OffscreenRenderer(
    scene: request.scene, settings: request.settings, size: request.size, scale: request.scale,
    showsChrome: request.showsChrome, fonts: fonts)
}

/// A kiosk: the window, its content, and what feeds it (the content file, standard input, the
/// local time for show windows).
func runKiosk(_ request: KioskRequest, fonts: FontLibrary) throws {
  let desktop = request.followsDesktop ? watchDesktop() : nil
  let (window, kiosk) = try AppWindow.open(
    options: .init(
      size: request.size, scale: request.scale, isFullscreen: request.isFullscreen,
      hidesCursor: request.isFullscreen, renderer: request.renderer),
    fonts: fonts
  ) { fonts, pixelsPerPoint in
    Kiosk(
      content: request.content, cycle: request.cycle, fonts: fonts, now: AppWindow.now,
      localTime: LocalClock.now(), pixelsPerPoint: pixelsPerPoint, following: request.following)
  }
  if let first = desktop?.firstReading(within: firstReadingWait) { kiosk.receive(desktop: first) }
  kiosk.quitsLikeAWindow = !request.isFullscreen
  for note in request.content.notes {
    complain("text-effects: \(request.contentPath ?? ""): \(note)")
  }
  let watcher = request.contentPath.map { ContentFileWatcher(path: $0, base: request.settings) }
  watcher?.start(wake: AppWindow.wake)
  let input = request.readsStandardInput ? StandardInputReader() : nil
  let recorder = try request.traceRecording.map(TraceRecorder.init(path:))
  input?.start()
  window.beforeFrame = { now in
    kiosk.localTime = LocalClock.now()
    if let preferences = desktop?.take() { kiosk.receive(desktop: preferences) }
    if let content = watcher?.take(log: complain) { kiosk.replace(content: content, at: now) }
    if let text = input?.take().text, !text.isEmpty {
      kiosk.receive(text, at: now)
      recorder?.record(text, at: now, log: complain)
    }
  }
  try window.run()
  // Leave without tearing the fullscreen window down: SDL waits up to 100 ms there for a window
  // manager to confirm, which a kiosk may not run. The system frees it all as the process ends.
  exit(0)
}

/// Times the frames and prints the figures; the last line is the one scripts read.
func runBench(_ request: BenchRequest, fonts: FontLibrary) throws {
  let bench = Bench(
    scene: request.scene, settings: request.settings, frames: request.frames,
    size: request.size, scale: request.scale,
    renderer: Bench.Renderer(rawValue: request.renderer) ?? .software,
    runsBaseline: request.runsBaseline)
  let result = try bench.run(fonts: fonts)
  func format(_ value: Double) -> String { String(format: "%.3f", value) }
  let median = Bench.Result.percentile(result.milliseconds, 0.5)
  let quads = Bench.Result.percentile(result.glyphQuads.map(Double.init), 0.5)
  print(
    "scene \(request.scene.rawValue), renderer \(request.renderer), "
      + "\(Int(request.size.width))x\(Int(request.size.height)) at scale \(request.scale), "
      + "\(request.frames) frames")
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
    print("baseline (SDL2_ttf into a new texture every frame): median \(format(baselineMedian)) ms")
    baselineText = format(baselineMedian)
    speedupText = String(format: "%.1f", baselineMedian / max(median, 1e-9))
  }
  print(
    "bench: \(request.scene.rawValue) renderer=\(request.renderer) ms_per_frame=\(format(median)) "
      + "baseline_ms_per_frame=\(baselineText) speedup=\(speedupText)")
}

let invocation: Invocation
do {
  invocation = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  // One line: what is wrong and what to do. The whole usage would bury it.
  complain("text-effects: \(error.description)")
  exit(2)
}

do {
  switch invocation {
  case .help:
    print(CommandLineOptions.usage)
  case .version:
    print("text-effects \(CommandLineOptions.version)")
    print(LibraryVersions.summary)
  case .screenshot(let path, let time, let request):
    try makeRenderer(request, fonts: try openFonts()).render(at: time).savePNG(to: path)
  case .frames(let directory, let times, let request):
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: nil)
    } catch {
      throw SDLError("--out: the folder \(directory) cannot be made (\(error.reason))")
    }
    let renderer = try makeRenderer(request, fonts: try openFonts())
    let progress = ProgressBar(total: times.count)
    for (index, time) in times.enumerated() {
      let name = String(format: "frame-%05d.png", index)
      try renderer.render(at: time).savePNG(to: "\(directory)/\(name)")
      progress.show(done: index + 1)
    }
  case .animation(let path, let times, let request):
    try runAnimation(path: path, times: times, request)
  case .contactSheet(let path, let times, let columns, let request):
    let fonts = try openFonts()
    try ContactSheet.render(
      times: times, columns: columns, with: try makeRenderer(request, fonts: fonts), fonts: fonts
    ).savePNG(to: path)
  case .check(let request):
    try runCheck(request)
  case .compare(let expected, let actual, let diff, let comparison):
    runComparison(expected: expected, actual: actual, diff: diff, comparison)
  case .bench(let request):
    try runBench(request, fonts: try openFonts())
  case .kiosk(let request):
    try runKiosk(request, fonts: try openFonts())
  case .window(let request):
    noteCutText(request.settings)
    let desktop = request.followsDesktop ? watchDesktop() : nil
    let (window, showcase) = try AppWindow.open(
      options: .init(size: request.size, scale: request.scale, renderer: request.renderer),
      fonts: try openFonts()
    ) { fonts, _ in
      Showcase(
        scene: request.scene, settings: request.settings, showsChrome: request.showsChrome,
        fonts: fonts, now: AppWindow.now, frozenAt: request.frozenTime,
        following: request.following)
    }
    showcase.renderer = window.renderer
    if let first = desktop?.firstReading(within: firstReadingWait) {
      showcase.receive(desktop: first)
    }
    window.beforeFrame = { _ in
      if let preferences = desktop?.take() { showcase.receive(desktop: preferences) }
    }
    try window.run()
  }
} catch {
  complain("text-effects: \(error)")
  end(status: 1)
}
