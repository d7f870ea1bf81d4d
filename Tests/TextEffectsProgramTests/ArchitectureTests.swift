import Foundation
import Testing
import TextEffects
import TextEffectsTestSupport

@testable import TextEffectsApp

/// What the code's shape promises a newcomer, checked on the files themselves.
@Suite struct ArchitectureTests {
  static let sources = Repository.root.appendingPathComponent("Sources")

  /// Every Swift file under Sources, by its path from there, with its text.
  func sourceFiles() throws -> [(path: String, text: String)] {
    let enumerator = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
    return try enumerator.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.contains(".docc/") }.sorted()
      .map {
        ($0, try String(contentsOf: Self.sources.appendingPathComponent($0), encoding: .utf8))
      }
  }

  /// Small files a reader takes in whole. Where one type reads best whole and runs longer, so
  /// that its state can be `private` to it, the file opens with an index of its sections
  /// (`// Sections: Drawing, Changes`) naming each `// MARK: ` below, in order.
  @Test func aLongFileOpensWithAnIndexOfItsSections() throws {
    let files = try sourceFiles()
    #expect(files.count > 50, "found \(files.count) files")
    for file in files {
      let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
      guard lines.count - 1 > 250 else { continue }
      let index = lines.prefix(40).first { $0.hasPrefix("// Sections: ") }
      let named = index.map {
        $0.dropFirst("// Sections: ".count).split(separator: ", ").map(String.init)
      }
      let marks = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// MARK: ") }
        .map { $0.trimmingCharacters(in: .whitespaces).dropFirst("// MARK: ".count) }
        .map(String.init)
      #expect(
        named != nil && named == marks && marks.count >= 2,
        "\(file.path) has \(lines.count - 1) lines: open it with // Sections: naming its MARKs")
      #expect(lines.count - 1 <= 600, "\(file.path) has \(lines.count - 1) lines")
    }
  }

  /// Types are reached as what they are, not by casting: the window hands back its content,
  /// scenes take live text through their protocol. Only Foundation's error bridging casts, and
  /// the effects' settings store reads a value back as the type its subscript names.
  @Test func nothingIsReachedByACast() throws {
    let allowed = [
      "TextEffects/Support/ErrorReason.swift", "TextEffectsApp/Effects/EffectSettings.swift",
    ]
    for file in try sourceFiles() where !allowed.contains(file.path) {
      #expect(!file.text.contains(" as? ") && !file.text.contains(" as! "), "\(file.path)")
    }
  }

  /// The effects are named in one list: nothing outside an effect's own folder switches on a
  /// scene or compares one with a named effect, so an effect added is added everywhere.
  @Test func onlyAnEffectsFolderNamesItsKind() throws {
    for file in try sourceFiles() {
      for kind in SceneKind.allCases {
        let folders = [
          "TextEffects/Effects/\(kind.title)/", "TextEffectsApp/Effects/\(kind.title)/",
        ]
        guard !folders.contains(where: file.path.hasPrefix) else { continue }
        for pattern in ["case .\(kind.rawValue)", "== .\(kind.rawValue)", "!= .\(kind.rawValue)"] {
          #expect(!file.text.contains(pattern), "\(file.path) has \(pattern)")
        }
      }
    }
  }

  /// Each layer knows only those above it: the core imports nothing but Foundation's essentials,
  /// the C library, ICU and cmark-gfm (Markdown is read in the core, as text is laid out
  /// there); the application's logic only the core, and Jansson to say where a person's JSON is
  /// wrong; the libraries' SDL side neither the
  /// application nor the desktop; SDL's and GIO's modules are imported by the SDL side and the
  /// running program, glibc's allocator settings, thread names and process descriptors by the
  /// running program alone.
  /// Nothing the program is built from imports the whole of Foundation: with its own copy of
  /// ICU it cost every process 6 MB of memory, for a lock, a thread and a date.
  @Test func eachLayerImportsOnlyTheOnesAboveIt() throws {
    let allowed: [String: Set<String>] = [
      "TextEffects": ["FoundationEssentials", "Glibc", "CICU", "CCmark"],
      "TextEffectsApp": ["FoundationEssentials", "Glibc", "TextEffects", "CJansson"],
      "TextEffectsSDL": [
        "FoundationEssentials", "Glibc", "TextEffects", "CSDL2", "CSDL2Image", "CHarfBuzz",
        "CFontconfig",
      ],
      "TextEffectsFuzzing": ["Foundation", "TextEffects", "TextEffectsApp"],
      "TextEffectsProgram": [
        "FoundationEssentials", "Glibc", "Dispatch", "Synchronization", "TextEffects",
        "TextEffectsSDL", "TextEffectsApp", "CSDL2", "CGio", "CMalloc", "CThreads", "CProcesses",
      ],
      "text-effects": ["TextEffectsProgram"],
    ]
    let files = try sourceFiles()
    for target in Set(files.map { String($0.path.prefix { $0 != "/" }) }) {
      #expect(allowed[target] != nil, "Sources/\(target) is a new target: say what it may import")
    }
    for file in files {
      let target = String(file.path.prefix { $0 != "/" })
      let imports = file.text.split(separator: "\n").filter { $0.hasPrefix("import ") }
        .map { String($0.dropFirst("import ".count)) }
      for module in imports where !(allowed[target] ?? []).contains(module) {
        Issue.record("\(file.path) imports \(module), which \(target) may not")
      }
    }
  }

  /// The tests mirror the targets they test: a test target for each target under Sources
  /// but the executable's one line and the fuzzing checks (which the tests use), named after
  /// it, and one for what they share.
  @Test func theTestTargetsMirrorTheSources() throws {
    let tests = Repository.file("Tests")
    // Beside them, data: the goldens, and others' conformance files.
    let testTargets = try FileManager.default.contentsOfDirectory(atPath: tests.path).filter {
      $0 != "Goldens" && $0 != "Conformance" && !$0.hasPrefix(".")
    }
    let tested = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter {
      $0.hasPrefix("TextEffects") && $0 != "TextEffectsFuzzing"
    }
    #expect(
      Set(testTargets) == Set(tested.map { $0 + "Tests" } + ["TextEffectsTestSupport"]),
      "Tests holds \(testTargets.sorted()) for Sources' \(tested.sorted())")
  }

  /// Frames are a pure function of time and settings: the core and the application's logic never
  /// read a clock, start a thread or take randomness that is not seeded; the program hands
  /// them the time.
  @Test func theCoreAndTheApplicationReadNoClock() throws {
    let forbidden = [
      "Date()", "DispatchTime.now", "clock_gettime", "Thread(", "Thread.", "DispatchQueue",
      "systemUptime", "SystemRandomNumberGenerator",
    ]
    let files = try sourceFiles().filter {
      $0.path.hasPrefix("TextEffects/") || $0.path.hasPrefix("TextEffectsApp/")
    }
    #expect(files.count > 50, "found \(files.count) files")
    for file in files {
      for word in forbidden where file.text.contains(word) {
        Issue.record("\(file.path) uses \(word)")
      }
      for line in file.text.split(separator: "\n") where line.contains(".random(") {
        #expect(line.contains("using:"), "\(file.path): \(line) takes randomness unseeded")
      }
    }
  }

  /// The kiosk advances once a frame, at the frame's start, before anything of the frame is
  /// taken or drawn (and when its content is replaced); what arrives, the drawing and what a
  /// screen reader reads never move it on.
  @Test func theKioskAdvancesOnceAFrame() throws {
    var calls: [String] = []
    for file in try sourceFiles() {
      for line in file.text.split(separator: "\n") where line.contains("advance(to: ") {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("///"), !code.hasPrefix("package func advance") else { continue }
        calls.append("\(file.path): \(code)")
      }
    }
    #expect(
      calls == [
        "TextEffectsApp/Kiosk/Kiosk.swift: advance(to: now)",
        "TextEffectsProgram/Modes/RunningKiosk.swift: kiosk.advance(to: now)",
      ], "\(calls)")
  }

  /// The scenes show a streamed answer through `StreamingText`'s public API, as a program of
  /// one's own would: its column, scroll, next change and renderer. The members it keeps for
  /// the tests and the fuzz checks (`package`) are named so that a use is seen, and neither
  /// the application nor the program uses one.
  @Test func theScenesUseOnlyTheStreamingTextsPublicAPI() throws {
    let files = try sourceFiles()
    let library = try #require(
      files.first { $0.path == "TextEffects/Effects/Streaming/StreamingText.swift" })
    let members = library.text.matches(
      of: try Regex(#"package (?:mutating )?(?:func|var) (\w+)|package init\(\s*(\w+):"#)
    ).map { match in
      match.output[1].substring.map { ".\($0)" } ?? "StreamingText(\(match.output[2].substring!):"
    }
    #expect(members.count == 7, "\(members)")
    var uses: [String] = []
    for file in files
    where file.path.hasPrefix("TextEffectsApp/") || file.path.hasPrefix("TextEffectsProgram/") {
      for member in members where file.text.contains(member) {
        uses.append("\(file.path): \(member)")
      }
    }
    #expect(uses.isEmpty, "\(uses)")
  }

  /// A string a renderer draws (a cursor, a stand-in letter) is laid out once, as it is
  /// recorded, by the context's typesetter (the window's, or the renderer's that records a
  /// text): the draw list holds glyphs and shapes only, and the drawer never lays text out.
  @Test func stringsAreLaidOutWhereTheyAreRecorded() throws {
    let laysOut = try Regex(#"\.label\([^)]*font:"#)
    let callers = try sourceFiles().filter { $0.text.contains(laysOut) }.map(\.path)
    #expect(callers == ["TextEffects/Rendering/GraphicsContext.swift"], "\(callers)")
  }

  /// The two libraries keep no state of the process's besides what is listed here, each with
  /// why: a program of your own shares nothing it cannot see. What is left is to go (a font's
  /// name held by the typesetter rather than numbered for the process; targets held by who
  /// draws into them); a new one fails here.
  @Test func theLibrariesKeepNoHiddenGlobals() throws {
    let pattern = try Regex(
      #"nonisolated\(unsafe\)|^(private |fileprivate |package |public )?var |static var \w+[^{]*=|static let \w+ = [A-Z]\w*\(\)"#
    )
    var found: [String] = []
    for file in try sourceFiles()
    where file.path.hasPrefix("TextEffects/") || file.path.hasPrefix("TextEffectsSDL/") {
      for line in file.text.split(separator: "\n") where line.contains(pattern) {
        found.append("\(file.path): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(
      found == [
        "TextEffects/Text/Font.swift: private static let lock = Lock()",
        "TextEffects/Text/Font.swift: nonisolated(unsafe) private static var names: [String] = []",
        "TextEffects/Text/Font.swift: nonisolated(unsafe) private static var numbers: "
          + "[String: UInt32] = [:]",
        "TextEffectsSDL/SDLRenderTarget.swift: private static let knownTargets = KnownTargets()",
      ], "\(found)")
  }
}
