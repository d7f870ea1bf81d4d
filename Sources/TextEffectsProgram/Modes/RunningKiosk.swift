import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// A kiosk: the window, its content, and what feeds it (the content file, standard input, the
/// commands its items ask, the local time for show windows).
/// Everything outside that feeds it is read on `io`, the program's one I/O thread.
func runKiosk(_ request: KioskRequest, fonts: FontLibrary, io: IOLoop) throws {
  // Standard input's answer, the asked commands', the desktop's preferences and the content
  // file's changes come into one inbox, taken once a frame.
  let inbox = WindowInbox()
  let desktop = request.followsDesktop ? watchDesktop(on: io, into: inbox) : nil
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
  watcher?.start(on: io) { inbox.addContentFileChange() }
  let input =
    request.readsStandardInput
    ? StandardInputReader(format: request.standardInputFormat, into: inbox) : nil
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
  let asking = ItemCommands(on: io, into: inbox, log: { complain($0) })
  window.beforeFrame = { now in
    kiosk.localTime = LocalClock.now()
    let events = inbox.take()
    for event in events {
      switch event {
      case .desktop(let preferences): kiosk.receive(desktop: preferences)
      case .contentFileChanged:
        guard let content = watcher?.reload(log: { complain($0) }) else { continue }
        kiosk.replace(content: content, at: now)
        contentRead = UTCTime.milliseconds(Date())
      case .answer: continue
      }
    }
    // The item that ends at this frame is logged before the next one is drawn, and before
    // what arrived for the item on screen is given to it.
    kiosk.advance(to: now)
    playLog?.write(kiosk.takePlays(), now: now, log: { complain($0) })
    asking.follow(kiosk)
    for case .answer(let piece, let showing) in events {
      kiosk.receive(piece, at: now, showing: showing)
      // A trace records standard input's stream, as it came.
      if showing == nil { recorder?.record(piece, at: now, log: { complain($0) }) }
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
