import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffectsApp

/// The option table is the only place an option's name is written: the reader, the rules, the
/// help and the README's table are made from it.
@Suite struct OptionTableTests {
  /// No string in the code names an option but the table's raw values: a message names one by
  /// interpolating it, so a misspelt name cannot compile.
  @Test func noOptionNameIsWrittenOutsideTheTable() throws {
    let sources = Repository.file("Sources")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    let files = enumerator.compactMap { $0 as? String }.filter {
      $0.hasSuffix(".swift") && $0 != "TextEffectsApp/CommandLine/Option.swift"
    }
    #expect(files.count > 50)
    let literal = try Regex(#""(?:[^"\\]|\\.)*""#)
    let name = try Regex(#"(?:^|[^-\w])--[a-z][a-z-]*"#)
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n")
      where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
        for match in line.matches(of: literal) where line[match.range].contains(name) {
          Issue.record("\(file): \(line[match.range]) names an option; interpolate Option")
        }
      }
    }
  }

  /// Each option is read by the reader: given with a plausible value it parses or is refused
  /// in words, never taken for an unknown option (nor stops the program at the reader's
  /// precondition).
  @Test(arguments: Option.allCases)
  func everyOptionIsRead(_ option: Option) {
    let value = option.usage[0].words.split(separator: " ").count > 1 ? ["1"] : []
    do {
      _ = try CommandLineOptions.parse([option.rawValue] + value)
    } catch {
      #expect(!error.description.contains("is not an option"), "\(option): \(error)")
    }
  }

  /// Every option is in the help, each row once, and in the README's table.
  @Test func theHelpAndTheTableListEveryOption() {
    for option in Option.allCases {
      for row in option.usage {
        let help = CommandLineOptions.usage
        #expect(
          help.contains("  \(row.words) ") || help.contains("  \(row.words)\n"), "\(row.words)")
        let words = row.words.replacingOccurrences(of: "|", with: "\\|")
        #expect(CommandLineOptions.readmeTable.contains("| `\(words)` |"), "\(row.words)")
      }
    }
    #expect(Option(word: "-h") == .help && Option(word: "--colour") == nil)
  }

  /// The command-line guide's table of options is the one the option table makes; on a
  /// change, paste it.
  @Test func theGuidesTableIsTheOptionTables() throws {
    let guide = Repository.root.appendingPathComponent("docs/command-line.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    #expect(
      text.contains(CommandLineOptions.readmeTable),
      "docs/command-line.md's option table should be:\n\(CommandLineOptions.readmeTable)")
  }

  /// An option whose effects list it is refused with another scene's images, in the words of
  /// the effects' own list.
  @Test func anEffectsOptionsAreRefusedElsewhere() {
    #expect(throws: UsageError.self) {
      try CommandLineOptions.parse([
        "--screenshot", "/tmp/s.png", "--scene", "glitch", "--seed", "3",
      ])
    }
    #expect(throws: Never.self) {
      try CommandLineOptions.parse([
        "--screenshot", "/tmp/s.png", "--scene", "decode", "--seed", "3",
      ])
    }
  }
}
