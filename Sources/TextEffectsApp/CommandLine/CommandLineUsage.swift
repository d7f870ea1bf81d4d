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

  /// The help's rows, made from the option table: each option padded to a column, its help
  /// wrapped beside it.
  static var options: String {
    let column = 23
    let width = 96
    var lines = [
      "usage: text-effects [options]",
      "  Plays the text effects in a window; with \(Option.screenshot), \(Option.out) or "
        + "\(Option.contactSheet), writes",
      "  PNG images headless instead.", "", "options:",
    ]
    for option in Option.allCases {
      for row in option.usage {
        let words = "  " + row.words
        let wrapped = wrap(row.help, width: width - column)
        if words.count < column {
          lines.append(words + String(repeating: " ", count: column - words.count) + wrapped[0])
        } else {
          lines += [words, String(repeating: " ", count: column) + wrapped[0]]
        }
        lines += wrapped.dropFirst().map { String(repeating: " ", count: column) + $0 }
      }
    }
    lines += [
      "",
      "An option that would do nothing where it is given (\(Option.columns) without "
        + "\(Option.contactSheet),",
      "\(Option.question) with another scene than streaming) is refused, as is a value out of "
        + "range.", "",
    ]
    return lines.joined(separator: "\n")
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
