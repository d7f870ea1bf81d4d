import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The kiosk's control commands: what a line on its socket says, and what each does to the
/// items, on the kiosk's own clock.
@Suite struct KioskControlTests {
  static let size = Size(width: 900, height: 600)

  func kiosk(windows: [ShowWindow?] = [nil, nil, nil]) -> Kiosk {
    standInKiosk(
      KioskContent(
        items: zip(SceneKind.demos, windows).map {
          .init(scene: $0, settings: SceneSettings(), duration: nil, window: $1)
        }), cycle: 10)
  }

  func shown(_ kiosk: Kiosk, at now: Double) -> Int? {
    kiosk.frame(at: now, in: Self.size, into: DrawList())
    return kiosk.current.map { $0 + 1 }
  }

  @Test(arguments: [
    ("status", ControlCommand.status), ("next", .next), ("previous", .previous),
    ("show 2", .show(2)), ("  show\t12\r", .show(12)), ("pause", .pause), ("resume", .resume),
    ("reload", .reload), ("screenshot /tmp/a b.png", nil),
    ("screenshot /tmp/a.png", .screenshot("/tmp/a.png")), ("quit", .quit),
  ])
  func aLineSaysACommand(line: String, command: ControlCommand?) throws {
    let parsed = try? ControlCommand(line: Array(line.utf8))
    #expect(parsed == command, "\(line)")
    if let command { #expect(try ControlCommand(line: Array(command.line.utf8)) == command) }
  }

  /// Each bad line is told why in one line, naming what to give instead.
  @Test(arguments: [
    ("", "no command: give status, next,"), ("show", "'show' takes an item's number"),
    ("show 0", "'show' takes an item's number"), ("show two", "'show' takes an item's number"),
    ("status now", "'status' takes nothing after it"),
    ("screenshot shot.png", "'screenshot' takes an absolute path on the socket"),
    ("screenshot", "'screenshot' takes the path of the PNG to write"),
    ("reboot", "'reboot' is not a command: give status"),
    ("stauts", "'stauts' is not a command: did you mean 'status'?"),
    ("sta\u{0}tus", "a command is a line of text"),
  ])
  func aBadLineSaysWhy(line: String, reason: String) {
    #expect(throws: ControlCommandError.self) { try ControlCommand(line: Array(line.utf8)) }
    do {
      _ = try ControlCommand(line: Array(line.utf8))
    } catch {
      #expect(error.description.hasPrefix(reason), "\(line): \(error)")
    }
  }

  @Test func bytesThatAreNotTextOrTooManyAreRefused() {
    #expect(throws: ControlCommandError.self) { try ControlCommand(line: [0xFF, 0xFE, 0x41]) }
    let long = [UInt8](repeating: 0x41, count: ControlCommand.longestLine + 1)
    #expect(throws: ControlCommandError.self) { try ControlCommand(line: long) }
  }

  /// Random lines, of random bytes and of the commands' own words mixed with them: each reads
  /// as a command that says itself again, or is refused in one short line.
  @Test func anyBytesReadAsACommandOrOneLineWhyNot() throws {
    var random = SeededRandom(seed: 33)
    let words = [
      "status", "show", "screenshot", "/tmp/x.png", "2", "-1", "99999999999999999999",
      " ", "\t", "\r", "pause", "é", "\u{0}", "quit",
    ].map { Array($0.utf8) }
    for _ in 0..<20_000 {
      var line: [UInt8] = []
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        line +=
          Bool.random(using: &random)
          ? words.randomElement(using: &random)!
          : (0..<Int.random(in: 1...4, using: &random)).map { _ in
            UInt8.random(in: 0...255, using: &random)
          }
      }
      let problems = ControlLineCheck.problems(with: line)
      #expect(problems.isEmpty, "\(line): \(problems)")
    }
  }

  @Test func answersAreOneLineOfJSON() throws {
    #expect(ControlAnswer(.done, fields: ["item": 2]).line == #"{"item":2,"ok":true}"#)
    #expect(ControlAnswer(.refused("no item 9")).line == #"{"error":"no item 9","ok":false}"#)
    #expect(
      ControlAnswer(.badCommand("what?\n")).line
        == #"{"badCommand":true,"error":"what?\n","ok":false}"#)
  }

  @Test func showNextAndPreviousMoveTheItemsOnNow() {
    let kiosk = kiosk()
    #expect(shown(kiosk, at: 1000) == 1)
    #expect(kiosk.show(item: 3, at: 1002) == nil)
    #expect(shown(kiosk, at: 1002) == 3)
    // Item 3 starts afresh: its whole cycle from the show.
    #expect(shown(kiosk, at: 1011.9) == 3)
    #expect(shown(kiosk, at: 1012) == 1)
    #expect(kiosk.step(1, at: 1013) == nil)
    #expect(shown(kiosk, at: 1013) == 2)
    #expect(kiosk.step(-1, at: 1014) == nil)
    #expect(kiosk.step(-1, at: 1014) == nil)
    #expect(shown(kiosk, at: 1014) == 3)
    #expect(kiosk.show(item: 4, at: 1015) == "there is no item 4: the content has 3")
    #expect(shown(kiosk, at: 1015) == 3)
  }

  @Test func itemsWhoseWindowIsClosedAreNotShown() {
    let closed = ShowWindow(days: [6, 7])
    let kiosk = kiosk(windows: [nil, closed, nil])
    #expect(shown(kiosk, at: 1000) == 1)
    #expect(kiosk.show(item: 2, at: 1001) == "item 2's show window is closed now")
    #expect(kiosk.step(1, at: 1001) == nil)
    #expect(shown(kiosk, at: 1001) == 3)
    let dark = self.kiosk(windows: [closed, closed, closed])
    #expect(dark.step(1, at: 1000) == "no item's show window is open now")
  }

  /// Paused, the item's time stands still (the frame stays) and no item follows; resumed, it
  /// goes on from there.
  @Test func pauseHoldsTheItemsTime() {
    let kiosk = kiosk()
    #expect(shown(kiosk, at: 1000) == 1)
    kiosk.pause(at: 1004)
    #expect(kiosk.itemTime(at: 1050) == 4)
    #expect(shown(kiosk, at: 1050) == 1)
    let held = DrawList()
    let before = DrawList()
    kiosk.frame(at: 1060, in: Self.size, into: held)
    kiosk.resume(at: 1100)
    kiosk.frame(at: 1100, in: Self.size, into: before)
    #expect(held.commands == before.commands)
    #expect(kiosk.itemTime(at: 1103) == 7)
    #expect(shown(kiosk, at: 1105.9) == 1)
    #expect(shown(kiosk, at: 1106) == 2)
    #expect(kiosk.controlStatus(at: 1106)["paused"] as? Bool == false)
  }

  @Test func statusTellsTheItemAndItsTimes() throws {
    let kiosk = kiosk()
    _ = shown(kiosk, at: 1000)
    let status = kiosk.controlStatus(at: 1002.5)
    #expect(status["item"] as? Int == 1)
    #expect(status["items"] as? Int == 3)
    #expect(status["scene"] as? String == SceneKind.demos[0].rawValue)
    #expect(status["itemSeconds"] as? Double == 2.5)
    #expect(status["secondsToNext"] as? Double == 7.5)
    #expect(status["paused"] as? Bool == false)
    #expect((status["text"] as? String)?.isEmpty == false)
  }
}
