import Glibc

/// A Unix socket's address, made from its path once and checked to fit `sockaddr_un`, with the
/// calls that take one: what systemd's notify socket, the kiosk's control socket and `--send`
/// share.
struct UnixSocketAddress {
  private var address = sockaddr_un()
  private let length: socklen_t

  /// The address of `path`, a file's path or, starting with "@", a name in the abstract
  /// namespace (whose first byte is zero); nil when it is longer than a socket's path may be.
  init?(_ path: String) {
    var bytes = Array(path.utf8)
    if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
    guard !bytes.isEmpty, bytes.count < Self.capacity else { return nil }
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
  }

  /// The bytes of a socket's path, its ending zero included.
  static let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

  func connect(_ socket: Int32) -> Bool {
    withAddress { Glibc.connect(socket, $0, length) == 0 }
  }

  func bind(_ socket: Int32) -> Bool {
    withAddress { Glibc.bind(socket, $0, length) == 0 }
  }

  /// Sends `bytes` as one datagram from `socket` to this address.
  func send(_ bytes: [UInt8], from socket: Int32, flags: Int32) -> Int {
    withAddress { address in
      bytes.withUnsafeBytes { sendto(socket, $0.baseAddress, $0.count, flags, address, length) }
    }
  }

  private func withAddress<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
    withUnsafePointer(to: address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
    }
  }
}
