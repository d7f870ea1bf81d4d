import TextEffectsApp

/// Runs one line of a kiosk's control socket, any bytes, through the command parser: it must
/// read as a command that says itself again the same, or be refused with one short line a
/// person can read, whose answer is one line of JSON. The socket hands the parser whatever a
/// client wrote, so nothing may crash it or make an answer that breaks the protocol.
package enum ControlLineCheck {
  /// What is wrong with how `line` was read, as sentences; none means it was read well.
  package static func problems(with line: [UInt8]) -> [String] {
    let command: ControlCommand
    do {
      command = try ControlCommand(line: line)
    } catch {
      var problems: [String] = []
      let reason = error.description
      if reason.isEmpty || reason.contains("\n") || reason.count >= 200 {
        problems.append("the refusal is not one short line: \(reason.debugDescription)")
      }
      let answer = ControlAnswer(.badCommand(reason)).line
      if answer.contains("\n") || answer.count >= 400 {
        problems.append("the answer is not one short line: \(answer.debugDescription)")
      }
      return problems
    }
    guard (try? ControlCommand(line: Array(command.line.utf8))) == command else {
      return ["\(command) says itself as \(command.line.debugDescription), which reads otherwise"]
    }
    return []
  }
}
