import Foundation
import Testing
import TextEffectsFuzzing
import TextEffectsTestSupport

@testable import TextEffects

/// Copies of a `StreamingText` share what it worked out, under a lock: read on several threads
/// at once (a program that draws one answer in two windows, or hands it to a worker), each at
/// its own times, forwards and back, they give what one copy read alone gives. Among the
/// running program's tests, though what it tests is the core, because ThreadSanitizer runs it
/// and that build holds only the program's test targets (Package.swift says why).
@Suite struct StreamingTextThreadTests {
  @Test func copiesReadAtOnceAgreeWithOneReadAlone() async {
    var answer = StreamingText(markdown: true)
    let text = Array(MarkdownAnswers.answer)
    for start in stride(from: 0, to: text.count, by: 9) {
      answer.append(String(text[start..<min(start + 9, text.count)]), at: Double(start) / 90)
    }
    answer.finish(at: 20)
    let fonts = StandInFonts()
    let times = (0..<40).map { Double($0 * 7 % 40) * 0.6 }
    func reading(_ answer: StreamingText, at time: Double) -> String {
      let layout = answer.streamedLayout(
        at: time, font: Font(size: 16), fonts: fonts, width: 400, lineSpacing: 4, language: nil)
      return "\(layout.layout.characterCount) \(answer.front(at: time).visible(at: time)) "
        + answer.accessibilityLabel(at: time)
    }
    var expected: [String] = []
    var reference = StreamingText(markdown: true)
    for start in stride(from: 0, to: text.count, by: 9) {
      reference.append(String(text[start..<min(start + 9, text.count)]), at: Double(start) / 90)
    }
    reference.finish(at: 20)
    for time in times { expected.append(reading(reference, at: time)) }
    let shared = answer
    let results = await withTaskGroup(of: [String].self) { group in
      for offset in 0..<4 {
        group.addTask {
          let copy = shared
          return times.indices.map { index in
            let time = times[(index + offset * 10) % times.count]
            return "\((index + offset * 10) % times.count) " + reading(copy, at: time)
          }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    for line in results {
      let index = Int(line.prefix { $0 != " " }) ?? -1
      #expect(line.drop { $0 != " " }.dropFirst() == expected[index][...], "at \(times[index])")
    }
  }
}
