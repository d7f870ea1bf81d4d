import CGio
import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp

/// Watches a kiosk's content file: when it changes, it is read again; an edit that does not
/// read well keeps the last good content on screen and says in one line what is wrong, where.
///
/// The program's I/O loop watches inotify on the file's folder (so an editor's save by renaming
/// is seen too) and wakes the window only when the file's stamp changed; the window does not
/// poll. Where inotify cannot be had, the loop looks at the stamp once a second instead.
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
  private var hasChanged = false

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

  /// Starts watching on `loop`; `wake` is called (on the loop's thread) after each change.
  package func start(on loop: IOLoop, wake: @escaping @Sendable () -> Void) {
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
          if noteChange() { wake() }
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
        if isLink || concerns, noteChange() { wake() }
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
    hasChanged = true
    return true
  }

  /// The new content when the file changed since the last call and reads well; nil otherwise.
  package func take(log: (String) -> Void) -> KioskContent? {
    lock.lock()
    let changed = hasChanged
    let isPresent = stamp != nil
    hasChanged = false
    lock.unlock()
    guard changed else { return nil }
    return readContent(isPresent: isPresent, log: log)
  }

  /// The file read now, changed or not (a `reload` on the control socket): the content when it
  /// reads well; nil, said through `log`, when it does not.
  package func reload(log: (String) -> Void) -> KioskContent? {
    let now = Self.stamp(of: path)
    lock.withLock {
      stamp = now
      hasChanged = false
    }
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

/// Reads standard input on the program's I/O loop, off the render loop, as text or as a model
/// server's stream (`--stdin-format`), and keeps the answer's text that arrived until the
/// window takes it; it wakes the window for each piece. A server's errors, and a stream's
/// problems, are said on standard error as they come. The loop reads only once the
/// input says it has something, so standard input is left blocking, as a terminal or a shell
/// sharing it expects.
package final class StandardInputReader: @unchecked Sendable {
  private let lock = Lock()
  private var received = AnswerPiece()
  private var ended = false
  /// Whether `take()` has told that the input ended: it tells once.
  private var endTold = false
  private let input: Int32
  private let format: StreamFormat
  private let wake: @Sendable () -> Void

  /// Reads `input` (standard input, or a pipe's end in a test) in `format` and calls `wake`
  /// after each piece, on the loop's thread.
  package init(
    reading input: Int32 = STDIN_FILENO, format: StreamFormat = .auto,
    wake: @escaping @Sendable () -> Void = AppWindow.wake
  ) {
    self.input = input
    self.format = format
    self.wake = wake
  }

  /// Starts reading on `loop`.
  package func start(on loop: IOLoop) {
    loop.perform { [self] in
      var decoder = UTF8StreamDecoder()
      var stream = ModelStream(format: format)
      var bytes = [UInt8](repeating: 0, count: 4096)
      loop.watch(input) { [self] _ in
        let count = read(input, &bytes, bytes.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return true }
        guard count > 0 else {
          deliver(stream.read(decoder.finish()))
          var end = stream.finish()
          if !stream.hasShownAnything {
            // Never a silent screen: a pipe whose writer failed (curl with no server) ends
            // with nothing, and the screen says so where the answer would be.
            complain("text-effects: \(Self.endedEmpty)")
            end.piece.answer.added += "S" + Self.endedEmpty.dropFirst()
          }
          deliver(end)
          return false
        }
        deliver(stream.read(decoder.decode(bytes[..<count])))
        return true
      }
    }
  }

  /// What the screen and standard error say when the input ends with nothing to show.
  package static let endedEmpty =
    "standard input ended with no text: is the model's server running?"

  private func deliver(_ reading: ModelStream.Reading) {
    for problem in reading.problems { complain("text-effects: standard input: \(problem)") }
    guard !reading.piece.isEmpty else { return }
    lock.lock()
    received.add(reading.piece)
    received.keepNewest()
    ended = ended || reading.ends
    lock.unlock()
    wake()
  }

  /// What arrived since the last call; it says the input ended once, for the answer to
  /// finish once.
  package func take() -> AnswerPiece {
    lock.lock()
    defer { lock.unlock() }
    var piece = received
    received = AnswerPiece()
    piece.ends = ended && !endTold
    endTold = ended
    return piece
  }
}

/// The local day and time, for the content's show windows.
package enum LocalClock {
  /// From the C library's `localtime_r`, which follows TZ and /etc/localtime as Foundation's
  /// calendar does, without loading the ICU tables that cost a kiosk megabytes of memory.
  package static func now() -> LocalTime {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    var seconds = time.tv_sec
    var parts = tm()
    localtime_r(&seconds, &parts)
    // The C library counts Sunday as 0; the content counts Monday as 1.
    let weekday = (Int(parts.tm_wday) + 6) % 7 + 1
    return LocalTime(
      weekday: weekday, minute: Int(parts.tm_hour) * 60 + Int(parts.tm_min),
      second: Double(min(parts.tm_sec, 59)) + Double(time.tv_nsec) / 1e9)
  }
}
