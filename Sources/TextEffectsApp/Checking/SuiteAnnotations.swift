/// The check's results for a CI log: GitHub Actions' workflow commands, one `::error` a failing
/// frame (it shows beside the run and in its summary), and the `dot` reporter's line of a
/// character a frame.
package enum SuiteAnnotations {
  /// `::error file=SUITE,title=CASE at T s::SUMMARY` for each failing frame, in order.
  package static func github(_ results: SuiteResults) -> [String] {
    results.frames.filter(\.fails).map { frame in
      "::error file=\(property(results.suite)),title=\(property(SuiteJUnit.title(of: frame)))::"
        + data("\(frame.verdict): \(frame.summary)")
    }
  }

  /// A character a frame, 80 a line: `.` matches, `F` fails, `W` written.
  package static func dots(_ results: SuiteResults) -> [String] {
    let characters = results.frames.map { frame -> Character in
      frame.fails ? "F" : frame.verdict == "matches" ? "." : "W"
    }
    return stride(from: 0, to: characters.count, by: 80).map {
      String(characters[$0..<min($0 + 80, characters.count)])
    }
  }

  /// A command's message, as GitHub's toolkit escapes it.
  static func data(_ text: String) -> String {
    text.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A"])
  }

  /// A command's property value, which also may not hold `:` or `,`.
  static func property(_ text: String) -> String {
    data(text).replacingScalars([":": "%3A", ",": "%2C"])
  }
}
