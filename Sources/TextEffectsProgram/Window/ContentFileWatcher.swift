import CGio
import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp

/// Watches a kiosk's content file: when it changes, it is read again; an edit that does not
/// read well keeps the last good content on screen and says in one line what is wrong, where.
///
/// The program's I/O loop watches inotify on the file's folder (so an editor's save by renaming
/// is seen too) and tells the window's inbox only when the file's stamp changed; the window
/// does not poll. Where inotify cannot be had, the loop looks at the stamp once a second instead.
package final class ContentFileWatcher: @unchecked Sendable {
  private struct Stamp: Equatable {
    var modified: Int
    var modifiedNanoseconds: Int
    var size: Int
    var inode: UInt64
  }

  package let path: String
  private let base: SceneSettings
  private let lock = Lock()
  private var stamp: Stamp?

  package init(path: String, base: SceneSettings) {
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

  /// Starts watching on `loop`; `changed` is called (on the loop's thread) after each change,
  /// and the window then reads the file again (``reload(log:)``).
  package func start(on loop: IOLoop, changed: @escaping @Sendable () -> Void) {
    let folder = FilePath.folder(of: path)
    let name = FilePath.name(of: path)
    // A file that is a symbolic link (as a configuration volume's) changes when its target's
    // folder does, under other names: then every event in the folder counts.
    var status = stat()
    let isLink = lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    loop.perform { [self] in
      let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)
      let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      guard watch >= 0, inotify_add_watch(watch, folder.isEmpty ? "." : folder, events) >= 0
      else {
        if watch >= 0 { close(watch) }
        loop.every(1) { [self] in
          if noteChange() { changed() }
          return true
        }
        return
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      loop.watch(watch) { [self] _ in
        let count = read(watch, &buffer, buffer.count)
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        guard count > 0 else { return false }
        // Other files in a busy folder (such as /tmp) cost no look at the file.
        let concerns = buffer.withUnsafeBytes {
          Self.events(UnsafeRawBufferPointer(rebasing: $0[..<count]), concern: name)
        }
        if isLink || concerns, noteChange() { changed() }
        return true
      }
    }
  }

  /// Whether a batch of inotify events may concern the file called `name`: an event for it,
  /// one without a name (the folder itself), or a queue that overflowed and lost some.
  static func events(_ batch: UnsafeRawBufferPointer, concern name: String) -> Bool {
    let header = MemoryLayout<inotify_event>.size
    var offset = 0
    while offset + header <= batch.count {
      let mask = batch.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
      let length = Int(batch.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
      if mask & UInt32(IN_Q_OVERFLOW) != 0 || length == 0 { return true }
      let start = offset + header
      let bytes = batch[start..<min(start + length, batch.count)].prefix { $0 != 0 }
      if String(decoding: bytes, as: UTF8.self) == name { return true }
      offset = start + length
    }
    return false
  }

  /// Whether the file's stamp moved since it was last seen; remembers the new one.
  private func noteChange() -> Bool {
    let now = Self.stamp(of: path)
    lock.lock()
    defer { lock.unlock() }
    guard now != stamp else { return false }
    stamp = now
    return true
  }

  /// The file read now (it changed, or a `reload` on the control socket asks): the content
  /// when it reads well; nil, said through `log`, when it does not.
  package func reload(log: (String) -> Void) -> KioskContent? {
    let now = Self.stamp(of: path)
    lock.withLock { stamp = now }
    return readContent(isPresent: now != nil, log: log)
  }

  private func readContent(isPresent: Bool, log: (String) -> Void) -> KioskContent? {
    let data: Data
    do throws(InputFile.Failure) {
      guard isPresent else { throw .unreadable("it is gone") }
      data = try InputFile.read(path)
    } catch .tooLarge {
      log(
        "text-effects: \(path) is larger than \(InputFile.limitName); keeping what is on screen")
      return nil
    } catch {
      log("text-effects: \(path) cannot be read; keeping what is on screen")
      return nil
    }
    do {
      let content = try KioskContent.parse(data, base: base)
      try content.checkFonts()
      for note in content.notes { log("text-effects: \(path): \(note)") }
      return content
    } catch {
      log("text-effects: \(path): \(error); keeping what is on screen")
      return nil
    }
  }
}
