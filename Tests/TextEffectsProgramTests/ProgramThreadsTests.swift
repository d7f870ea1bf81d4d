import Foundation
import Testing
import TextEffectsTestSupport

/// Besides its render loop, the program runs two threads of its own in a window or a kiosk,
/// whatever feeds it: "io", GLib's main loop, which carries standard input, the content
/// file, the control socket, the desktop's settings and the accessibility bus; and "signals",
/// which takes SIGINT and SIGTERM. The threads GLib starts for itself (its "gmain" worker,
/// GDBus's and dconf's, and from GLib 2.76, as in Debian 13, its thread pools' "pool-spawner")
/// are the library's.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: WindowDriver.isAvailable))
struct ProgramThreadsTests {
  static let libraries: Set<String> = ["gmain", "gdbus", "dconf worker", "pool-spawner"]

  @Test(arguments: ["kiosk on standard input", "kiosk of a content file", "showcase"])
  func twoThreadsOfItsOwn(_ mode: String) throws {
    let scratch = try ControlSocketTests.Scratch()
    defer { scratch.remove() }
    let arguments =
      switch mode {
      case "kiosk on standard input": ["--kiosk", "--stdin"]
      case "kiosk of a content file": ["--kiosk", "--content", scratch.content]
      default: ["--scene", "streaming"]
      }
    let window = try WindowDriver(
      arguments + ["--control", scratch.socket], renderer: "software")
    let names = IOLoopTests.threadNames(of: window.process.processIdentifier)
    let own = names.filter { !Self.libraries.contains($0) }.sorted()
    #expect(own == ["io", "signals", "text-effects"], "\(mode): \(names)")
    #expect(try ControlSocketTests.send(["status"], to: scratch.socket).status == 0)
  }
}
