import FoundationEssentials

/// A check's results as JUnit XML, the format GitLab, Jenkins and GitHub's test summaries read:
/// one `testcase` a frame (class: the case; name: the case and the time), a `failure` for each
/// that fails with its counts as the message, and the diff image as an attachment where a
/// report keeps it (a `property` as Playwright writes it, and GitLab's `[[ATTACHMENT|…]]`).
package enum SuiteJUnit {
  /// The XML of `results`; `timestamp` is when the run began, in ISO 8601. Attachments are
  /// named from where the program ran, in the report folder `reportFolder` (as given).
  package static func xml(
    _ results: SuiteResults, timestamp: String, hostname: String, reportFolder: String? = nil
  ) -> String {
    let seconds = results.frames.reduce(0) { $0 + $1.seconds }
    let counts =
      "tests=\"\(results.counts.frames)\" failures=\"\(results.counts.failed)\" errors=\"0\" "
      + "skipped=\"0\" time=\"\(format(seconds))\""
    var properties = [("libraries", results.libraries.replacingScalars(["\n": ", "]))]
    if let shard = results.shard { properties.append(("shard", shard)) }
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      "<testsuites name=\"\(escape(results.suite))\" \(counts)>",
      "  <testsuite name=\"\(escape(results.suite))\" \(counts) timestamp=\"\(escape(timestamp))\" "
        + "hostname=\"\(escape(hostname))\">",
      "    <properties>",
    ]
    lines += properties.map { "      <property name=\"\($0)\" value=\"\(escape($1))\"/>" }
    lines.append("    </properties>")
    for frame in results.frames {
      let open =
        "    <testcase classname=\"\(escape(frame.case))\" name=\"\(escape(title(of: frame)))\" "
        + "time=\"\(format(frame.seconds))\" file=\"\(escape(results.suite))\""
      guard frame.fails else {
        lines.append(open + "/>")
        continue
      }
      lines.append(open + ">")
      lines.append(
        "      <failure message=\"\(escape(frame.summary))\" type=\"\(frame.verdict)\">"
          + escape("\(title(of: frame)): \(frame.summary)\nreference: \(frame.reference)")
          + "</failure>")
      if let image = frame.diff ?? frame.actual, let reportFolder {
        let attachment = URL(fileURLWithPath: reportFolder).appendingPathComponent(image)
          .relativePath
        lines += [
          "      <properties>",
          "        <property name=\"attachment\" value=\"\(escape(attachment))\"/>",
          "      </properties>",
          "      <system-out>[[ATTACHMENT|\(escape(attachment))]]</system-out>",
        ]
      }
      lines.append("    </testcase>")
    }
    lines += ["  </testsuite>", "</testsuites>", ""]
    return lines.joined(separator: "\n")
  }

  /// "glitch at 0.42 s", as the line reporter names a frame.
  package static func title(of frame: SuiteResults.Frame) -> String {
    "\(frame.case) at \(frame.time) s"
  }

  private static func format(_ seconds: Double) -> String { Printed.decimal(seconds, places: 3) }

  /// Text for an attribute or an element: XML's five, and the controls XML 1.0 cannot hold
  /// at all, as U+FFFD.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\n": escaped += "&#10;"
      case "\t", "\r": escaped += "&#\(scalar.value);"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
