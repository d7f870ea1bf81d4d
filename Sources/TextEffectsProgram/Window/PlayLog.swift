import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// `--play-log`: proof of play, one JSON line appended for each kiosk item as it ends (and for
/// the one on screen when the kiosk ends), each written and synced to the disk at once, so a
/// power cut loses at most the item that was showing. A log kept across restarts grows; the
/// kiosk guide shows how to count plays per day with `jq`.
package final class PlayLog {
  private let path: String
  private var handle: OpenFile?

  /// Opens the file for appending, making it if missing, so a path that cannot be written
  /// fails at start.
  package init(path: String) throws {
    self.path = path
    guard let handle = OpenFile(writingTo: path, flags: O_APPEND | O_CREAT) else {
      throw SDLError(
        "\(Option.playLog): \(path) cannot be written; choose a file in a folder you can write to"
      )
    }
    self.handle = handle
  }

  /// Appends `plays`, their times on the kiosk's clock, which read `now` at the wall clock's
  /// time now. A write that fails says so once and stops logging; the kiosk goes on showing.
  package func write(_ plays: [KioskPlay], now: Double, log: (String) -> Void) {
    guard let handle, !plays.isEmpty else { return }
    let wallClock = Date().timeIntervalSince1970
    let lines = plays.map { $0.jsonLine(wallClock: wallClock, now: now) + "\n" }.joined()
    do {
      try handle.write(Data(lines.utf8))
      try handle.synchronize()
    } catch {
      log(
        "text-effects: \(Option.playLog): \(path) could not be written (\(error.reason)); "
          + "the kiosk goes on showing, its plays no longer logged")
      self.handle = nil
    }
  }
}
