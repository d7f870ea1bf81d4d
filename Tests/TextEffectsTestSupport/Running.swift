import Foundation

/// How a program ended and what it printed.
package struct Ran: Sendable {
  package var status: Int32
  package var output: String
  package var error: String
}

/// Runs `executable` with `arguments` to its end, in `directory`, with `environment` in place of
/// the tests' own when given. Its standard output and error are read at once, each to its end
/// on a thread of its own: a program that fills one pipe while the test reads the other would
/// otherwise wait for ever, and the test with it.
package func run(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil,
  environment: [String: String]? = nil
) throws -> Ran {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  if let environment { process.environment = environment }
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let errors = WholeRead(error.fileHandleForReading)
  let printed = output.fileHandleForReading.readDataToEndOfFile()
  let said = errors.wait()
  process.waitUntilExit()
  return Ran(
    status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
    error: String(decoding: said, as: UTF8.self))
}

/// What `tool`, found on the PATH, prints, trimmed; a tool that fails, or runs past `seconds`
/// (`timeout` ends it), fails the caller with what it said.
@discardableResult
package func output(
  of tool: String, _ arguments: [String], environment: [String: String] = [:],
  within seconds: Int = 60
) throws -> String {
  let ran = try run(
    URL(fileURLWithPath: "/usr/bin/timeout"), ["\(seconds)", tool] + arguments,
    environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
  guard ran.status == 0 else {
    throw ToolFailure(
      "\(([tool] + arguments).joined(separator: " ")) failed (\(ran.status)): \(ran.error)")
  }
  return ran.output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Why a tool a test ran failed, in its words.
package struct ToolFailure: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}

/// A pipe read to its end on a thread of its own.
private final class WholeRead: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Written by the reading thread before `done` is signalled, read after it.
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
