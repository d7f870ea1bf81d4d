import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffectsApp
@testable import TextEffectsProgram

/// Every outside feed on one I/O loop at once, as a kiosk runs them: standard input, the
/// content file, the control socket and the desktop's settings, each filling what a stand-in
/// render loop takes, so ThreadSanitizer sees the one loop thread beside it. The program's
/// own threads, in the real program, are in `ProgramThreadsTests`.
@Suite(.threadOfItsOwn(.waiting)) struct IOLoopTests {
  /// The names of this process's threads now.
  static func threadNames(of process: Int32 = getpid()) -> [String] {
    let tasks = "/proc/\(process)/task"
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
    return ids.compactMap {
      try? String(contentsOfFile: "\(tasks)/\($0)/comm", encoding: .utf8)
        .trimmingCharacters(in: .newlines)
    }
  }

  @Test func everyFeedIsServedOnOneThread() throws {
    let folder = try scratchFolder("io-loop")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Standard input's pipe, closed once the loop has stopped watching it.
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let loop = IOLoop()
    defer { loop.stop() }
    // Which threads woke the stand-in render loop: the loop's alone.
    let wakers = Locked(Set<pthread_t>())
    let wake: @Sendable () -> Void = { wakers.value.insert(pthread_self()) }

    // Standard input: the pipe written from a thread of its own.
    let answers = WindowInbox(wake: wake)
    let input = StandardInputReader(reading: ends[0], into: answers)
    input.start(on: loop)
    let text = String(repeating: "caf\u{E9} \u{1F35E} ", count: 300)
    Thread.detachNewThread { [writeEnd = ends[1]] in
      let bytes = Array(text.utf8)
      for start in stride(from: 0, to: bytes.count, by: 41) {
        _ = bytes[start..<min(start + 41, bytes.count)].withUnsafeBytes {
          write(writeEnd, $0.baseAddress, $0.count)
        }
      }
      close(writeEnd)
    }

    // The content file, edited.
    let file = folder.appendingPathComponent("kiosk.json")
    try Data(#"{"items": [{"scene": "glitch"}]}"#.utf8).write(to: file)
    let content = ContentFileWatcher(path: file.path, base: SceneSettings())
    content.start(on: loop) { answers.addContentFileChange() }

    // The control socket, with a client asking twice.
    let socket = try ControlSocket(
      path: folder.appendingPathComponent("control.sock").path, makesFolder: false)
    socket.start(on: loop, wake: wake)

    // The desktop, with no bus: an empty reading.
    let desktop = DesktopWatcher(environment: WindowDriver.noDesktop)
    desktop.start(on: loop) { answers.add(desktop: $0) }
    #expect(desktop.firstReading(within: 5) == DesktopPreferences())

    Thread.sleep(forTimeInterval: 0.1)
    try Data(#"{"items": [{"scene": "decode"}, {"scene": "typewriter"}]}"#.utf8)
      .write(to: file, options: .atomic)
    let client = try ControlClient(folder.appendingPathComponent("control.sock").path)
    client.write(Array("status\nshow 2\n".utf8))

    // The stand-in render loop: takes what every feed brought, and answers the commands.
    var taken = ""
    var ended = false
    var items: [SceneKind]?
    var answered = 0
    let deadline = Date().addingTimeInterval(10)
    while !(ended && items != nil && answered == 2), Date() < deadline {
      for event in answers.take() {
        switch event {
        case .answer(let piece, _):
          taken = piece.answer.applied(to: taken)
          ended = ended || piece.ends
        case .contentFileChanged:
          let new = content.reload(log: { Issue.record("\($0)") })
          items = new?.items.map(\.scene)
        case .desktop: continue
        }
      }
      for request in socket.take() {
        socket.answer(request, with: ControlAnswer(.done))
        answered += 1
      }
      Thread.sleep(forTimeInterval: 0.002)
    }
    #expect(taken == text && ended)
    #expect(items == [.decode, .typewriter])
    let lines = (0..<2).compactMap { _ in client.readLine(within: 5) }
    #expect(lines.count == 2 && lines.allSatisfy { $0.contains(#""ok":true"#) }, "\(lines)")
    // Every feed woke it from one thread, not this one; none of the threads each feed once
    // had is there.
    #expect(wakers.value.count == 1 && !wakers.value.contains(pthread_self()), "\(wakers.value)")
    let names = Self.threadNames()
    let retired = ["standard input", "content file", "control socket", "desktop prefs"]
    #expect(!names.contains(where: retired.contains), "\(names)")
    socket.finish(within: 2)
  }

  /// A loop stopped as soon as it is made ends: the quit is asked on its own thread, so it
  /// cannot come before the loop runs and be lost.
  @Test func aLoopStoppedAtOnceEnds() {
    for _ in 0..<50 { IOLoop().stop() }
  }
}
