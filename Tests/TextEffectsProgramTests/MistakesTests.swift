import Foundation
import Testing
import TextEffectsTestSupport

/// Mistakes people make in their first minutes, run through the program as they typed them:
/// each is refused with exit code 2 and one line on standard error that says what to do
/// instead, never the whole help, a crash or silence.
@Suite(.threadOfItsOwn(.waiting)) struct MistakesTests {
  /// The content files the mistakes name, by name: JSON as people break it.
  static let files: [String: String] = [
    "trailing.json": #"{"items": [{"scene": "glitch",}]}"#,
    "comma.json": #"{"items": [{"scene": "glitch" "duration": 5}]}"#,
    "empty.json": "",
    "cut.json": #"{"items": [{"scene": "glitch""#,
    "key.json": #"{"items": [{"scene": "glitch", "colour": "red"}]}"#,
    "scene.json": #"{"items": [{"scene": "Glich"}]}"#,
    "suite.json": #"{"cases": []}"#,
  ]

  /// What was typed, and the words of the fix the one line must hold.
  static let mistakes: [([String], String)] = [
    (["--scne", "glitch"], "did you mean --scene?"),
    (["--hlep"], "did you mean --help?"),
    (["glitch"], "to show that scene, give --scene glitch"),
    (["--scene", "glich"], "did you mean 'glitch'?"),
    (["--send"], "--send needs a command: status, next, previous, show N"),
    (["--send", "show four"], "'show' takes an item's number, counted from 1: show 2"),
    (["--send", "stauts"], "did you mean 'status'?"),
    (["--send", "show 2", "--control", "none"], "--send needs a socket"),
    (["--size", "900"], "give WIDTHxHEIGHT in points, each from 1 to 8192, like 900x600"),
    (["--scale", "0"], "give a number above 0 and up to 8, like 2"),
    (["--screenshot", "shot.png", "--at", "-1"], "give seconds from 0 to below"),
    (["--screenshot", "/nonexistent/shot.png"], "the folder /nonexistent does not exist"),
    (["--screenshot"], "--screenshot needs a value: --screenshot FILE"),
    (["--out", "frames"], "--out needs --frames A:B:STEP or --times T1,T2,..."),
    (["--frames", "0:3:0.1"], "--frames needs --out, --animation or --contact-sheet"),
    (["--animation", "a.mp4", "--frames", "0:1:0.5"], "end it in .apng (or .png) or .gif"),
    (["--columns", "3"], "--columns is for --contact-sheet"),
    (["--text-file", "missing.txt"], "--text-file: missing.txt does not exist"),
    (
      ["--kiosk", "--scene", "glitch"],
      #"give the kiosk a content file of one item, {"items": [{"scene": "glitch"}]}"#
    ),
    (["--kiosk", "--content", "missing.json"], "--content: missing.json does not exist"),
    (
      ["--kiosk", "--content", "trailing.json"],
      "line 1, column 31: a comma before '}' ends nothing; remove it"
    ),
    (
      ["--kiosk", "--content", "comma.json"],
      "line 1, column 31: expected ',' or '}' before '\"duration\"'"
    ),
    (["--kiosk", "--content", "empty.json"], "the file is empty: give it a JSON object in braces"),
    (["--kiosk", "--content", "cut.json"], "line 1, column 30: the JSON ends before it is whole"),
    (["--kiosk", "--content", "key.json"], "'colour' is not a key here; did you mean 'color'?"),
    (["--kiosk", "--content", "scene.json"], "'Glich' is not a scene; did you mean 'glitch'?"),
    (["--stdin", "--content", "x.json"], "--content needs --kiosk"),
    (["--check", "suite.json"], "'cases' is empty"),
    (["--compare", "a.png"], "--compare needs two PNG files: EXPECTED ACTUAL"),
    (["--appearance", "sepia"], "use dark or light"),
    (["--reasoning", "folded"], "use show, fold or hide"),
    (["--stdin", "--stdin-format", "json"], "use auto, text, sse or ndjson"),
    (["--renderer", "gpu"], "use auto, software or opengl"),
    (["--kiosk", "--cycle", "0"], "give seconds from 1 to 86400"),
    (["--follow-desktop=maybe"], "to turn it off, give --no-follow-desktop"),
    (["--lang", "12"], "give one as BCP 47 writes it"),
    (["--kiosk", "--play-log", "-"], "- (standard output) is not taken here; give a file name"),
    (["--check", "suite.json", "--shard", "3/2"], "give I/N, 1 ≤ I ≤ N ≤ 1000, like 2/4"),
    (["--check", "suite.json", "--reporter", "xml"], "give line, dot, junit, json or github"),
    (["--threshold", "2", "--compare", "a.png", "b.png"], "is not a number from 0 to 1, like 0.1"),
  ]

  @Test func eachMistakeSaysItsFixInOneLineAndExitsTwo() throws {
    #expect(Self.mistakes.count >= 30)
    let folder = URL(fileURLWithPath: scratchPath("mistakes"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in Self.files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    for (arguments, fix) in Self.mistakes {
      let ran = try Executable.run(arguments, in: folder)
      let lines = ran.error.split(separator: "\n")
      #expect(ran.status == 2, "\(arguments): exit \(ran.status)")
      #expect(
        lines.count == 1 && lines[0].hasPrefix("text-effects: "), "\(arguments): \(ran.error)")
      #expect(ran.error.contains(fix), "\(arguments): \(ran.error)")
    }
  }

  /// What people type that means what they meant: a scene as its tab spells it, a command
  /// to a kiosk as one quoted argument, a file of - for standard input and output.
  @Test func whatPeopleMeanIsTaken() throws {
    let shot = try Executable.run(["--scene", "Glitch", "--screenshot", "-", "--size", "64x32"])
    #expect(shot.status == 0, "\(shot.error)")
    #expect(shot.output.dropFirst().hasPrefix("PNG\r\n") && shot.output.contains("IHDR"), "a PNG")
    // Standard input is /dev/null here: read, and found empty.
    let text = try Executable.run(["--text-file", "-", "--screenshot", "/dev/null"])
    #expect(text.status == 2 && text.error.contains("the text is empty"), "\(text.error)")
  }
}
