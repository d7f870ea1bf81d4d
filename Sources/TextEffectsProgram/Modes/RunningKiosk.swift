import Foundation
import TextEffects
import TextEffectsApp
import TextEffectsSDL

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
  window.accessibility = serveScreenReaders()
  for note in request.content.notes {
    complain("text-effects: \(request.contentPath ?? ""): \(note)", priority: .warning)
  }
  let watcher = request.contentPath.map { ContentFileWatcher(path: $0, base: request.settings) }
  watcher?.start(wake: AppWindow.wake)
  let input = request.readsStandardInput ? StandardInputReader() : nil
  let recorder = try request.traceRecording.map(TraceRecorder.init(path:))
  let playLog = try request.playLog.map(PlayLog.init(path:))
  kiosk.recordsPlays = playLog != nil
  let control = try openControlSocket(request)
  let commands = KioskControl(kiosk: kiosk, window: window, watcher: watcher)
  control?.start(wake: AppWindow.wakeToListen)
  input?.start()
  window.beforeFrame = { now in
    kiosk.localTime = LocalClock.now()
    if let preferences = desktop?.take() { kiosk.receive(desktop: preferences) }
    if let content = watcher?.take(log: { complain($0) }) {
      kiosk.replace(content: content, at: now)
      commands.contentReplaced()
    }
    // The item that ends at this frame is logged before the next one is drawn.
    kiosk.advance(to: now)
    playLog?.write(kiosk.takePlays(), now: now, log: { complain($0) })
    if let text = input?.take().text, !text.isEmpty {
      kiosk.receive(text, at: now)
      recorder?.record(text, at: now, log: { complain($0) })
    }
  }
  window.betweenFrames = { now in
    var changes = false
    for request in control?.take() ?? [] {
      control?.answer(request, with: commands.perform(request.command, at: now))
      changes = changes || request.command.changesTheScreen
    }
    return changes
  }
  try window.run()
  // The item on screen when the kiosk ends, cut short.
  let now = AppWindow.now
  playLog?.write(
    kiosk.takePlays() + [kiosk.currentPlay(endingAt: now)].compactMap { $0 }, now: now,
    log: { complain($0) })
  // A `quit` is answered before the kiosk goes.
  control?.finish(within: 1)
  // Leave without tearing the fullscreen window down: SDL waits up to 100 ms there for a window
  // manager to confirm, which a kiosk may not run. The system frees it all as the process ends.
  exit(0)
}

/// The kiosk's control socket: at `--control PATH`; none with `--control none`; else, for a
/// fullscreen kiosk, at the default place when there is one. A socket that cannot be had where
/// the command line says is an error; at the default place (another kiosk of the same user
/// has it) the kiosk runs without, and says so.
private func openControlSocket(_ request: KioskRequest) throws -> ControlSocket? {
  switch request.control {
  case "none": return nil
  case let path?:
    do {
      return try ControlSocket(path: path, makesFolder: false)
    } catch {
      throw ControlSocketError(
        "\(Option.control) \(path): \(error); stop that kiosk or choose another path")
    }
  case nil:
    guard request.isFullscreen, let path = ControlSocket.defaultPath else { return nil }
    do {
      return try ControlSocket(path: path, makesFolder: true)
    } catch {
      complain(
        "text-effects: no control socket: \(error); give one with \(Option.control) PATH",
        priority: .warning)
      return nil
    }
  }
}
