import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram
@testable import TextEffectsSDL

/// The built `text-effects`, run as a user runs it.
@Suite(.threadOfItsOwn(.waiting)) struct ExecutableTests {
  @Test
  func sameCommandTwiceWritesTheSameBytes() throws {
    let first = scratchPath("a.png")
    let second = scratchPath("b.png")
    for path in [first, second] {
      let outcome = try Executable.run([
        "--screenshot", path, "--scene", "streaming", "--at", "1.25", "--size", "400x300",
        "--scale", "2", "--seed", "3",
      ])
      #expect(outcome.status == 0, "\(outcome.error)")
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
    #expect(bytes.count > 1000)
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
    // The PNG header says 800 × 600.
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 800 && height == 600)
  }

  @Test
  func framesWriteANumberedSequence() throws {
    let folder = scratchPath("frames")
    let outcome = try Executable.run([
      "--scene", "glitch", "--frames", "0:0.5:0.25", "--out", folder, "--size", "120x80",
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
    #expect(!outcome.error.contains("["))  // no progress bar when standard error is a pipe
    let first = try PNGFile.read("\(folder)/frame-00000.png")
    #expect(first.width == 120 && first.height == 80)
  }

  @Test
  func contactSheetTilesTheFramesWithLabels() throws {
    let path = scratchPath("sheet.png")
    let outcome = try Executable.run([
      "--scene", "typewriter", "--contact-sheet", path, "--times", "0.5,1,1.5,2",
      "--size", "200x150", "--scale", "2",
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    let sheet = try PNGFile.read(path)
    let layout = ContactSheetLayout(
      count: 4, columns: nil, frameWidth: 400, frameHeight: 300, scale: 2)
    #expect(sheet.width == layout.width && sheet.height == layout.height)
    // Each tile is the frame a screenshot gives at its time.
    let single = scratchPath("single.png")
    _ = try Executable.run([
      "--screenshot", single, "--at", "1", "--size", "200x150", "--scale", "2",
    ])
    let frame = try PNGFile.read(single)
    let origin = layout.origin(ofTile: 1)
    var same = true
    for y in stride(from: 0, to: 300, by: 7) {
      for x in stride(from: 0, to: 400, by: 7)
      where sheet[origin.x + x, origin.y + y] != frame[x, y] {
        same = false
      }
    }
    #expect(same)
  }

  @Test
  func compareExitsZeroOnAMatchOneOnADifferenceTwoOnAnUnreadableFile() throws {
    let golden = GoldenStore.directory.path
    let on = "\(golden)/typewriter-cursor-on-1x.png"
    let off = "\(golden)/typewriter-cursor-off-1x.png"
    #expect(try Executable.run(["--compare", on, on]).status == 0)
    let diff = scratchPath("diff.png")
    let differ = try Executable.run(["--compare", on, off, "--diff", diff])
    #expect(differ.status == 1 && differ.output.hasPrefix("differ: "))
    #expect(FileManager.default.fileExists(atPath: diff))
    #expect(try Executable.run(["--compare", "/no/such.png", on]).status == 2)
    // Images of two sizes: named in the order given, and the diff left unwritten, saying so.
    let narrow = "\(golden)/typewriter-cursor-on-narrow-1x.png"
    let noDiff = scratchPath("no-diff.png")
    let sizes = try Executable.run(["--compare", on, narrow, "--diff", noDiff])
    #expect(sizes.status == 1)
    #expect(
      sizes.output
        == "differ: \(on) is 600x400, \(narrow) is 320x480; no --diff written, as the sizes "
        + "differ\n")
    #expect(!FileManager.default.fileExists(atPath: noDiff))
  }

  /// The cursor blinking off changes a few dozen pixels of 240,000: a count or a share
  /// above that lets it pass, one below does not, and the line gives the counts and share.
  @Test
  func compareTakesPlaywrightsTolerances() throws {
    let golden = GoldenStore.directory.path
    let on = "\(golden)/typewriter-cursor-on-1x.png"
    let off = "\(golden)/typewriter-cursor-off-1x.png"
    let strict = try Executable.run(["--compare", on, off])
    let counted = try #require(Int(strict.output.dropFirst(8).prefix { $0.isNumber }))
    #expect(counted > 10)
    let share = Double(counted) / 240_000
    #expect(
      strict.output.hasPrefix(
        "differ: \(counted) pixels differ (\(String(format: "%.4f", share * 100))% of 240000; "
          + "up to 0 may), "))
    #expect(
      try Executable.run(["--compare", on, off, "--max-diff-pixels", "\(counted)"]).status == 0)
    #expect(
      try Executable.run(["--compare", on, off, "--max-diff-pixels", "\(counted - 1)"]).status == 1)
    #expect(
      try Executable.run(["--compare", on, off, "--max-diff-ratio", "\(share * 1.01)"]).status == 0)
    #expect(
      try Executable.run(["--compare", on, off, "--max-diff-ratio", "\(share * 0.99)"]).status == 1)
    // The threshold at its top: every colour counts as the same.
    let loose = try Executable.run(["--compare", on, off, "--threshold", "1"])
    #expect(loose.status == 0 && loose.output.hasPrefix("match: 0 pixels differ"))
    let counting = try Executable.run(["--compare", on, off, "--include-anti-aliasing"])
    #expect(counting.output.contains("anti-aliasing counted"))
  }

  @Test
  func benchEndsWithTheLineScriptsRead() throws {
    let outcome = try Executable.run([
      "--bench", "--scene", "streaming", "--frames", "20", "--size", "320x240",
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    let last = outcome.output.split(separator: "\n").last.map(String.init) ?? ""
    let pattern =
      #/bench: streaming renderer=software ms_per_frame=[0-9.]+ baseline_ms_per_frame=[0-9.]+ speedup=[0-9.]+/#
    #expect(last.wholeMatch(of: pattern) != nil, "\(last)")
    #expect(outcome.output.contains("draw calls per frame: 1.000"))
  }

  /// One line, what is wrong and what to do; the usage would bury it.
  @Test
  func badArgumentsExitTwoWithOneLine() throws {
    let outcome = try Executable.run(["--size", "0x0"])
    #expect(outcome.status == 2)
    #expect(
      outcome.error
        == "text-effects: --size: '0x0' is not a size; give WIDTHxHEIGHT in points, each from 1 to 8192, like 900x600\n"
    )
    let unknown = try Executable.run(["--colour", "red"])
    #expect(
      unknown.status == 2
        && unknown.error
          == "text-effects: '--colour' is not an option of text-effects; text-effects --help lists them\n"
    )
  }

  /// Files that are not what they seem: each says in one line what is wrong, in the system's
  /// words, never Foundation's ("The operation could not be completed", "NSCocoaErrorDomain").
  @Test
  func filesSayWhatIsWrongInOneLine() throws {
    let cases: [(arguments: [String], status: Int32, error: String)] = [
      (
        ["--screenshot", "/no/such/folder/x.png"], 2,
        "text-effects: --screenshot: the folder /no/such/folder does not exist\n"
      ),
      (
        ["--screenshot", "/proc/x.png"], 1,
        "text-effects: Could not write the PNG /proc/x.png: No such file or directory\n"
      ),
      (
        ["--screenshot", scratchPath("n.png"), "--text-file", "/dev/null"], 2,
        "text-effects: --text-file: the text is empty\n"
      ),
      (
        ["--screenshot", scratchPath("m.png"), "--text-file", "/proc/self/mem"], 2,
        "text-effects: --text-file: /proc/self/mem cannot be read (Input/output error)\n"
      ),
    ]
    for (arguments, status, error) in cases {
      let outcome = try Executable.run(arguments)
      #expect(outcome.status == status, "\(arguments)")
      #expect(outcome.error == error, "\(arguments)")
    }
  }

  /// A diff that cannot be written is exit 2, as an unreadable image: exit 1 means "differ",
  /// and a script would read a full disk as a regression.
  @Test
  func aDiffThatCannotBeWrittenIsExitTwo() throws {
    let on = "\(GoldenStore.directory.path)/typewriter-cursor-on-1x.png"
    let outcome = try Executable.run(["--compare", on, on, "--diff", "/dev/full"])
    #expect(outcome.status == 2)
    #expect(
      outcome.error
        == "text-effects: --diff: Could not write the PNG /dev/full: No space left on device\n")
  }

  @Test
  func helpAndVersionExitZero() throws {
    let help = try Executable.run(["--help"])
    #expect(help.status == 0 && help.output.contains("--screenshot FILE"))
    let version = try Executable.run(["--version"])
    #expect(version.status == 0 && version.output.hasPrefix("text-effects "))
  }

  @Test
  func windowWithoutADisplayExitsOneAndPointsToScreenshots() throws {
    let outcome = try Executable.run([])
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("No display found"))
    #expect(outcome.error.contains("--screenshot"))
    // Our line alone: no "error: XDG_RUNTIME_DIR is invalid" from libwayland before it.
    #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
  }

  @Test
  func missingFontsExitOneAndSayWhere() throws {
    let outcome = try Executable.run(
      ["--screenshot", scratchPath("c.png")],
      environment: ["TEXT_EFFECTS_ASSETS": "/nonexistent/assets"])
    #expect(outcome.status == 1)
    #expect(
      outcome.error.contains("Inter-Bold.otf is missing: looked in /nonexistent/assets/Fonts"))
  }

  /// A font that is not there, or not a font, is one line and exit 2, naming what was
  /// tried; a family fontconfig knows and a font file draw.
  @Test
  func aMissingFontIsOneLineAndExitTwo() throws {
    let shot = scratchPath("font.png")
    let missing = try Executable.run(["--screenshot", shot, "--font", "No Such Family"])
    #expect(missing.status == 2)
    #expect(
      missing.error
        == "text-effects: --font: no font family is called 'No Such Family', bundled or known "
        + "to fontconfig; give a font file's path, or a family that `fc-list : family` prints\n")
    let notAFont = try Executable.run(["--screenshot", shot, "--font", "/etc/hostname"])
    #expect(notAFont.status == 2)
    #expect(notAFont.error.contains("FreeType cannot read it as a font"))
    let nowhere = try Executable.run(["--screenshot", shot, "--font", "nowhere.ttf"])
    #expect(nowhere.status == 2 && nowhere.error.contains("there is no such file"))
    #expect(!FileManager.default.fileExists(atPath: shot))
    let bundled = Repository.fonts.appendingPathComponent("NotoSansHebrew-Bold.ttf").path
    for font in ["Noto Sans Arabic", bundled] {
      let drawn = try Executable.run(["--screenshot", shot, "--scene", "glitch", "--font", font])
      #expect(drawn.status == 0 && drawn.error.isEmpty, "\(font): \(drawn.error)")
    }
  }

  @Test
  func aCorruptFontExitsOneAndSaysWhich() throws {
    let assets = scratchPath("assets")
    try? FileManager.default.removeItem(atPath: assets)
    try FileManager.default.copyItem(
      atPath: Repository.root.appendingPathComponent("Assets").path, toPath: assets)
    defer { try? FileManager.default.removeItem(atPath: assets) }
    let font = "\(assets)/Fonts/JetBrainsMono-Bold.ttf"
    let whole = try Data(contentsOf: URL(fileURLWithPath: font))
    try whole.prefix(20_000).write(to: URL(fileURLWithPath: font))
    let outcome = try Executable.run(
      ["--screenshot", scratchPath("d.png")], environment: ["TEXT_EFFECTS_ASSETS": assets])
    #expect(outcome.status == 1)
    #expect(
      outcome.error
        == "text-effects: Font file \(font) is damaged: FreeType cannot read it (copy "
        + "Assets/Fonts again, or set TEXT_EFFECTS_ASSETS to a folder whose Fonts/ holds good "
        + "copies)\n")
  }

  /// Installed as the package puts it (`/usr/bin/text-effects`, its fonts in
  /// `/usr/share/text-effects/Assets`) and run by its name from the `PATH`, the program finds
  /// its fonts there: a prefix of its own outside the repository, with one font damaged so
  /// that the error names the file it read.
  @Test
  func anInstalledProgramFindsItsFontsUnderShare() throws {
    let prefix = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-prefix-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let program = prefix.appendingPathComponent("bin/text-effects")
    let assets = prefix.appendingPathComponent("share/text-effects/Assets")
    try FileManager.default.createDirectory(
      at: assets.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: program.deletingLastPathComponent(), withIntermediateDirectories: true)
    try copyProgram(to: program)
    try FileManager.default.copyItem(
      at: Repository.root.appendingPathComponent("Assets"), to: assets)
    let font = assets.appendingPathComponent("Fonts/JetBrainsMono-Bold.ttf")
    try Data(contentsOf: font).prefix(20_000).write(to: font)
    let outcome = try Executable.run(
      ["text-effects", "--screenshot", scratchPath("installed.png")],
      environment: ["PATH": program.deletingLastPathComponent().path],
      executable: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("Font file \(font.path) is damaged"), "\(outcome.error)")
  }

  /// SDL's own file writer reports success on a full disk; the PNG must not.
  @Test
  func aFullDiskIsAnErrorNotATornFile() throws {
    let outcome = try Executable.run(["--screenshot", "/dev/full"])
    #expect(outcome.status == 1)
    #expect(
      outcome.error
        == "text-effects: Could not write the PNG /dev/full: No space left on device\n")
  }
}
