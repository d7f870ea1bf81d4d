import Foundation
import TextEffects

/// Watches a kiosk's content file: when it changes, it is read again; an edit that does not
/// read well keeps the last good content on screen and says in one line what is wrong, where.
public final class ContentFileWatcher {
  private struct Stamp: Equatable {
    var modified: Int
    var modifiedNanoseconds: Int
    var size: Int
    var inode: UInt64
  }

  public let path: String
  private let base: SceneSettings
  private var stamp: Stamp?

  public init(path: String, base: SceneSettings) {
    self.path = path
    self.base = base
    stamp = Self.stamp(of: path)
  }

  private static func stamp(of path: String) -> Stamp? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Stamp(
      modified: status.st_mtim.tv_sec, modifiedNanoseconds: status.st_mtim.tv_nsec,
      size: Int(status.st_size), inode: UInt64(status.st_ino))
  }

  /// The new content when the file changed since the last look and reads well; nil otherwise.
  public func poll(log: (String) -> Void) -> KioskContent? {
    let now = Self.stamp(of: path)
    guard now != stamp else { return nil }
    stamp = now
    guard now != nil, let data = FileManager.default.contents(atPath: path) else {
      log("text-effects: \(path) cannot be read; keeping what is on screen")
      return nil
    }
    do {
      return try KioskContent.parse(data, base: base)
    } catch {
      log("text-effects: \(path): \(error.description); keeping what is on screen")
      return nil
    }
  }
}

/// Reads standard input on a thread of its own, off the render loop, and keeps what arrived
/// until the window takes it; it wakes the window for each piece.
public final class StandardInputReader: @unchecked Sendable {
  private let lock = NSLock()
  private var received = ""
  private var ended = false

  public init() {}

  public func start() {
    Thread.detachNewThread { [self] in
      var decoder = UTF8StreamDecoder()
      var bytes = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        deliver(decoder.decode(bytes[..<count]), ended: false)
      }
      deliver(decoder.finish(), ended: true)
    }
  }

  private func deliver(_ text: String, ended: Bool) {
    lock.lock()
    received += text
    self.ended = self.ended || ended
    lock.unlock()
    AppWindow.wake()
  }

  /// What arrived since the last call, and whether the input has ended.
  public func take() -> (text: String, hasEnded: Bool) {
    lock.lock()
    defer { lock.unlock() }
    let text = received
    received = ""
    return (text, ended)
  }
}

/// The local day and time, for the content's show windows.
public enum LocalClock {
  public static func now() -> LocalTime {
    let calendar = Calendar.current
    let date = Date()
    let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
    // Foundation counts Sunday as 1; the content counts Monday as 1.
    let weekday = ((parts.weekday ?? 2) + 5) % 7 + 1
    return LocalTime(weekday: weekday, minute: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
  }
}
