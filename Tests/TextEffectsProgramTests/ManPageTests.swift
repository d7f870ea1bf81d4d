import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffectsApp

/// The man page the package installs, made as `scripts/package` makes it (help2man from
/// `--help`, in UTF-8, with packaging/text-effects.h2m) and read by `man` as a person reads it.
@Suite(.threadOfItsOwn(.waiting)) struct ManPageTests {
  @Test func theManPageReadsAsTheHelpDoes() throws {
    let page = scratchPath("text-effects.1")
    defer { try? FileManager.default.removeItem(atPath: page) }
    let made = try run(
      URL(fileURLWithPath: "/usr/bin/help2man"),
      [
        "--locale=C.UTF-8", "--no-info", "--no-discard-stderr", "--version-string=1",
        "--name=play SwiftUI's text effects", "--include=packaging/text-effects.h2m",
        "--output=\(page)", Executable.url.path,
      ], in: Repository.root)
    #expect(made.status == 0, "\(made.error)")
    let read = try run(
      URL(fileURLWithPath: "/usr/bin/man"), ["-l", page],
      environment: ProcessInfo.processInfo.environment.merging(
        ["MANWIDTH": "80", "LC_ALL": "C.UTF-8", "MAN_KEEP_FORMATTING": ""]) { $1 })
    #expect(read.status == 0, "\(read.error)")
    let text = read.output
    #expect(!text.contains("???"), "characters lost to a C locale")
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXAMPLES", "EXIT STATUS"] {
      #expect(text.contains("\n\(section)\n"), "no \(section)")
    }
    // Each option begins a line of its own, not fused into the text of the one before.
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    for option in Option.allCases {
      #expect(lines.contains { $0.hasPrefix(option.rawValue) }, "\(option) is not on its own line")
    }
    #expect(text.contains("Tab    Shift+Tab  ←  →"), "the keys' arrows")
  }
}
