import TextEffects

extension CommandLineOptions {
  /// The help: the options, then the window's keys as the key map lists them.
  package static let usage =
    options + "\nkeys in the window (? or F1 shows them there too):\n" + keys

  /// One line a help row, keys padded to a column, so the list is the key map's own.
  static var keys: String {
    let width = (KeyMap.help.map(\.keys.count).max() ?? 0) + 2
    return KeyMap.help.map { row in
      "  " + row.keys + String(repeating: " ", count: width - row.keys.count) + row.action + "\n"
    }.joined()
  }

  /// The help's width: a terminal's 80 columns.
  static let width = 80

  /// The help's options, grouped by the way of running each is for, each padded to a column
  /// and its help wrapped beside it; after the modes, each with an example.
  static var options: String {
    let column = 26
    var lines = synopsis + ["", "Options:"]
    for group in HelpGroup.allCases {
      lines.append(group.heading)
      for option in Option.allCases where option.helpGroup == group {
        for row in option.usage {
          lines += beside("  " + row.words, wrap(row.help, width: width - column), at: column)
        }
      }
      lines.append("")
    }
    lines += wrap(
      "An option that would do nothing where it is given (\(Option.columns) without "
        + "\(Option.contactSheet)) is refused, as is a value out of range. A FILE of - is "
        + "standard input where a file is read, standard output where a PNG is written.",
      width: width)
    lines += [""]
    lines += wrap(
      "Exit status: 0 done; 1 a check that failed, a difference, or a file that could not be "
        + "written; 2 a bad argument or input, said in one line on standard error.",
      width: width)
    lines += [""]
    return lines.joined(separator: "\n")
  }

  /// The help's first screen: what the program is, then each way of running it, an example
  /// each, as a person would type them.
  static var synopsis: [String] {
    let examples: [(command: String, does: String)] = [
      ("", "the showcase; ? lists its keys"),
      ("\(Option.scene) glitch \(Option.text) Hello", "one scene, with your text"),
      ("\(Option.screenshot) a.png \(Option.at) 1.5", "a frame as a PNG, with no display"),
      ("\(Option.out) dir \(Option.frames) 0:3:0.1", "frames as numbered PNGs"),
      ("\(Option.animation) a.gif \(Option.frames) 0:3:0.1", "an animated GIF or APNG"),
      ("\(Option.contactSheet) s.png \(Option.times) 0,1,2", "frames tiled in one PNG"),
      ("\(Option.kiosk)", "fullscreen, unattended: the demos"),
      ("\(Option.kiosk) \(Option.content) my.json", "your items, read again on each edit"),
      ("\(Option.kiosk) \(Option.stdin) \(Option.markdown)", "a model's answer as it streams in"),
      ("\(Option.send) 'show 2'", "a command to a running kiosk"),
      ("\(Option.check) suite.json", "a visual regression suite"),
      ("\(Option.mergeReports) r1 r2", "one report of its shards' reports"),
      ("\(Option.compare) a.png b.png", "two PNGs, as the suite compares"),
      ("\(Option.bench)", "time the drawing of 600 frames"),
    ]
    // "Usage:", "Examples:" and "Options:" are the headings help2man makes the man page's
    // SYNOPSIS, EXAMPLES and OPTIONS of.
    var lines = [
      "Usage: text-effects [OPTION...]",
      "Plays SwiftUI's text effects (typewriter, glitch, streaming answer, decode) in a",
      "window, on a kiosk's screen, or into images.", "", "Examples:",
    ]
    for example in examples {
      let command = "  text-effects" + (example.command.isEmpty ? "" : " " + example.command)
      lines += beside(command, [example.does], at: 44)
    }
    return lines
  }

  /// `left`, then `right`'s lines from `column` on: beside it where it leaves two spaces, else
  /// from the next line.
  private static func beside(_ left: String, _ right: [String], at column: Int) -> [String] {
    let indent = String(repeating: " ", count: column)
    let first =
      left.count < column - 1
      ? [left + String(repeating: " ", count: column - left.count) + right[0]]
      : [left, indent + right[0]]
    return first + right.dropFirst().map { indent + $0 }
  }

  /// The command-line guide's table of the options, a row for each of the help's: where it
  /// does something (empty: wherever it is given), what it means, its default.
  package static var readmeTable: String {
    let rows = Option.allCases.flatMap(\.guideRows)
    return (["| option | for | meaning | default |", "| --- | --- | --- | --- |"] + rows)
      .joined(separator: "\n") + "\n"
  }

  /// `text` in lines of at most `width` characters, broken at spaces.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }
}
