import Foundation

/// A client of the control socket that writes raw bytes and reads answers a line at a time.
final class ControlClient {
  private let socket: Int32
  private var pending: [UInt8] = []

  init(_ path: String) throws {
    socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
      }
    }
    guard connected else { throw WindowTestError("cannot connect to \(path)") }
  }

  deinit { Glibc.close(socket) }

  func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// The next line the kiosk wrote, or nil when none came within `seconds` or it closed.
  func readLine(within seconds: Double) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !pending.contains(0x0A) {
      var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let left = Int32(max(deadline.timeIntervalSinceNow, 0) * 1000)
      guard poll(&watched, 1, left) > 0 else { return nil }
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      pending += buffer[..<count]
    }
    let end = pending.firstIndex(of: 0x0A)!
    defer { pending.removeSubrange(...end) }
    return String(decoding: pending[..<end], as: UTF8.self)
  }

  /// Whether the kiosk closed the connection within `seconds`.
  func isClosed(within seconds: Double) -> Bool {
    var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    guard poll(&watched, 1, Int32(seconds * 1000)) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(socket, &byte, 1, Int32(MSG_DONTWAIT)) == 0
  }

  /// Whether the kiosk hung up within `seconds`, seen without reading what it wrote before.
  func isHungUp(within seconds: Double) -> Bool {
    // POLLRDHUP (Linux's "the peer closed its end"), which Glibc's Swift module leaves out.
    let peerClosed: Int16 = 0x2000
    var watched = pollfd(fd: socket, events: peerClosed, revents: 0)
    return poll(&watched, 1, Int32(seconds * 1000)) > 0
      && watched.revents & (peerClosed | Int16(POLLHUP)) != 0
  }

  /// Hangs up; the kiosk sees the connection end.
  func hangUp() {
    Glibc.shutdown(socket, Int32(SHUT_RDWR))
  }
}
