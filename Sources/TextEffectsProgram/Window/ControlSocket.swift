import CGio
import Dispatch
import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp

// Sections: State, Opening, Serving, Clients

/// A kiosk's control socket: a Unix socket where programs of the kiosk's own user send
/// commands (`ControlCommand`), a line each, and read one line of JSON back for each.
///
/// The program's I/O loop watches the socket and its clients, so the render loop never waits
/// for a client: it takes the commands that arrived before a frame (the loop wakes it),
/// answers each, and the loop writes the answers out. Nothing is spent while nobody is
/// connected. A client is dropped when it sends a line longer than
/// `ControlCommand.longestLine`, leaves half a line unfinished for `patience` seconds, or lets
/// answers pile up unread; past `mostClients` clients, and for a peer of another user (its
/// credentials, from the kernel), the answer is a refusal and the connection is closed.
final class ControlSocket: @unchecked Sendable {
  // MARK: State

  /// A command that arrived, for the render loop to do and answer.
  struct Request {
    let client: Int
    let command: ControlCommand
  }

  /// Clients served at once; one more is refused and closed.
  static let mostClients = 64
  /// Seconds a client may leave a line unfinished, or sit silent, before it is dropped, unless
  /// told: 10, or what `TEXT_EFFECTS_CONTROL_PATIENCE` says, so that a test of a hanging
  /// client waits a second, not ten.
  static let defaultPatience: Double = {
    let given = ProcessInfo.processInfo.environment["TEXT_EFFECTS_CONTROL_PATIENCE"]
    return given.flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 10
  }()
  /// Commands of one client with the render loop at once; its further lines wait.
  static let mostInFlight = 64
  /// Answer bytes a client may leave unread before it is dropped.
  static let mostUnread = 1 << 20

  let path: String
  /// Seconds a client may leave a line unfinished, or sit silent, before it is dropped.
  let patience: Double
  private let listener: Int32
  /// Written to wake the I/O loop when answers are ready: it watches the read end.
  private let wakeUp: (read: Int32, write: Int32)
  private let lock = Lock()
  /// Guarded by `lock`: commands not yet taken, answers not yet handed to their clients, and
  /// whether the kiosk waits for every answer to be written (it is quitting).
  private var requests: [Request] = []
  private var answers: [(client: Int, line: String)] = []
  private var flushed: DispatchSemaphore?

  // MARK: Opening

  /// Where a kiosk listens unless told: `$XDG_RUNTIME_DIR/text-effects/control.sock`, or none
  /// without a runtime folder.
  static var defaultPath: String? {
    guard let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty
    else { return nil }
    return "\(runtime)/text-effects/control.sock"
  }

  /// Listens at `path`, making its folder (only its user may open it) when it is the default's,
  /// and replacing a socket left there by a kiosk that has ended; the socket file is its
  /// user's alone. Throws, in words for people, when another kiosk listens there or the path
  /// cannot be had.
  init(path: String, makesFolder: Bool, patience: Double = defaultPatience) throws {
    self.path = path
    self.patience = patience
    let folder = FilePath.folder(of: path)
    if makesFolder {
      if mkdir(folder, 0o700) != 0, errno != EEXIST {
        throw ControlSocketError("cannot make \(folder) (\(String(cString: strerror(errno))))")
      }
      var status = stat()
      guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
        status.st_uid == geteuid()
      else { throw ControlSocketError("\(folder) is not a folder of this user's") }
      chmod(folder, 0o700)
    }
    // A file's path: only a file has the permissions that keep it the user's.
    guard !path.hasPrefix("@"), let address = UnixSocketAddress(path) else {
      throw ControlSocketError(
        "\(path) is not a file's path of at most \(UnixSocketAddress.capacity - 1) bytes")
    }
    if Self.someoneListens(at: address) {
      throw ControlSocketError(
        "another text-effects listens at \(path): stop it, or give \(Option.control) another path")
    }
    // Only a socket left behind is replaced: a file of the user's at that path stays.
    var existing = stat()
    if lstat(path, &existing) == 0 {
      guard existing.st_mode & S_IFMT == S_IFSOCK else {
        throw ControlSocketError("\(path) is a file, not a socket; give another path")
      }
      unlink(path)
    }
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { throw ControlSocketError("cannot make a socket") }
    // Made with no permission for anyone else, before anyone can connect.
    let mask = umask(0o177)
    let bound = address.bind(listener)
    umask(mask)
    guard bound, listen(listener, 16) == 0 else {
      let reason = String(cString: strerror(errno))
      close(listener)
      throw ControlSocketError("cannot listen at \(path) (\(reason))")
    }
    _ = Self.keepsToItself(listener)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0, ends.allSatisfy(Self.keepsToItself) else {
      close(listener)
      unlink(path)
      throw ControlSocketError("cannot make a pipe to wake the I/O loop")
    }
    self.listener = listener
    wakeUp = (ends[0], ends[1])
  }

  /// Makes `descriptor` non-blocking and closed in programs this one starts.
  private static func keepsToItself(_ descriptor: Int32) -> Bool {
    fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
      && fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0
  }

  /// Whether a kiosk still answers at `address` (a socket left by one that ended refuses).
  private static func someoneListens(at address: UnixSocketAddress) -> Bool {
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard probe >= 0 else { return false }
    defer { close(probe) }
    return address.connect(probe)
  }

  /// Starts serving on `loop`; `wake` is called (on the loop's thread) when commands wait.
  func start(on loop: IOLoop, wake: @escaping @Sendable () -> Void) {
    loop.perform { [self] in
      serving = (loop, wake)
      watches.append(
        loop.watch(listener) { [self] _ in
          accept(at: Date.timeIntervalSinceReferenceDate)
          refresh()
          return true
        })
      watches.append(loop.watch(wakeUp.read) { [self] _ in takeAnswers() })
    }
  }

  /// The commands that arrived since the last take, in order: for the render loop.
  func take() -> [Request] {
    lock.withLock {
      defer { requests.removeAll() }
      return requests
    }
  }

  /// Hands `answer` to the client that sent `request`.
  func answer(_ request: Request, with answer: ControlAnswer) {
    lock.withLock { answers.append((request.client, answer.line)) }
    _ = write(wakeUp.write, "!", 1)
  }

  /// Waits until the answers handed over are written (or `seconds` pass), then removes the
  /// socket file: the kiosk is ending.
  func finish(within seconds: Double) {
    let done = DispatchSemaphore(value: 0)
    lock.withLock { flushed = done }
    _ = write(wakeUp.write, "!", 1)
    _ = done.wait(timeout: .now() + seconds)
    unlink(path)
  }

  // MARK: Serving

  private struct Client {
    let socket: Int32
    let id: Int
    var input: [UInt8] = []
    var output: [UInt8] = []
    /// Its commands with the render loop, answered in order: at most `mostInFlight`.
    var inFlight = 0
    var lastHeard: Double
    /// It is dropped once what it is owed is written.
    var isEnding = false
    /// What the loop watches its socket for, and the source that does.
    var watched: (condition: UInt32, source: IOLoop.Source)?
  }

  /// Known on the loop's thread only, as the rest of this section: the loop and the render
  /// loop's wake, the sources of the socket and the pipe, the clients, the next one's id, and
  /// the timer that looks at their patience while any is connected.
  private var serving: (loop: IOLoop, wake: @Sendable () -> Void)?
  private var watches: [IOLoop.Source] = []
  private var clients: [Client] = []
  private var nextID = 0
  private var buffer = [UInt8](repeating: 0, count: 65_536)
  private var patienceTimer: IOLoop.Source?

  /// The answers the render loop handed over, given to their clients; when the kiosk is
  /// ending, everything owed is written and serving stops (returns false).
  private func takeAnswers() -> Bool {
    while read(wakeUp.read, &buffer, buffer.count) > 0 {}
    let (handed, flush) = lock.withLock {
      defer { answers.removeAll() }
      return (answers, flushed)
    }
    for (id, line) in handed {
      guard let index = clients.firstIndex(where: { $0.id == id }) else { continue }
      clients[index].output += Array(line.utf8) + [0x0A]
      clients[index].inFlight -= 1
    }
    if let flush {
      for index in clients.indices { Self.writeOwed(&clients[index]) }
      for source in watches + clients.compactMap(\.watched?.source) { source.cancel() }
      patienceTimer?.cancel()
      flush.signal()
      return false
    }
    refresh()
    return true
  }

  /// What client `id`'s socket is ready for, done.
  private func serve(_ id: Int, ready: GIOCondition) {
    guard let index = clients.firstIndex(where: { $0.id == id }) else { return }
    let now = Date.timeIntervalSinceReferenceDate
    if ready.rawValue & G_IO_IN.rawValue != 0 {
      receive(&clients[index], at: now)
    } else if ready.rawValue & (G_IO_HUP.rawValue | G_IO_ERR.rawValue | G_IO_NVAL.rawValue) != 0 {
      clients[index].isEnding = true
      clients[index].output.removeAll()
    }
    if ready.rawValue & G_IO_OUT.rawValue != 0 { Self.writeOwed(&clients[index]) }
    refresh()
  }

  /// After anything happened: lines that waited behind an answer go on, clients out of
  /// patience are told and dropped, those that are done are closed, and each is watched for
  /// what it can do now (more lines while few are in flight, writing while it is owed).
  private func refresh() {
    guard let (loop, _) = serving else { return }
    let now = Date.timeIntervalSinceReferenceDate
    for index in clients.indices where !clients[index].isEnding {
      handleLines(of: &clients[index])
    }
    for index in clients.indices where now - clients[index].lastHeard > patience {
      if clients[index].inFlight == 0, !clients[index].isEnding {
        clients[index].output +=
          Array(Self.refusal("nothing came for \(Printed.number(patience)) seconds").utf8) + [
            0x0A
          ]
        clients[index].isEnding = true
      }
      // One that reads nothing either goes at twice the patience.
      if now - clients[index].lastHeard > 2 * patience { clients[index].output.removeAll() }
    }
    clients.removeAll { client in
      let gone =
        (client.isEnding && client.output.isEmpty) || client.output.count > Self.mostUnread
      if gone {
        client.watched?.source.cancel()
        close(client.socket)
      }
      return gone
    }
    for index in clients.indices {
      var wanted = GIOCondition(rawValue: 0)
      if clients[index].inFlight < Self.mostInFlight, !clients[index].isEnding {
        wanted = GIOCondition(rawValue: wanted.rawValue | G_IO_IN.rawValue)
      }
      if !clients[index].output.isEmpty {
        wanted = GIOCondition(rawValue: wanted.rawValue | G_IO_OUT.rawValue)
      }
      guard clients[index].watched?.condition != wanted.rawValue else { continue }
      clients[index].watched?.source.cancel()
      let id = clients[index].id
      clients[index].watched = (
        wanted.rawValue,
        loop.watch(clients[index].socket, for: wanted) { [self] ready in
          serve(id, ready: ready)
          return true
        }
      )
    }
    // While anyone is connected, patience is looked at twice within it (every second at
    // most), so one told it ran out has at least half of it again to read why before it is
    // dropped; with nobody connected, nothing is due until someone is.
    if clients.isEmpty {
      patienceTimer?.cancel()
      patienceTimer = nil
    } else if patienceTimer == nil {
      patienceTimer = loop.every(min(1, patience / 2)) { [self] in
        refresh()
        return true
      }
    }
  }

  // MARK: Clients

  /// Takes every connection waiting: a peer of the kiosk's user, while there is room, is
  /// served; another is told why not and closed.
  private func accept(at now: Double) {
    while true {
      let socket = Glibc.accept(listener, nil, nil)
      guard socket >= 0 else { return }
      // The peer's process, user and group (Linux's struct ucred: three 32-bit numbers).
      var peer: [UInt32] = [0, 0, 0]
      var size = socklen_t(12)
      let known =
        Self.keepsToItself(socket)
        && getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &peer, &size) == 0 && size == 12
      let refusal =
        !known || peer[1] != geteuid()
        ? "this kiosk takes commands from its own user only"
        : clients.count >= Self.mostClients
          ? "this kiosk serves \(Self.mostClients) clients at once; try again" : nil
      if let refusal {
        let line = Self.refusal(refusal) + "\n"
        _ = line.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        close(socket)
        continue
      }
      clients.append(Client(socket: socket, id: nextID, lastHeard: now))
      nextID += 1
    }
  }

  /// Reads what `client` sent and hands on its complete lines.
  private func receive(_ client: inout Client, at now: Double) {
    let count = recv(client.socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
    if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
      client.isEnding = true
      if client.inFlight > 0 { client.output.removeAll() }
      return
    }
    guard count > 0 else { return }
    client.lastHeard = now
    client.input += buffer[..<count]
    handleLines(of: &client)
  }

  /// The client's whole lines: each command goes to the render loop, several at once, up to
  /// `mostInFlight`; a bad one is answered here, once those before it are; a line too long ends
  /// the client.
  private func handleLines(of client: inout Client) {
    var batch: [Request] = []
    defer {
      if !batch.isEmpty {
        lock.withLock { requests += batch }
        serving?.wake()
      }
    }
    while client.inFlight < Self.mostInFlight, !client.isEnding {
      guard let end = client.input.firstIndex(of: 0x0A) else {
        if client.input.count > ControlCommand.longestLine {
          client.output +=
            Array(
              Self.refusal(
                "a command is one line of at most \(ControlCommand.longestLine) bytes", bad: true
              ).utf8) + [0x0A]
          client.input.removeAll()
          client.isEnding = true
        }
        return
      }
      do {
        let command = try ControlCommand(line: client.input[..<end])
        batch.append(Request(client: client.id, command: command))
        client.inFlight += 1
      } catch {
        // Its answer follows those of the commands before it.
        guard client.inFlight == 0 else { return }
        client.output += Array(Self.refusal(error.description, bad: true).utf8) + [0x0A]
      }
      client.input.removeSubrange(...end)
    }
  }

  /// Writes what it can of what `client` is owed.
  private static func writeOwed(_ client: inout Client) {
    guard !client.output.isEmpty else { return }
    let written = client.output.withUnsafeBytes {
      Glibc.send(client.socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    }
    if written > 0 {
      client.output.removeFirst(written)
    } else if written < 0, errno != EAGAIN, errno != EINTR {
      client.output.removeAll()
      client.isEnding = true
    }
  }

  private static func refusal(_ reason: String, bad: Bool = false) -> String {
    ControlAnswer(bad ? .badCommand(reason) : .refused(reason)).line
  }
}

/// Why the control socket could not be had, in words for people.
struct ControlSocketError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
