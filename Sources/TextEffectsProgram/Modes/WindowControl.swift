import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp

/// What a window does for each command of its control socket, between two frames on the render
/// loop's thread: the content (a kiosk's items, the showcase's scenes) moves and holds, the
/// screen is saved, and `status` tells what is on screen and how the process fares.
final class WindowControl {
  private let content: any ControlledContent
  private let window: AppWindow
  private let started = Date()
  /// Reads the content file again at a time: nil when it shows, else why not. A window
  /// without one refuses, saying so.
  var reload: (Double) -> String? = { _ in
    "there is no content file to read again: a kiosk reads one with \(Option.content)"
  }
  /// More of `status` that the content does not know: the content file and when it was read.
  var moreStatus: () -> [String: any Encodable & Sendable] = { [:] }

  init(content: any ControlledContent, window: AppWindow) {
    self.content = content
    self.window = window
  }

  /// Does `command` at `now` and says how it went.
  func perform(_ command: ControlCommand, at now: Double) -> ControlAnswer {
    switch command {
    case .status:
      return ControlAnswer(.done, fields: status(at: now))
    case .next, .previous:
      return answer(refusal: content.step(command == .next ? 1 : -1, at: now), now: now)
    case .show(let number):
      return answer(refusal: content.show(item: number, at: now), now: now)
    case .pause:
      content.pause(at: now)
      return answer(refusal: nil, now: now)
    case .resume:
      content.resume(at: now)
      return answer(refusal: nil, now: now)
    case .reload:
      return answer(refusal: reload(now), now: now)
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
    return ControlAnswer(.done, fields: content.controlStatus(at: now))
  }

  /// The content's status, and the process: its renderer, the screen's size in pixels and
  /// pixels per point, frames drawn, seconds since it started, its resident memory.
  private func status(at now: Double) -> [String: any Encodable & Sendable] {
    var fields = content.controlStatus(at: now).merging(moreStatus()) { $1 }
    let pixels = window.pixelSize
    fields["renderer"] = window.renderer
    fields["width"] = pixels.width
    fields["height"] = pixels.height
    fields["pixelsPerPoint"] = (window.pixelsPerPoint * 1000).rounded() / 1000
    fields["framesDrawn"] = window.framesDrawn
    fields["uptimeSeconds"] = (Date().timeIntervalSince(started) * 1000).rounded() / 1000
    fields["pid"] = Int(getpid())
    if let resident = Self.residentBytes() { fields["residentBytes"] = resident }
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

extension WindowControl {
  /// Answers `socket`'s commands between frames, drawing one only for those that change the
  /// screen; nil serves none. Its clients are served on `io`. The window keeps this control as
  /// long as it runs.
  func serve(_ socket: ControlSocket?, on io: IOLoop) {
    guard let socket else { return }
    socket.start(on: io, wake: AppWindow.wakeToListen)
    window.betweenFrames = { now in
      var changes = false
      for request in socket.take() {
        socket.answer(request, with: self.perform(request.command, at: now))
        changes = changes || request.command.changesTheScreen
      }
      return changes
    }
  }
}

/// A window's control socket: at `--control PATH`; none with `--control none`; else, when
/// `byDefault` (a fullscreen kiosk), at the default place when there is one. A socket that
/// cannot be had where the command line says is an error; at the default place (another kiosk
/// of the same user has it) the window runs without, and says so.
func openControlSocket(_ control: String?, byDefault: Bool) throws -> ControlSocket? {
  switch control {
  case "none": return nil
  case let path?:
    do {
      return try ControlSocket(path: path, makesFolder: false)
    } catch {
      throw ControlSocketError("\(Option.control) \(path): \(error)")
    }
  case nil:
    guard byDefault else { return nil }
    guard let path = ControlSocket.defaultPath else {
      // Said, not left for `--send` to find: a kiosk nobody can reach is a surprise days later.
      complain(
        "text-effects: this kiosk has no control socket: XDG_RUNTIME_DIR is not set; give "
          + "\(Option.control) PATH for one, or \(Option.control) none for none",
        priority: .warning)
      return nil
    }
    do {
      return try ControlSocket(path: path, makesFolder: true)
    } catch {
      complain("text-effects: no control socket: \(error)", priority: .warning)
      return nil
    }
  }
}
