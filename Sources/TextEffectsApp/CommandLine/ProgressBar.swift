import Glibc
import TextEffects

/// A one-line progress bar on standard error, drawn only when that is a terminal, so logs and
/// pipes get no control characters.
package struct ProgressBar {
  package let total: Int
  /// What is counted: "frames", "cases".
  package let unit: String
  private let isTerminal = isatty(STDERR_FILENO) != 0
  private static let width = 30

  package init(total: Int, unit: String = "frames") {
    self.total = max(total, 1)
    self.unit = unit
  }

  /// "[#########.....................]  12/40 frames" for `done` of `total`.
  package static func line(done: Int, total: Int, unit: String = "frames") -> String {
    let filled = width * done / max(total, 1)
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    return "[\(bar)] \(done)/\(total) \(unit)"
  }

  package func show(done: Int) {
    guard isTerminal else { return }
    let end = done >= total ? "\n" : ""
    StandardStreams.error("\r" + Self.line(done: done, total: total, unit: unit) + end)
  }
}
