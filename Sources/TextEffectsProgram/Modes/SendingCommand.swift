import FoundationEssentials
import Glibc
import TextEffectsApp

/// `--send`: one command to the kiosk listening at `socket` (the default place when nil), its
/// answer printed as the kiosk wrote it; exits 0 when it was done, 1 when the kiosk refused,
/// and 2 for a bad command or when no kiosk listens there, with a line saying why.
func sendCommand(_ command: ControlCommand, socket path: String?) -> Never {
  guard let path = path ?? ControlSocket.defaultPath else {
    complain(
      "text-effects: \(Option.send): XDG_RUNTIME_DIR is not set, so there is no default socket; "
        + "give the kiosk's with \(Option.control) PATH")
    exit(2)
  }
  let connection = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
  guard connection >= 0, let address = UnixSocketAddress(path) else {
    complain("text-effects: \(Option.send): \(path) cannot be a socket's path")
    exit(2)
  }
  guard address.connect(connection) else {
    let reason = String(cString: strerror(errno))
    complain(
      "text-effects: \(Option.send): no kiosk listens at \(path) (\(reason)); start one with "
        + "\(Option.kiosk), or give its socket with \(Option.control) PATH")
    exit(2)
  }
  // A kiosk answers within a frame or two; one that says nothing for this long is stuck.
  var wait = timeval(tv_sec: 10, tv_usec: 0)
  setsockopt(
    connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
  let line = Array((command.line + "\n").utf8)
  // A kiosk that refuses this user says why and closes at once, perhaps before the command
  // went: its answer is read all the same.
  let sent = line.withUnsafeBytes {
    send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
  }
  var answer: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while !answer.contains(0x0A) {
    let count = recv(connection, &buffer, buffer.count, 0)
    guard count > 0 else { break }
    answer += buffer[..<count]
  }
  close(connection)
  guard let end = answer.firstIndex(of: 0x0A),
    let fields = try? JSONDecoder().decode(SentAnswer.self, from: Data(answer[..<end]))
  else {
    let what = sent == line.count ? "gave no answer to" : "closed before it took"
    complain("text-effects: \(Option.send): the kiosk at \(path) \(what) '\(command.line)'")
    exit(2)
  }
  print(String(decoding: answer[..<end], as: UTF8.self))
  if fields.ok { exit(0) }
  complain("text-effects: \(Option.send) \(command.line): \(fields.error ?? "refused")")
  exit(fields.badCommand == true ? 2 : 1)
}

/// What `--send` reads of an answer (`ControlAnswer`): whether it was done, and why not.
private struct SentAnswer: Decodable {
  var ok: Bool
  var error: String?
  var badCommand: Bool?
}
