import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// The quick reading of a trace's lines must read exactly what JSONDecoder reads, or leave the
/// line to it. Among the running program's tests, though what it tests is the application's
/// logic, because AddressSanitizer runs it (the lines are read from raw bytes) and that build
/// holds only the SDL library's and the program's test targets (Package.swift says why).
@Suite struct StreamingTraceLineTests {
  struct Decoded: Decodable, Equatable {
    var time: Double
    var text: String
  }

  func quick(_ line: [UInt8]) -> StreamingTrace.Arrival? {
    line.withUnsafeBytes(StreamingTrace.quickArrival)
  }

  /// Where the quick reading takes a line, JSONDecoder reads the same time and text from it.
  func expectAgreement(_ line: [UInt8], _ note: @autoclosure () -> String) {
    guard let arrival = quick(line) else { return }
    let decoded = try? JSONDecoder().decode(Decoded.self, from: Data(line))
    #expect(
      decoded == Decoded(time: arrival.time, text: arrival.text),
      "\(note()): \(String(decoding: line, as: UTF8.self))")
  }

  /// Every line the recorder writes for a text without control characters is read quickly, and
  /// reads back as written: time to the microsecond, text whole.
  @Test func theRecordersLinesAreReadQuickly() {
    var random = SeededRandom(seed: 17)
    let pieces = ["a", " ", "é", "👨‍👩‍👧", "\"", "\\", "/", "\n", "\t", "\r", "日本", "\u{301}"]
    for round in 0..<2_000 {
      let text = (0..<Int.random(in: 0..<12, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined()
      let time = Double.random(in: 0..<1e6, using: &random) / pow(10, Double(round % 7))
      let line = Array(StreamingTrace.line(time: time, text: text).utf8)
      let arrival = quick(line)
      #expect(arrival?.text == text, "round \(round)")
      #expect(arrival.map { abs($0.time - time) <= 5e-7 } == true, "round \(round)")
      expectAgreement(line, "round \(round)")
    }
  }

  /// Lines of every shape, most of them not JSON at all: numbers JSON does not write (`01`,
  /// `.5`, `1.`, `+1`, `1e`, `inf`), escapes, control characters, broken UTF-8, keys in
  /// another order, spaces. The quick reading takes a line only where JSONDecoder agrees.
  @Test func anythingElseIsLeftToJSONDecoderOrReadAlike() {
    let numbers = ["0", "-0", "01", ".5", "1.", "+1", "1e", "1e5", "1E-3", "2.50", "inf", "1_0"]
    let texts = [
      "", "ok", "\\\"", "\\/", "\\u0041", "\\x", "\\", "\u{1}", "é", "\u{7f}", "\\b\\f",
    ]
    var lines: [[UInt8]] = []
    for number in numbers {
      for text in texts {
        lines.append(Array("{\"time\":\(number),\"text\":\"\(text)\"}".utf8))
        lines.append(Array("{\"text\":\"\(text)\",\"time\":\(number)}".utf8))
        lines.append(Array("{ \"time\": \(number), \"text\": \"\(text)\" } \r".utf8))
      }
    }
    lines.append([UInt8]("{\"time\":1,\"text\":\"".utf8) + [0xC3, 0x28] + [UInt8]("\"}".utf8))
    lines.append(Array("{\"time\":1,\"text\":\"a\"}x".utf8))
    lines.append(Array("{\"time\":1,\"text\":\"a\",\"more\":2}".utf8))
    var random = SeededRandom(seed: 4)
    for index in lines.indices {
      expectAgreement(lines[index], "line \(index)")
      // The same line with a few bytes changed, dropped or repeated.
      for _ in 0..<20 {
        var bytes = lines[index]
        for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
          let at = Int.random(in: 0..<bytes.count, using: &random)
          switch Int.random(in: 0..<3, using: &random) {
          case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
          case 1: bytes.remove(at: at)
          default: bytes.insert(bytes[at], at: at)
          }
        }
        expectAgreement(bytes, "line \(index), changed")
      }
    }
  }
}
