import Foundation
import TextEffectsTestSupport

/// An X server of one test's own (Xvfb, 1280x800 unless told): windows of tests that run at
/// once never share a screen, a keyboard focus or a pointer, so no window test waits for
/// another. Xvfb starts in about a tenth of a second; it is killed when the display goes.
final class PrivateDisplay: Sendable {
  static let server = "/usr/bin/Xvfb"

  /// The display's name, as `DISPLAY` takes it: `:93`.
  let name: String
  private let process: Process

  init(width: Int = 1280, height: Int = 800) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.server)
    // -displayfd: Xvfb takes the first free display number and writes it once it listens.
    // -noreset: without it the server resets whenever its last client leaves, and a window
    // starting in that moment finds no display.
    process.arguments = [
      "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset",
    ]
    let number = Pipe()
    process.standardOutput = number
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    // The number and a line feed, or nothing when the server could not start.
    var written = Data()
    let handle = number.fileHandleForReading
    while !written.contains(0x0A) {
      let more = handle.availableData
      if more.isEmpty { break }
      written += more
    }
    guard let line = String(data: written, encoding: .utf8), let display = Int(line.trimmed())
    else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw ToolFailure("Xvfb did not start (it wrote \(written.count) bytes of its number)")
    }
    name = ":\(display)"
  }

  deinit {
    // SIGKILL: the tests' threads block SIGTERM, and the server took their mask.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// The server's process, to hold it still with SIGSTOP as a hung display would be.
  var processIdentifier: Int32 { process.processIdentifier }

  /// The environment a program or an X tool needs to use this display.
  var environment: [String: String] { ["DISPLAY": name] }
}

extension String {
  fileprivate func trimmed() -> String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
