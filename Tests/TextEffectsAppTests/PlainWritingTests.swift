import Foundation
import Testing

@testable import TextEffectsApp

/// What the program writes without the whole of Foundation, against Foundation's own answers
/// (the tests may link it; the program does not): numbers, paths and escapes.
@Suite struct PlainWritingTests {
  @Test func decimalsAreWrittenAsPrintfWritesThem() {
    var random = SystemRandomNumberGenerator()
    var values = [0, -0.0, 0.5, 1.5, 2.5, 0.125, 0.0005, 1e-9, 123_456_789.987_654, -3.75, 1e300]
    for _ in 0..<2_000 { values.append(Double.random(in: -1e6...1e6, using: &random)) }
    for value in values {
      for places in 0...4 {
        #expect(
          Printed.decimal(value, places: places) == String(format: "%.\(places)f", value),
          "\(value) to \(places)")
      }
    }
    #expect(Printed.decimal(.infinity, places: 2) == "inf")
    #expect(Printed.padded(42, digits: 5) == "00042")
    #expect(Printed.padded(123_456, digits: 5) == "123456")
    #expect(Printed.padded(-7, digits: 3) == "-007")
    #expect(Printed.number(86_401) == "86401")
    #expect(Printed.number(0.25) == "0.25")
    #expect(Printed.number(-2) == "-2")
  }

  @Test func aPathsFolderAndNameAreReadAsFoundationReadsThem() {
    let paths = [
      "/run/user/1000/text-effects/control.sock", "control.sock", "/control.sock", "a/b/",
      "/", "", "a//b", "//a", "./a", "../a/b", "a/b/c.d/", "/a/b//", "é/ü.json",
    ]
    for path in paths {
      #expect(FilePath.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
      #expect(FilePath.name(of: path) == (path as NSString).lastPathComponent, "\(path)")
    }
  }

  /// Code points, not characters: the line feed of a CR LF and an `&` under an accent are
  /// escaped too (String's own `replacing` would see neither, as it compares characters).
  @Test func escapesReplaceCodePoints() {
    let text = "a&\u{301}b<c>\"d\"\r\nend%:,"
    let html = text.replacingScalars(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
    #expect(html == "a&amp;\u{301}b&lt;c&gt;&quot;d&quot;\r\nend%:,")
    #expect(html.contains("&amp;\u{301}"))
    #expect(text.replacingScalars(["\r": "%0D", "\n": "%0A"]).hasSuffix("%0D%0Aend%:,"))
    #expect("".replacingScalars(["a": "b"]).isEmpty)
  }
}
