import Foundation
import Testing
@testable import TextEffects
import TextEffectsSDL
import TextEffectsTestSupport

@Suite(.serialized) struct ScratchCostTests {
  static func words(_ n: Int) -> String {
    let w = ["the", "dough", "rests", "while", "starter", "works", "slowly", "and", "crumb", "opens"]
    var s = ""; var i = 0
    while s.count < n { s += w[i % w.count] + " "; i += 7; i %= 1_000_003 }
    return String(s.prefix(n))
  }
  static let cases: [(String, String)] = [
    ("answer", String(repeating: (try? String(contentsOf: Repository.file("examples/answer.md"), encoding: .utf8)) ?? "", count: 20)),
    ("paragraph", words(40_000)),
    ("table2000cols", "|" + String(repeating: " a |", count: 2000) + "\n|" + String(repeating: "---|", count: 2000) + "\n|" + String(repeating: " b |", count: 2000) + "\n"),
    ("nested", String(repeating: "*a **a ", count: 3750)),
    ("underscores", String(repeating: "_a ", count: 10000)),
    ("rows3000", "| a | b |\n|---|---|\n" + String(repeating: "| x | y |\n", count: 3000)),
  ]
  @Test func measure() throws {
    for (name, text) in Self.cases {
      let chars = Array(text)
      let image = try OffscreenImage(width: 800, height: 600)
      let drawer = try TextEffectsRenderer(renderer: image.renderer)
      var answer = StreamingText(markdown: true).column(height: 540)
      var frame = 0
      var costs: [(Int, Double)] = []
      var parseCost = 0.0
      while frame * 12 < min(chars.count, 24_000) {
        let time = Double(frame) / 30
        let piece = String(chars[(frame * 12)..<min(frame * 12 + 12, chars.count)])
        answer.append(piece, at: time)
        let began = DispatchTime.now().uptimeNanoseconds
        try drawer.clear(to: .black)
        try drawer.draw(answer, at: time, in: Rect(x: 40, y: 30, width: 720, height: 540))
        costs.append((frame * 12, Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6))
        frame += 1
      }
      let prefix = String(chars.prefix(min(chars.count, 24_000)))
      let b = DispatchTime.now().uptimeNanoseconds
      _ = MarkdownCompletion.complete(prefix)
      parseCost = Double(DispatchTime.now().uptimeNanoseconds - b) / 1e6
      let b2 = DispatchTime.now().uptimeNanoseconds
      _ = MarkdownDocument(parsing: prefix)
      let docCost = Double(DispatchTime.now().uptimeNanoseconds - b2) / 1e6
      func median(_ r: ClosedRange<Int>) -> Double { let c = costs.filter { r.contains($0.0) }.map(\.1).sorted(); return c.isEmpty ? 0 : c[c.count/2] }
      let total = costs.map(\.1).reduce(0, +)
      print("COST \(name): total \(Int(total)) ms for \(costs.count) frames; median at 1k \(median(500...1500)) ms, at 12k \(median(11_500...12_500)) ms, at 23k \(median(22_500...24_000)) ms; complete(24k) \(parseCost) ms, document(24k) \(docCost) ms")
    }
  }
}
