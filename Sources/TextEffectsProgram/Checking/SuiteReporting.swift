import FoundationEssentials
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// Tells a check's or a merge's results by each reporter asked for: the `line` reporter's
/// lines (each frame that did not match, the notes, the report's path, the counts), the dots,
/// GitHub's annotations, and the JUnit and JSON documents, to standard output or their files.
struct SuiteReporting {
  var results: SuiteResults
  /// Lines the line and dot reporters add before the counts: notes on libraries and fonts.
  var notes: [String] = []
  /// The report page written, if one was, and its folder as given.
  var page: String?
  var reportFolder: String?
  /// The last line's words after the counts: "(64 frames of 32 cases)".
  var scope: String
  /// "check" or "merge", the last line's first word.
  var verb: String

  func tell(_ reporters: [SuiteReporter], startedAt started: Date) throws {
    for reporter in reporters {
      let text: String
      switch reporter.kind {
      case .line:
        text = lines(first: results.frames.filter { $0.verdict != "matches" }.map(line))
      case .dot:
        text = lines(
          first: SuiteAnnotations.dots(results) + results.frames.filter(\.fails).map(line))
      case .github:
        text = (SuiteAnnotations.github(results) + [countsLine]).map { $0 + "\n" }.joined()
      case .junit:
        let stamp = UTCTime.seconds(started)
        text = SuiteJUnit.xml(
          results, timestamp: stamp, hostname: ProcessInfo.processInfo.hostName,
          reportFolder: reportFolder)
      case .json:
        text = String(decoding: try results.encoded(), as: UTF8.self) + "\n"
      }
      guard let file = reporter.file else {
        StandardStreams.output(text)
        continue
      }
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
      } catch {
        throw SDLError(
          "\(Option.reporter) \(reporter): \(file) could not be written (\(error.reason))")
      }
    }
  }

  /// "differs: glitch at 0.42 s: 20 pixels differ …".
  private func line(_ frame: SuiteResults.Frame) -> String {
    let word = SuiteOutcome.Verdict(key: frame.verdict)?.word ?? frame.verdict
    return "\(word): \(SuiteJUnit.title(of: frame)): \(frame.summary)"
  }

  private var countsLine: String {
    let outcomes = results.outcomes { _ in nil }
    let counts = outcomes.isEmpty ? "no frames" : SuiteOutcome.counts(outcomes)
    return "\(verb): \(counts) \(scope)"
  }

  /// `first`, the notes, the report's path and the counts, a line each.
  private func lines(first: [String]) -> String {
    (first + notes + (page.map { ["report: \($0)"] } ?? []) + [countsLine]).map { $0 + "\n" }
      .joined()
  }
}

/// "1 frame", "9 frames": a count and its noun, for the last line.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
