import Foundation

/// The repository these tests were built from: the sources, guides and goldens they check, and
/// the fonts they draw with.
package enum Repository {
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The bundled fonts.
  package static let fonts = root.appendingPathComponent("Assets/Fonts")

  /// `path`, taken from the repository's root.
  package static func file(_ path: String) -> URL { root.appendingPathComponent(path) }
}

/// A path of its own in the temporary folder, ending in `name`, for each call: tests, and the
/// cases of one test, run at once.
package func scratchPath(_ name: String) -> String {
  FileManager.default.temporaryDirectory
    .appendingPathComponent("text-effects-\(UUID().uuidString)-\(name)").path
}

/// A folder of its own in the temporary folder, made empty.
package func scratchFolder(_ name: String) throws -> URL {
  let folder = URL(fileURLWithPath: scratchPath(name))
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// A program of this package, `text-effects` or an example, as `swift build` built it into the
/// folder these tests were built into (optimised when they were).
package func builtProgram(_ name: String) -> URL {
  URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent(name)
}
