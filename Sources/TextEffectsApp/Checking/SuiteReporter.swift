/// A way `--check` and `--merge-reports` tell what they found, as Playwright's reporters do:
/// `line` (a line for each frame that fails, then the counts; the default), `dot` (a character
/// a frame), `junit` (JUnit XML, which GitLab, Jenkins and GitHub's test summaries read),
/// `json` (every frame, for scripts) and `github` (an annotation a failing frame in a GitHub
/// Actions log). `junit=FILE` writes to a file instead of standard output.
package struct SuiteReporter: Equatable, Sendable, CustomStringConvertible {
  package enum Kind: String, CaseIterable, Sendable {
    case line, dot, junit, json, github
  }

  package var kind: Kind
  /// Where it writes; nil for standard output.
  package var file: String?

  package init(_ kind: Kind, file: String? = nil) {
    self.kind = kind
    self.file = file
  }

  /// Reads `NAME` or `NAME=FILE`; nil, and the caller says why, for another name or an empty
  /// file.
  package init?(_ text: String) {
    let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    guard let kind = Kind(rawValue: String(parts[0])) else { return nil }
    if parts.count == 2 {
      guard !parts[1].isEmpty else { return nil }
      self.init(kind, file: String(parts[1]))
    } else {
      self.init(kind)
    }
  }

  package var description: String { file.map { "\(kind.rawValue)=\($0)" } ?? kind.rawValue }

  /// The names, for the help and messages: "line, dot, junit, json or github".
  package static var names: String {
    let all = Kind.allCases.map(\.rawValue)
    return all.dropLast().joined(separator: ", ") + " or " + (all.last ?? "")
  }

  /// Why `reporters` cannot all run, in one line; nil when they can. A document (JUnit, JSON)
  /// on standard output shares it with nothing, so a CI step can pipe it.
  package static func problem(with reporters: [SuiteReporter]) -> String? {
    let onOutput = reporters.filter { $0.file == nil }
    if let document = onOutput.first(where: { $0.kind == .junit || $0.kind == .json }),
      onOutput.count > 1
    {
      return "'\(document.kind.rawValue)' on standard output cannot share it with "
        + onOutput.filter { $0 != document }.map { "'\($0)'" }.joined(separator: ", ")
        + "; give it a file: \(document.kind.rawValue)=FILE"
    }
    let files = reporters.compactMap(\.file)
    if let twice = files.first(where: { file in files.count { $0 == file } > 1 }) {
      return "two reporters write to \(twice); give each its own file"
    }
    return nil
  }
}
