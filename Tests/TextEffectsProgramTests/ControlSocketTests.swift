import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The kiosk's control socket, in the real kiosk under X: `--send` and what each command
/// does, seen in `status` and on the screen; the socket's permissions; hostile clients.
@Suite(.threadOfItsOwn(.waiting)) struct ControlSocketTests {
  /// A scratch folder with a content file of three long items, and the socket's path in it.
  struct Scratch {
    let folder: URL
    var socket: String { folder.appendingPathComponent("control.sock").path }
    var content: String { folder.appendingPathComponent("kiosk.json").path }

    init() throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("text-effects-control-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try #"{"items": [{"scene": "glitch"}, {"scene": "typewriter"}, {"scene": "decode"}]}"#
        .write(toFile: content, atomically: true, encoding: .utf8)
    }

    func remove() {
      try? FileManager.default.removeItem(at: folder)
    }
  }

  /// What `--send` printed and its exit status; its answer's fields when it printed one.
  struct Sent {
    var status: Int32
    var line: String
    var error: String
    var fields: [String: Any] {
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }
  }

  static func send(_ words: [String], to socket: String) throws -> Sent {
    let outcome = try Executable.run(
      ["--send"] + words + ["--control", socket])
    return Sent(
      status: outcome.status,
      line: outcome.output.trimmingCharacters(in: .newlines), error: outcome.error)
  }

  static func kiosk(_ scratch: Scratch, _ more: [String] = [], renderer: String = "software")
    throws -> WindowDriver
  {
    try WindowDriver(
      ["--kiosk", "--content", scratch.content, "--control", scratch.socket, "--reduce-motion"]
        + more, renderer: renderer)
  }

  @Test func statusTellsWhatIsOnScreenAndTheCommandsMoveIt() throws {
    guard WindowDriver.isAvailable else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let window = try Self.kiosk(scratch)
    var sent = try Self.send(["status"], to: scratch.socket)
    #expect(sent.status == 0, "\(sent.error)")
    let status = sent.fields
    #expect(status["ok"] as? Bool == true)
    #expect(status["item"] as? Int == 1 && status["items"] as? Int == 3, "\(sent.line)")
    #expect(status["scene"] as? String == "glitch")
    #expect(status["paused"] as? Bool == false)
    #expect(status["renderer"] as? String == "software, only what changes")
    #expect(status["width"] as? Int == 1280 && status["height"] as? Int == 800)
    #expect((status["pixelsPerPoint"] as? Double ?? 0) > 1.4)
    #expect((status["framesDrawn"] as? Int ?? 0) >= 1)
    #expect((status["residentBytes"] as? Int ?? 0) > 10_000_000)
    #expect(status["pid"] as? Int == Int(window.process.processIdentifier))
    #expect(status["contentFile"] as? String == scratch.content)
    #expect((status["contentRead"] as? String)?.hasSuffix("Z") == true)
    #expect((status["secondsToNext"] as? Double ?? 0) > 10)
    #expect((status["text"] as? String)?.isEmpty == false)
    let first = try window.capture()

    let before = window.lastReport
    sent = try Self.send(["next"], to: scratch.socket)
    #expect(sent.status == 0 && sent.fields["item"] as? Int == 2, "\(sent.line)")
    try window.waitForFrame(after: before)
    #expect(try window.capture().bytes != first.bytes)
    sent = try Self.send(["show", "3"], to: scratch.socket)
    #expect(sent.fields["scene"] as? String == "decode", "\(sent.line)")
    sent = try Self.send(["previous"], to: scratch.socket)
    #expect(sent.fields["item"] as? Int == 2, "\(sent.line)")
    sent = try Self.send(["pause"], to: scratch.socket)
    #expect(sent.fields["paused"] as? Bool == true, "\(sent.line)")
    let held = try #require(sent.fields["itemSeconds"] as? Double)
    Thread.sleep(forTimeInterval: 0.5)
    #expect(
      try Self.send(["status"], to: scratch.socket).fields["itemSeconds"] as? Double == held)
    sent = try Self.send(["resume"], to: scratch.socket)
    #expect(sent.fields["paused"] as? Bool == false, "\(sent.line)")

    sent = try Self.send(["show", "9"], to: scratch.socket)
    #expect(sent.status == 1, "\(sent.line)")
    #expect(sent.error == "text-effects: --send show 9: there is no item 9: the content has 3\n")
    sent = try Self.send(["reboot"], to: scratch.socket)
    #expect(sent.status == 2 && sent.line.isEmpty)
    #expect(sent.error.hasPrefix("text-effects: --send: 'reboot' is not a command"))

    sent = try Self.send(["quit"], to: scratch.socket)
    #expect(sent.status == 0, "\(sent.line)")
    #expect(window.hasEnded(within: 3))
    #expect(!FileManager.default.fileExists(atPath: scratch.socket))
    #expect(window.said.isEmpty, "it said: \(window.said)")
  }

  /// `reload` reads the content file at once; a bad one is refused with the reason and the
  /// items on screen stay.
  @Test func reloadReadsTheContentFileNow() throws {
    guard WindowDriver.isAvailable else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let window = try Self.kiosk(scratch)
    try #"{"items": [{"scene": "typewriter"}]}"#
      .write(toFile: scratch.content, atomically: true, encoding: .utf8)
    var sent = try Self.send(["reload"], to: scratch.socket)
    #expect(sent.fields["items"] as? Int == 1 && sent.fields["scene"] as? String == "typewriter")
    try "{".write(toFile: scratch.content, atomically: true, encoding: .utf8)
    sent = try Self.send(["reload"], to: scratch.socket)
    #expect(sent.status == 1 && sent.error.contains("keeping what is on screen"), "\(sent.error)")
    #expect(try Self.send(["status"], to: scratch.socket).fields["items"] as? Int == 1)
    _ = window.close()
  }

  /// The screenshot is the window's pixels exactly as the X server shows them, before and
  /// after a burn-in shift (every 2 s here): the shift moves the whole picture by its pixels.
  /// The software renderer's surface is saved; OpenGL draws the last frame again to read it.
  @Test(arguments: ["software", "opengl"])
  func aScreenshotIsWhatTheXServerShows(renderer: String) throws {
    guard WindowDriver.isAvailable else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    try #"{"burnInShiftSeconds": 2, "items": [{"scene": "glitch"}]}"#
      .write(toFile: scratch.content, atomically: true, encoding: .utf8)
    let window = try Self.kiosk(scratch, renderer: renderer)
    let paused = try Self.send(["pause"], to: scratch.socket)
    #expect(paused.status == 0, "\(paused.error)")
    let drawing = try Self.send(["status"], to: scratch.socket).fields["renderer"] as? String
    #expect(drawing?.hasPrefix(renderer == "opengl" ? "OpenGL" : "software") == true)
    let path = scratch.folder.appendingPathComponent("screen.png").path
    var shots: [[Int]: RGBAImage] = [:]
    let deadline = Date().addingTimeInterval(15)
    while shots.count < 2, Date() < deadline {
      // A pair taken while the shift stood still, as the status before and after says.
      let before = try Self.send(["status"], to: scratch.socket).fields["burnInShift"] as? [Int]
      let sent = try Self.send(["screenshot", path], to: scratch.socket)
      #expect(sent.status == 0 && sent.fields["file"] as? String == path, "\(sent.line)")
      let x = try window.capture()
      let after = try Self.send(["status"], to: scratch.socket).fields["burnInShift"] as? [Int]
      guard let shift = before, shift == after, shots[shift] == nil else { continue }
      let ours = try PNGFile.read(path)
      #expect(ours.width == x.width && ours.height == x.height)
      #expect(ours.bytes == x.bytes, "the screenshot at shift \(shift) differs from X's capture")
      #expect(Set(ours.bytes).count > 2, "a black screen proves nothing")
      shots[shift] = ours
    }
    let shifts = shots.keys.sorted { $0.lexicographicallyPrecedes($1) }
    try #require(shifts.count == 2, "no two burn-in shifts were seen in 15 s")
    let (a, b) = (try #require(shots[shifts[0]]), try #require(shots[shifts[1]]))
    let (dx, dy) = (shifts[1][0] - shifts[0][0], shifts[1][1] - shifts[0][1])
    #expect(dx != 0 || dy != 0)
    var moved = 0
    for y in 4..<(a.height - 4) {
      for x in 4..<(a.width - 4) {
        let from = (y * a.width + x) * 4
        let to = ((y + dy) * b.width + x + dx) * 4
        if a.bytes[from..<from + 4] != b.bytes[to..<to + 4] { moved += 1 }
      }
    }
    #expect(moved == 0, "\(moved) pixels are not where the shift by (\(dx), \(dy)) puts them")
    #expect(a.bytes != b.bytes, "the shift changed nothing on screen")
    _ = window.close()
  }

  /// The showcase window listens only when `--control PATH` asks; its scenes are the items,
  /// and a script takes a screenshot of each as it would of a kiosk's.
  @Test func theShowcaseWindowListensWhenAsked() throws {
    guard WindowDriver.isAvailable else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let environment = WindowDriver.noDesktop.merging(["XDG_RUNTIME_DIR": scratch.folder.path]) {
      $1
    }
    let plain = try WindowDriver([], renderer: "software", environment: environment)
    #expect(
      !FileManager.default.fileExists(atPath: scratch.folder.path + "/text-effects"),
      "a showcase window without --control takes no socket")
    _ = plain.close()

    let window = try WindowDriver(
      ["--control", scratch.socket], renderer: "software", environment: environment)
    var sent = try Self.send(["status"], to: scratch.socket)
    #expect(sent.status == 0, "\(sent.error)")
    #expect(sent.fields["mode"] as? String == "showcase", "\(sent.line)")
    #expect(sent.fields["item"] as? Int == 1 && sent.fields["scene"] as? String == "typewriter")
    #expect(sent.fields["width"] as? Int != nil && sent.fields["framesDrawn"] as? Int != nil)
    var shots: [Data] = []
    for (number, scene) in [(2, "glitch"), (3, "streaming")] {
      sent = try Self.send(["show", "\(number)"], to: scratch.socket)
      #expect(sent.fields["scene"] as? String == scene, "\(sent.line)")
      #expect(try Self.send(["pause"], to: scratch.socket).fields["paused"] as? Bool == true)
      let path = scratch.folder.appendingPathComponent("\(scene).png").path
      #expect(try Self.send(["screenshot", path], to: scratch.socket).status == 0)
      let ours = try PNGFile.read(path)
      #expect(ours.bytes == (try window.capture()).bytes, "\(scene): not what X shows")
      shots.append(Data(ours.bytes))
      #expect(try Self.send(["resume"], to: scratch.socket).status == 0)
    }
    #expect(shots[0] != shots[1])
    sent = try Self.send(["reload"], to: scratch.socket)
    #expect(sent.status == 1 && sent.error.contains("no content file"), "\(sent.error)")
    sent = try Self.send(["show", "9"], to: scratch.socket)
    #expect(sent.status == 1 && sent.error.contains("there is no scene 9"), "\(sent.error)")
    // Quit while nothing moves: the loop sleeps with no frame due, and must end at once.
    #expect(try Self.send(["pause"], to: scratch.socket).status == 0)
    #expect(try Self.send(["quit"], to: scratch.socket).status == 0)
    #expect(window.hasEnded(within: 3), "a paused window did not quit")
    #expect(!FileManager.default.fileExists(atPath: scratch.socket))
  }

  /// The default place is in a folder only the user may open, and the socket is theirs
  /// alone; a second kiosk there runs without one and says so, as one with no runtime folder
  /// does.
  @Test func theSocketAndItsFolderAreTheUsersAlone() throws {
    guard WindowDriver.isAvailable else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let environment = WindowDriver.noDesktop.merging(["XDG_RUNTIME_DIR": scratch.folder.path]) {
      $1
    }
    let window = try WindowDriver(
      ["--kiosk", "--content", scratch.content, "--reduce-motion"], renderer: "software",
      environment: environment)
    let folder = scratch.folder.appendingPathComponent("text-effects").path
    let socket = folder + "/control.sock"
    var status = stat()
    #expect(lstat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700)
    #expect(lstat(socket, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(status.st_mode & S_IFMT == S_IFSOCK)
    let outcome = try Executable.run(
      ["--send", "status"], environment: ["XDG_RUNTIME_DIR": scratch.folder.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let second = try WindowDriver(
      ["--kiosk", "--content", scratch.content, "--reduce-motion"], renderer: "software",
      environment: environment)
    #expect(second.said.contains("no control socket: another text-effects listens at \(socket)"))
    _ = second.close()
    _ = window.close()
    // Started outside a login session, with no runtime folder, a kiosk says it has no socket
    // and how to give it one.
    let nowhere = try WindowDriver(
      ["--kiosk", "--content", scratch.content, "--reduce-motion"], renderer: "software",
      hasRuntimeFolder: false)
    #expect(
      nowhere.said.split(separator: "\n").filter { $0.hasPrefix("text-effects: ") } == [
        "text-effects: this kiosk has no control socket: XDG_RUNTIME_DIR is not set; give "
          + "\(Option.control) PATH for one, or \(Option.control) none for none"
      ], "\(nowhere.said)")
    _ = nowhere.close()
  }

  /// A kiosk run by another user (nobody) refuses this one's commands, by the kernel's word
  /// for who connected.
  @Test func aPeerOfAnotherUserIsRefused() throws {
    guard WindowDriver.isAvailable, geteuid() == 0 else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    chmod(scratch.folder.path, 0o777)
    chmod(scratch.content, 0o644)
    // The program and its fonts where nobody may read them: a clone often sits in a folder
    // only its owner enters (root's home is 0700).
    let program = scratch.folder.appendingPathComponent("text-effects")
    try copyProgram(to: program)
    try FileManager.default.copyItem(
      at: Repository.root.appendingPathComponent("Assets"),
      to: scratch.folder.appendingPathComponent("Assets"))
    let window = try WindowDriver(
      [
        "--reuid=nobody", "--regid=nogroup", "--clear-groups",
        program.path, "--kiosk", "--content", scratch.content,
        "--control", scratch.socket, "--reduce-motion", "--renderer", "software",
      ], executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    var status = stat()
    #expect(lstat(scratch.socket, &status) == 0 && status.st_uid != 0)
    let sent = try Self.send(["status"], to: scratch.socket)
    #expect(sent.status == 1, "\(sent.line)")
    #expect(sent.error.contains("this kiosk takes commands from its own user only"))
    _ = window.close()
  }

  /// Lines too long, bytes that are not text, half a line and a hang, a crowd of clients and
  /// a thousand commands in a row: each bad client gets an error or is dropped, and the
  /// kiosk goes on answering at once.
  @Test func hostileClientsAreToldOrDropped() throws {
    guard WindowDriver.isAvailable else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let window = try Self.kiosk(scratch)
    let long = try ControlClient(scratch.socket)
    long.write(Array(repeating: 0x41, count: ControlCommand.longestLine + 10))
    #expect(long.readLine(within: 3)?.contains("a command is one line of at most") == true)
    #expect(long.isClosed(within: 3))

    let binary = try ControlClient(scratch.socket)
    binary.write([0xFF, 0x00, 0xFE, 0x0A] + Array("status\n".utf8))
    #expect(binary.readLine(within: 3)?.contains("a command is a line of text") == true)
    #expect(binary.readLine(within: 3)?.contains(#""ok":true"#) == true)

    let crowd = try (0..<ControlSocket.mostClients).map { _ in try ControlClient(scratch.socket) }
    let oneTooMany = try ControlClient(scratch.socket)
    #expect(oneTooMany.readLine(within: 3)?.contains("clients at once") == true)
    for client in crowd { client.hangUp() }

    let before = try Self.send(["status"], to: scratch.socket).fields["residentBytes"] as? Int
    let busy = try ControlClient(scratch.socket)
    let start = Date()
    busy.write(Array(String(repeating: "status\n", count: 1000).utf8))
    var answers = 0
    while answers < 1000, busy.readLine(within: 3) != nil { answers += 1 }
    let seconds = Date().timeIntervalSince(start)
    #expect(answers == 1000)
    #expect(seconds < 1, "1000 status answers took \(seconds) s")
    let after = try Self.send(["status"], to: scratch.socket).fields["residentBytes"] as? Int
    #expect(
      Double(after ?? 0) < Double(before ?? 0) * 1.1, "\(before ?? 0) → \(after ?? 0) bytes")

    // One that asks and never reads is dropped once a megabyte of answers waits for it: the
    // kiosk hangs up on it (its 8 MB of answers would take about five seconds), which it sees
    // without reading, and then reads only what was written before.
    let hog = try ControlClient(scratch.socket)
    hog.write(Array(String(repeating: "status\n", count: 20_000).utf8))
    #expect(try Self.send(["status"], to: scratch.socket).status == 0)
    #expect(hog.isHungUp(within: 10), "the kiosk kept a client that reads nothing")
    var read = 0
    while hog.readLine(within: 10) != nil { read += 1 }
    #expect(read > 0 && read < 20_000, "it read \(read) answers")
    let afterHog = try Self.send(["status"], to: scratch.socket).fields["residentBytes"] as? Int
    #expect(
      Double(afterHog ?? 0) < Double(before ?? 0) * 1.1, "\(before ?? 0) → \(afterHog ?? 0) bytes"
    )

    let hanging = try ControlClient(scratch.socket)
    hanging.write(Array("sta".utf8))
    #expect(
      hanging.readLine(within: WindowDriver.controlPatience + 3)?.contains("nothing came for")
        == true)
    #expect(try Self.send(["status"], to: scratch.socket).status == 0)
    _ = window.close()
  }
}
