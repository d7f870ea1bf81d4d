import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The kiosk's content file is watched, not polled: an edit wakes the window, a bad one keeps
/// what is on screen, and other files in the folder cost nothing.
@Suite struct ContentFileWatcherTests {
  /// One inotify event as the kernel lays it out: descriptor, mask, cookie, name length, name.
  static func event(mask: Int32, name: String) -> [UInt8] {
    var nameBytes = Array(name.utf8)
    if !nameBytes.isEmpty { nameBytes += [UInt8](repeating: 0, count: 16 - nameBytes.count % 16) }
    var bytes: [UInt8] = []
    for field in [UInt32(1), UInt32(bitPattern: mask), 0, UInt32(nameBytes.count)] {
      withUnsafeBytes(of: field.littleEndian) { bytes += $0 }
    }
    return bytes + nameBytes
  }

  static func concern(_ batch: [UInt8], _ name: String) -> Bool {
    batch.withUnsafeBytes { ContentFileWatcher.events($0, concern: name) }
  }

  @Test func onlyEventsForTheFileOrTheFolderConcernIt() {
    let other = Self.event(mask: IN_CLOSE_WRITE, name: "build-1234.tmp")
    let mine = Self.event(mask: IN_MOVED_TO, name: "kiosk.json")
    #expect(!Self.concern(other, "kiosk.json"))
    #expect(Self.concern(other + mine, "kiosk.json"))
    #expect(!Self.concern(other + mine, "kiosk.jso"))
    #expect(Self.concern(Self.event(mask: IN_ATTRIB, name: ""), "kiosk.json"))
    #expect(Self.concern(Self.event(mask: IN_Q_OVERFLOW, name: "x"), "kiosk.json"))
  }

  @Test func anEditWakesTheWindowAndABadOneKeepsTheContent() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("kiosk.json")
    try Data(#"{"items": [{"scene": "glitch"}]}"#.utf8).write(to: file)
    let watcher = ContentFileWatcher(path: file.path, base: SceneSettings())
    let woken = DispatchSemaphore(value: 0)
    let loop = IOLoop()
    defer { loop.stop() }
    watcher.start(on: loop) { woken.signal() }
    Thread.sleep(forTimeInterval: 0.2)

    // Another file in the folder does not wake it.
    try Data("noise".utf8).write(to: folder.appendingPathComponent("other.txt"))
    #expect(woken.wait(timeout: .now() + 0.5) == .timedOut)

    // An editor's save: written aside, renamed over the file.
    try Data(#"{"items": [{"scene": "streaming"}, {"scene": "typewriter"}]}"#.utf8)
      .write(to: file, options: .atomic)
    #expect(woken.wait(timeout: .now() + 5) == .success)
    var said: [String] = []
    let content = watcher.reload { said.append($0) }
    #expect(content?.items.map(\.scene) == [.streaming, .typewriter] && said.isEmpty)
    // One save is one change: nothing more comes.
    #expect(woken.wait(timeout: .now() + 0.3) == .timedOut)

    try Data(#"{"items": [{"scene": "radio"}]}"#.utf8).write(to: file, options: .atomic)
    #expect(woken.wait(timeout: .now() + 5) == .success)
    #expect(watcher.reload { said.append($0) } == nil)
    #expect(said.count == 1 && said[0].hasSuffix("keeping what is on screen"))
  }
}
