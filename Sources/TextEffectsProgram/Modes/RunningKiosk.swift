import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// A kiosk: the window, its content, and what feeds it (the content file, standard input, the
/// commands its items ask, the local time for show windows).
/// Everything outside that feeds it is read on `io`, the program's one I/O thread.
func runKiosk(_ request: KioskRequest, fonts: FontLibrary, io: IOLoop) throws {
  let desktop = request.followsDesktop ? watchDesktop(on: io) : nil
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
  window.followers.accessibility = serveScreenReaders(on: io)
  for note in request.content.notes {
    complain("text-effects: \(request.contentPath ?? ""): \(note)", priority: .warning)
  }
  let watcher = request.contentPath.map { ContentFileWatcher(path: $0, base: request.settings) }
  watcher?.start(on: io, wake: AppWindow.wake)
  // Standard input's answer and the asked commands' come into one inbox, taken once a frame.
  let answers = AnswerInbox()
  let input =
    request.readsStandardInput
    ? StandardInputReader(format: request.standardInputFormat, into: answers) : nil
  let recorder = try request.traceRecording.map(TraceRecorder.init(path:))
  let playLog = try request.playLog.map(PlayLog.init(path:))
  kiosk.recordsPlays = playLog != nil
  let control = try openControlSocket(request.control, byDefault: request.isFullscreen)
  let commands = WindowControl(content: kiosk, window: window)
  // Told as text once per reading: a formatter made for each `status` cost a fifth of it.
  var contentRead = UTCTime.milliseconds(Date())
  if let watcher {
    commands.moreStatus = { ["contentFile": watcher.path, "contentRead": contentRead] }
    commands.reload = { now in
      var problems: [String] = []
      guard let content = watcher.reload(log: { problems.append($0) }) else {
        return problems.last ?? "the content file cannot be read"
      }
      kiosk.replace(content: content, at: now)
      contentRead = UTCTime.milliseconds(Date())
      return nil
    }
  } else {
    commands.moreStatus = { ["contentRead": contentRead] }
    commands.reload = { _ in
      "this kiosk has no content file to read again; it was started without \(Option.content)"
    }
  }
  input?.start(on: io)
  let asking = ItemCommands(on: io, into: answers, log: { complain($0) })
  window.beforeFrame = { now in
    kiosk.localTime = LocalClock.now()
    if let preferences = desktop?.take() { kiosk.receive(desktop: preferences) }
    if let content = watcher?.take(log: { complain($0) }) {
      kiosk.replace(content: content, at: now)
      contentRead = UTCTime.milliseconds(Date())
    }
    // The item that ends at this frame is logged before the next one is drawn.
    kiosk.advance(to: now)
    playLog?.write(kiosk.takePlays(), now: now, log: { complain($0) })
    asking.follow(kiosk)
    for held in answers.take() {
      kiosk.receive(held.piece, at: now, showing: held.showing)
      // A trace records standard input's stream, as it came.
      if held.showing == nil { recorder?.record(held.piece, at: now, log: { complain($0) }) }
    }
  }
  commands.serve(control, on: io)
  try window.run()
  // The item on screen when the kiosk ends, cut short.
  let now = AppWindow.now
  playLog?.write(
    kiosk.takePlays() + [kiosk.currentPlay(endingAt: now)].compactMap { $0 }, now: now,
    log: { complain($0) })
  // A `quit` is answered before the kiosk goes, and an item's command goes with it.
  control?.finish(within: 1)
  asking.stopAll()
  // Leave without tearing the fullscreen window down: SDL waits up to 100 ms there for a window
  // manager to confirm, which a kiosk may not run. The system frees it all as the process ends.
  exit(0)
}
