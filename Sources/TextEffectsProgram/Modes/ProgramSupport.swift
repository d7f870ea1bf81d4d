import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// How much a line on standard error matters, as syslog numbers it: the journal reads the
/// number from a `<N>` at the line's start, so `journalctl -p err` finds the errors.
enum Priority: Int {
  case error = 3
  case warning = 4
}

/// Whether standard error goes to systemd's journal: systemd then sets `JOURNAL_STREAM` to
/// the device and inode of the stream it gave (systemd.exec(5)), which a redirection changes.
let standardErrorIsTheJournal: Bool = {
  guard let stream = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] else { return false }
  var status = stat()
  guard fstat(2, &status) == 0 else { return false }
  return stream == "\(status.st_dev):\(status.st_ino)"
}()

/// Prints `message` on standard error, each line marked with its priority for the journal
/// when standard error is the journal's.
func complain(_ message: String, priority: Priority = .error) {
  let marked =
    standardErrorIsTheJournal
    ? message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "<\(priority.rawValue)>\($0)" }.joined(separator: "\n")
    : message
  StandardStreams.error(marked + "\n")
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
      + "scene shows; it shows the beginning, ending in \u{2026}", priority: .warning)
}

/// How long the first frame waits for the desktop's preferences, beyond the time the window
/// takes to open (they are read meanwhile); later ones come as changes do.
let firstReadingWait = 0.01

/// The desktop watcher started, if any: see `end(status:)`.
nonisolated(unsafe) var startedWatcher: DesktopWatcher?

/// Starts reading the desktop's preferences on `io` into `inbox`, before the window opens, so
/// both go on at once.
func watchDesktop(on io: IOLoop, into inbox: WindowInbox) -> DesktopWatcher {
  let watcher = DesktopWatcher()
  watcher.start(on: io) { inbox.add(desktop: $0) }
  startedWatcher = watcher
  return watcher
}

/// Starts telling screen readers what the window shows, once one may listen.
func serveScreenReaders(on io: IOLoop) -> AccessibilityPublisher {
  let server = AccessibilityServer()
  server.start(on: io, wake: AppWindow.wake)
  return AccessibilityPublisher(server)
}

/// Ends the program after a failure. A window that fails to open (no display) fails within
/// milliseconds, while the I/O loop may still be setting up GLib's types; exiting then
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
