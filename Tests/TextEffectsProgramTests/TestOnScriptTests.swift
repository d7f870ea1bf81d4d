import Foundation
import Testing
import TextEffectsTestSupport

/// `scripts/test-on`, which runs the README's commands on a fresh Debian release: its runs take
/// minutes and root, so a test checks what it says to a person who asks it wrongly, in one
/// line and before it touches anything.
@Suite struct TestOnScriptTests {
  static let script = Repository.root.appendingPathComponent("scripts/test-on")

  @Test(arguments: [
    ([], "name a system, debian-12 or debian-13, not ''"),
    (["debian-14"], "name a system, debian-12 or debian-13, not 'debian-14'"),
    (
      ["debian-13", "--all"],
      "the second argument is --full, --package, --sdl2-compat or nothing, not '--all'"
    ),
    (
      ["debian-12", "--sdl2-compat"],
      "--sdl2-compat needs debian-13, the first release with libsdl2-compat"
    ),
  ])
  func aWrongRequestIsOneLineAndExitTwo(arguments: [String], said: String) throws {
    let ran = try Executable.run(arguments, executable: Self.script)
    #expect(ran.status == 2)
    #expect(ran.error == "scripts/test-on: \(said)\n")
    #expect(ran.output.isEmpty)
  }
}
