import Foundation
import TextEffects
import TextEffectsApp

/// What a kiosk does for each command of its control socket, between two frames on the render
/// loop's thread: the items move, the time holds, the file is read, the screen is saved, and
/// `status` tells what is on screen and how the process fares.
final class KioskControl {
  private let kiosk: Kiosk
  private let window: AppWindow
  private let watcher: ContentFileWatcher?
  private let started = Date()
  /// When the content on screen was read (at start, and at each change or `reload`), in UTC as
  /// `status` tells it.
  private var contentReadText = ""

  init(kiosk: Kiosk, window: AppWindow, watcher: ContentFileWatcher?) {
    self.kiosk = kiosk
    self.window = window
    self.watcher = watcher
    contentReplaced()
  }

  /// The content file was read again and shows.
  func contentReplaced() {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    contentReadText = formatter.string(from: Date())
  }

  /// Does `command` at `now` and says how it went.
  func perform(_ command: ControlCommand, at now: Double) -> ControlAnswer {
    switch command {
    case .status:
      return ControlAnswer(.done, fields: status(at: now))
    case .next, .previous:
      return answer(refusal: kiosk.step(command == .next ? 1 : -1, at: now), now: now)
    case .show(let number):
      return answer(refusal: kiosk.show(item: number, at: now), now: now)
    case .pause:
      kiosk.pause(at: now)
      return answer(refusal: nil, now: now)
    case .resume:
      kiosk.resume(at: now)
      return answer(refusal: nil, now: now)
    case .reload:
      guard let watcher else {
        return ControlAnswer(
          .refused(
            "this kiosk has no content file to read again; it was started without "
              + "\(Option.content)"))
      }
      var problems: [String] = []
      guard let content = watcher.reload(log: { problems.append($0) }) else {
        return ControlAnswer(.refused(problems.last ?? "the content file cannot be read"))
      }
      kiosk.replace(content: content, at: now)
      contentReplaced()
      return answer(refusal: nil, now: now)
    case .screenshot(let path):
      do {
        try window.saveScreen(to: path)
      } catch {
        return ControlAnswer(.refused("no screenshot: \(error)"))
      }
      return ControlAnswer(.done, fields: ["file": path])
    case .quit:
      window.quit()
      return ControlAnswer(.done)
    }
  }

  /// Done, with the item now on screen; or refused, and why.
  private func answer(refusal: String?, now: Double) -> ControlAnswer {
    if let refusal { return ControlAnswer(.refused(refusal)) }
    return ControlAnswer(.done, fields: kiosk.status(at: now))
  }

  /// The kiosk's items as `Kiosk.status` tells them, and the process: its renderer, the
  /// screen's size in pixels and pixels per point, frames drawn, seconds since it started, its
  /// resident memory, and the content file with when it was read.
  private func status(at now: Double) -> [String: any Sendable] {
    var fields = kiosk.status(at: now)
    let pixels = window.pixelSize
    fields["renderer"] = window.renderer
    fields["width"] = pixels.width
    fields["height"] = pixels.height
    fields["pixelsPerPoint"] = (window.pixelsPerPoint * 1000).rounded() / 1000
    fields["framesDrawn"] = window.framesDrawn
    fields["uptimeSeconds"] = (Date().timeIntervalSince(started) * 1000).rounded() / 1000
    fields["pid"] = Int(getpid())
    if let resident = Self.residentBytes() { fields["residentBytes"] = resident }
    if let path = watcher?.path { fields["contentFile"] = path }
    fields["contentRead"] = contentReadText
    return fields
  }

  /// The process's resident memory, from /proc/self/statm.
  private static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
