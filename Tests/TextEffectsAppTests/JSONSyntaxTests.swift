import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffectsApp

/// Where a person's JSON breaks the grammar, said by line and column: the mistakes people make,
/// and Nicolas Seriot's JSONTestSuite (Tests/Conformance/json-test-suite, its `y_` files that
/// every parser must accept and `n_` files that every one must refuse; the two over 10 kB,
/// 100,000 and 50,000 brackets deep, are left out).
struct JSONSyntaxTests {
  /// The mistakes, each with the place and the words that name the fix.
  @Test(arguments: [
    (
      #"{"items": [{"scene": "glitch"} {"scene": "typewriter"}]}"#, "line 1, column 32",
      "comma missing"
    ),
    (
      #"{"items": [{"scene": "glitch"},]}"#, "line 1, column 32",
      "remove it (JSON has no trailing commas)"
    ),
    (
      "{\n  \"items\": [\n    {\"scene\": \"glitch\",}\n  ]\n}", "line 3, column 24",
      "trailing commas"
    ),
    (#"{"items": [{"sce"#, "line 1, column 17", "ends before it is whole"),
    (#"{"cycle": tru}"#, "line 1, column 11", "'tru' is not a JSON value"),
    (#"{'items': []}"#, "line 1, column 2", "a key in double quotes"),
    (#"{"items" []}"#, "line 1, column 10", "expected ':'"),
    (#"{"items": []}}"#, "line 1, column 14", "one '}' or ']' too many"),
    (#"{"cycle": 5, "cycle": 6}"#, "line 1, column 14", "given twice"),
    (#"{"a": 1 "b": 2}"#, "line 1, column 9", "comma missing between two keys"),
    ("{\"text\": \"caf\u{E9}\", \"x\": \u{1}}", "line 1, column", "not a JSON value"),
  ])
  func eachMistakeSaysWhereAndWhatToDo(json: String, place: String, fix: String) throws {
    let said = try #require(JSONSyntax.problem(in: Data(json.utf8), whole: "the file"))
    #expect(said.hasPrefix(place + ":") || said.hasPrefix(place), "\(said)")
    #expect(said.contains(fix), "\(said)")
    #expect(!said.contains("\n"))
  }

  @Test func anEmptyFileIsCalledEmpty() {
    for empty in ["", " \n\t\r\n"] {
      #expect(
        JSONSyntax.problem(in: Data(empty.utf8), whole: "the suite")
          == "the suite is empty: give it a JSON object in braces, {...}")
    }
  }

  /// A trace's line says its own number.
  @Test func aLaterLineCountsFromItsPlace() throws {
    let said = try #require(
      JSONSyntax.problem(in: Data(#"{"time": 1,}"#.utf8), whole: "the line", firstLine: 7))
    #expect(said.hasPrefix("line 7, column 12: "), "\(said)")
  }

  /// What Foundation reads that a strict parser would too: numbers past 64 bits (a seed may be
  /// 2^64-1), `\u0000` in a string, any value at the top.
  @Test func whatTheProgramReadsIsWellFormed() {
    for json in [
      #"{"seed": 18446744073709551615}"#, #"{"text": "a\u0000b"}"#, "[1, 2.5e3, -0]", "\"text\"",
      "{\"text\": \"\u{1F35E} \u{5D0}\"}",
    ] {
      #expect(JSONSyntax.problem(in: Data(json.utf8), whole: "the file") == nil, "\(json)")
    }
  }

  /// JSONTestSuite's verdicts, but three accepted files this checker refuses on purpose: a key
  /// given twice (only one of the two would count, so the file would not do what it says) and a
  /// key holding `\u0000` (no key of ours does).
  @Test func theConformanceSuiteIsReadAsItsVerdicts() throws {
    let folder = Repository.file("Tests/Conformance/json-test-suite")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }
    let refusedOnPurpose = [
      "y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json",
      "y_object_escaped_null_in_key.json",
    ]
    #expect(names.count > 250)
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let said = JSONSyntax.problem(in: data, whole: "the file")
      if name.hasPrefix("y_"), !refusedOnPurpose.contains(name) {
        #expect(said == nil, "\(name): \(said ?? "")")
      } else {
        let said = try #require(said, "\(name) was read as JSON")
        #expect(
          said.hasPrefix("line ") || said.hasPrefix("the file is empty"), "\(name): \(said)")
        #expect(!said.contains("\n"), "\(name): \(said)")
      }
    }
  }
}
