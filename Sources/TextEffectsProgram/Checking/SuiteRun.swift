import Dispatch
import FoundationEssentials
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// Checks a suite: draws each case's frames headless, as `--screenshot` does, and compares each
/// with its reference in the suite's folder; with `updates`, writes the references that are
/// missing or differ instead of failing on them, and with `writesMissing` those missing.
/// `versions.txt` is written with any reference, and by `updates` whenever it is missing or says
/// other libraries or fonts than drew this run: a record left stale would compare every later
/// run with the suite's looser `whenLibrariesDiffer`, and let through what it should catch.
///
/// Cases run on `workers` threads at once, each with fonts and renderers of its own (SDL's
/// software renderer keeps its state in the renderer; FreeType asks that a face be used by one
/// thread, and that opening faces take turns, which `FontLibrary` sees to). What the workers
/// share (the next case, the outcomes, a failure) is read and written under `lock` only.
package final class SuiteRun: @unchecked Sendable {
  package let suite: VisualSuite
  package let folder: URL
  package let updates: Bool
  /// Whether a missing reference is written rather than failed on (not in CI).
  package let writesMissing: Bool
  /// Whether only some of the suite's cases run (`--grep`, `--shard`, `--last-failed`): the
  /// fonts the others drew with are then kept in `versions.txt`.
  private let isPartial: Bool
  /// Whether the outcomes carry their images, for a report.
  package let keepsImages: Bool
  /// The library versions the references were made with, from the folder's `versions.txt`.
  package let referenceVersions: String?
  /// The whole of `versions.txt` as read, to know whether it needs writing again.
  private let recordedText: String?
  /// The font files that drew the references, from the same file: one line each.
  package let referenceFonts: [String]
  /// The font files that drew this run's frames, once it has run.
  package private(set) var fonts: [String] = []
  private var drawnFiles: Set<FontFile> = []
  private let fontDirectory: URL
  private let workers: Int
  private let lock = Lock()
  private var nextCase = 0
  private var outcomes: [[SuiteOutcome]]
  private var failure: (any Error)?

  package init(
    suite: VisualSuite, folder: URL, updates: Bool, writesMissing: Bool = false,
    isPartial: Bool = false, keepsImages: Bool = false, fontDirectory: URL,
    workers: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.suite = suite
    self.folder = folder
    self.updates = updates
    self.writesMissing = writesMissing
    self.isPartial = isPartial
    self.keepsImages = keepsImages
    self.fontDirectory = fontDirectory
    self.workers = max(1, min(workers, suite.cases.count))
    outcomes = Array(repeating: [], count: suite.cases.count)
    recordedText = try? String(contentsOf: Self.versionsFile(in: folder), encoding: .utf8)
    let recorded = recordedText?.split(separator: "\n").map(String.init)
    referenceVersions = recorded.map {
      $0.filter { !$0.hasPrefix("font ") }.joined(separator: "\n")
    }
    referenceFonts = recorded?.filter { $0.hasPrefix("font ") } ?? []
  }

  /// True when the fonts that drew this run are not those that drew the references (only a
  /// record that lists fonts says; when only some cases ran, a font they did not use is not a
  /// difference).
  package var fontsDiffer: Bool {
    guard !referenceFonts.isEmpty else { return false }
    return isPartial ? !Set(fonts).isSubset(of: referenceFonts) : referenceFonts != fonts
  }

  static func versionsFile(in folder: URL) -> URL { folder.appendingPathComponent("versions.txt") }

  /// True when the references were made with other libraries than draw now.
  package var librariesDiffer: Bool {
    referenceVersions.map { $0 != LibraryVersions.summary } ?? false
  }

  /// Runs every case; `progress` is called on this thread with the cases done so far. Throws
  /// the first failure to draw or to write (not a difference, which is an outcome).
  package func run(progress: (Int) -> Void = { _ in }) throws -> [SuiteOutcome] {
    guard !suite.cases.isEmpty else { return [] }
    let finished = DispatchSemaphore(value: 0)
    let ended = DispatchGroup()
    for _ in 0..<workers {
      ended.enter()
      Threads.start("suite worker") { [self] in
        work(finished: finished)
        ended.leave()
      }
    }
    for done in 1...suite.cases.count {
      finished.wait()
      progress(done)
    }
    ended.wait()
    if let failure { throw failure }
    let all = outcomes.flatMap { $0 }
    if let library = try? FontLibrary(directory: fontDirectory) {
      fonts = library.describe(drawnFiles)
    }
    let record = ([LibraryVersions.summary] + recordedFonts).map { $0 + "\n" }.joined()
    let wrote = all.contains { if case .written = $0.verdict { true } else { false } }
    if wrote || (updates && record != recordedText) {
      try record.write(to: Self.versionsFile(in: folder), atomically: true, encoding: .utf8)
    }
    return all
  }

  /// The fonts `versions.txt` lists after this run: those that drew it, and when only some
  /// cases ran, the recorded ones whose files none of them used.
  private var recordedFonts: [String] {
    guard isPartial else { return fonts }
    func file(_ line: String) -> String {
      line.split(separator: " ").dropLast(2).joined(separator: " ")
    }
    let drawn = Set(fonts.map(file))
    return (fonts + referenceFonts.filter { !drawn.contains(file($0)) }).sorted()
  }

  /// One worker: takes the next case until none is left; a case that cannot be drawn stops it
  /// and is reported once every worker has stopped.
  private func work(finished: DispatchSemaphore) {
    var fonts: FontLibrary?
    while let index = lock.withLock({ () -> Int? in
      guard failure == nil, nextCase < suite.cases.count else { return nil }
      defer { nextCase += 1 }
      return nextCase
    }) {
      do {
        let library = try fonts ?? FontLibrary(directory: fontDirectory)
        fonts = library
        let result = try check(suite.cases[index], fonts: library)
        lock.withLock { outcomes[index] = result }
      } catch {
        lock.withLock { failure = failure ?? error }
      }
      finished.signal()
    }
    if let fonts { lock.withLock { drawnFiles.formUnion(fonts.drawnFiles) } }
    // The cases no worker will take now, counted as done so that the wait ends.
    lock.withLock {
      while nextCase < suite.cases.count {
        nextCase += 1
        finished.signal()
      }
    }
  }

  private func check(_ item: VisualSuite.Case, fonts: FontLibrary) throws -> [SuiteOutcome] {
    let renderer = try OffscreenRenderer(
      scene: item.scene, settings: item.settings, size: item.size, scale: item.scale,
      showsChrome: item.showsChrome, fonts: fonts)
    // An update makes references of this run's libraries, so it compares exactly: a frame
    // that only the looser tolerance let through is written anew with the record.
    let comparison =
      librariesDiffer && !updates
      ? suite.whenLibrariesDiffer ?? item.comparison : item.comparison
    return try item.times.map { time in
      let started = Date()
      let actual = try renderer.render(at: time).image()
      var outcome = try SuiteComparison(
        item: item, time: time, folder: folder, comparison: comparison, updates: updates,
        writesMissing: writesMissing, keepsImages: keepsImages
      ).outcome(for: actual)
      outcome.seconds = Date().timeIntervalSince(started)
      return outcome
    }
  }
}
