import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// `text-effects` as it was built beside these tests (optimised when they were), run as a
/// person runs it.
enum Executable {
  static let url = builtProgram("text-effects")

  /// Whether it was built optimised, as people run it: the processor and time bounds that
  /// hold for the program a person runs are checked only then.
  static let isOptimized: Bool = {
    #if DEBUG
      false
    #else
      true
    #endif
  }()

  /// Runs `executable` (`text-effects` unless told) with `arguments`, with no display and
  /// `environment` set on top of the tests' own.
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    executable: URL = url
  ) throws -> Ran {
    try #require(
      FileManager.default.isExecutableFile(atPath: executable.path),
      "build \(executable.lastPathComponent) first: swift build --build-tests")
    var merged = ProcessInfo.processInfo.environment
    merged.removeValue(forKey: "DISPLAY")
    merged.removeValue(forKey: "WAYLAND_DISPLAY")
    for (key, value) in environment { merged[key] = value }
    return try TextEffectsTestSupport.run(executable, arguments, in: directory, environment: merged)
  }

  /// Runs `text-effects` with `arguments` as ``run(_:in:environment:executable:)`` does, and
  /// measures what it cost: a bound on its processor time holds whatever runs beside it.
  static func runMeasured(_ arguments: [String]) throws -> Measured {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "DISPLAY")
    environment.removeValue(forKey: "WAYLAND_DISPLAY")
    return try TextEffectsTestSupport.runMeasured(url, arguments, environment: environment)
  }
}

/// A value set on one thread and read on another: how often a feed woke the window, whether a
/// loop should stop.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// `scene` at `time` in `size`, drawn headless at scale 1 as `--screenshot` draws it: what a
/// window with the same settings must show.
func headless(
  _ scene: SceneKind, at time: Double, size: Size, chrome: Bool = false,
  settings: SceneSettings = SceneSettings()
) throws -> RGBAImage {
  try OffscreenRenderer(
    scene: scene, settings: settings, size: size, scale: 1, showsChrome: chrome,
    fonts: try FontLibrary.bundled()
  ).render(at: time).image()
}

/// Copies the built program to `destination` by `cp`, not in this process: a file this process
/// writes and then runs fails with "Text file busy" when another test's thread forks meanwhile
/// (the child holds the file open for writing until it executes), as it did in one run of the
/// whole suite.
func copyProgram(to destination: URL) throws {
  let copied = try run(URL(fileURLWithPath: "/bin/cp"), [Executable.url.path, destination.path])
  guard copied.status == 0 else {
    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: copied.error])
  }
}
