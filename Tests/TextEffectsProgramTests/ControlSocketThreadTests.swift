import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffectsApp
@testable import TextEffectsProgram

/// The control socket in this process: the I/O loop's thread, a stand-in render loop on a thread
/// of its own taking the commands and answering them, and clients on threads of their own. The
/// kiosk tests drive it in another process; here ThreadSanitizer sees every thread it touches.
@Suite(.threadOfItsOwn(.waiting)) struct ControlSocketThreadTests {
  /// A socket in a folder of its own and a loop that answers `show N` with the item N it was
  /// asked for, and every other command with nothing more than done.
  final class Served: @unchecked Sendable {
    let socket: ControlSocket
    let folder: URL
    /// The program's I/O loop, which serves the socket's clients.
    private let io = IOLoop()
    private let woken = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)
    private let loopEnded = DispatchSemaphore(value: 0)

    init(patience: Double = 10) throws {
      folder = try scratchFolder("control-thread")
      socket = try ControlSocket(
        path: folder.appendingPathComponent("control.sock").path, makesFolder: false,
        patience: patience)
      socket.start(on: io) { [woken] in woken.signal() }
      Thread.detachNewThread { [self] in loop() }
    }

    /// The render loop's part: woken by the I/O loop, it takes what arrived and answers.
    private func loop() {
      while !stopped.value {
        _ = woken.wait(timeout: .now() + 0.05)
        for request in socket.take() {
          let fields: [String: any Encodable & Sendable] =
            if case .show(let item) = request.command { ["item": item] } else { [:] }
          socket.answer(request, with: ControlAnswer(.done, fields: fields))
        }
      }
      loopEnded.signal()
    }

    /// Stops the loop, then the socket, as a kiosk ends: what is owed is written first.
    func end() {
      stopped.value = true
      loopEnded.wait()
      socket.finish(within: 2)
      io.stop()
      try? FileManager.default.removeItem(at: folder)
    }
  }

  /// Clients on threads of their own each send commands and bad lines in a row, in pieces; each
  /// gets every answer, in the order it asked, while the others are served beside it.
  @Test func clientsOnThreadsOfTheirOwnAreAnsweredInOrder() throws {
    let served = try Served()
    defer { served.end() }
    let clients = 8
    let lines = 200
    let outcomes = Outcomes()
    DispatchQueue.concurrentPerform(iterations: clients) { client in
      do {
        let connection = try ControlClient(served.socket.path)
        let sent = (1...lines).map { $0.isMultiple(of: 10) ? "reboot \($0)\n" : "show \($0)\n" }
        let bytes = Array(sent.joined().utf8)
        // In pieces that cut lines anywhere.
        for start in stride(from: 0, to: bytes.count, by: 97) {
          connection.write(Array(bytes[start..<min(start + 97, bytes.count)]))
        }
        var wrong: [String] = []
        for number in 1...lines {
          let answer = connection.readLine(within: 5) ?? "nothing"
          let expected =
            number.isMultiple(of: 10) ? #""badCommand":true"# : #""item":\#(number),"ok":true"#
          if !answer.contains(expected) { wrong.append("\(number): \(answer)") }
        }
        outcomes.add(client: client, wrong: wrong)
      } catch {
        outcomes.add(client: client, wrong: ["\(error)"])
      }
    }
    #expect(outcomes.clients == clients)
    #expect(outcomes.wrong.isEmpty, "\(outcomes.wrong.prefix(5))")
  }

  /// A client that leaves half a line is told why and dropped after the patience, while
  /// another is answered at once.
  @Test func halfALineIsDroppedAfterThePatience() throws {
    let served = try Served(patience: 0.3)
    defer { served.end() }
    let hanging = try ControlClient(served.socket.path)
    hanging.write(Array("sta".utf8))
    let other = try ControlClient(served.socket.path)
    other.write(Array("show 2\n".utf8))
    #expect(other.readLine(within: 2)?.contains(#""item":2"#) == true)
    #expect(hanging.readLine(within: 3)?.contains("nothing came for 0.3 seconds") == true)
    #expect(hanging.isClosed(within: 3))
  }

  /// Ending writes every answer already handed over, then removes the socket file.
  @Test func endingWritesWhatIsOwedAndRemovesTheSocket() throws {
    let served = try Served()
    let client = try ControlClient(served.socket.path)
    client.write(Array(String(repeating: "status\n", count: 50).utf8))
    var answers = 0
    while answers < 50, client.readLine(within: 5) != nil { answers += 1 }
    #expect(answers == 50)
    served.end()
    #expect(!FileManager.default.fileExists(atPath: served.socket.path))
  }

  /// What the clients saw, gathered from their threads.
  final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: (clients: Int, wrong: [String]) = (0, [])
    var clients: Int { lock.withLock { seen.clients } }
    var wrong: [String] { lock.withLock { seen.wrong } }

    func add(client: Int, wrong: [String]) {
      lock.withLock {
        seen.clients += 1
        seen.wrong += wrong.map { "client \(client), line \($0)" }
      }
    }
  }
}
