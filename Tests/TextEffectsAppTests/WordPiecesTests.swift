import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// A streamed answer comes in words as Unicode finds them, each with the spaces before it, so
/// an answer written without spaces streams word by word too.
@Suite struct WordPiecesTests {
  @Test(arguments: [
    (
      "Sourdough needs time more than effort. Mix flour",
      ["Sourdough", " needs", " time", " more", " than", " effort.", " Mix", " flour"]
    ),
    ("bake (slowly), then eat", ["bake", " (slowly),", " then", " eat"]),
    ("  leading spaces", ["  leading", " spaces"]),
    ("你好，世界。这是一个测试。", ["你好，", "世界。", "这", "是", "一个", "测试。"]),
    ("สวัสดีชาวโลก นี่คือภาษาไทย", ["สวัสดี", "ชาว", "โลก", " นี่", "คือ", "ภาษา", "ไทย"]),
    ("こんにちは世界", ["こんにちは", "世界"]),
    ("مرحبا بالعالم", ["مرحبا", " بالعالم"]),
    ("", []),
    ("...", ["..."]),
  ])
  func piecesAreWordsWithTheirSpacesBefore(text: String, pieces: [String]) {
    let words = TextBoundaries.words(of: text)
    #expect(words.map(String.init) == pieces)
    #expect(words.joined() == text)
  }

  /// The demo's chunks are those it had when it split at single spaces, seed after seed: a
  /// text with spaces between its words streams as it did.
  @Test(arguments: 0..<8)
  func aTextWithSpacesStreamsAsWhenItWasSplitAtThem(seed: UInt64) {
    let answer = StreamingScene.demoAnswer
    var random = SeededRandom(seed: seed)
    var words = answer.split(separator: " ", omittingEmptySubsequences: false)[...]
    var spaceSplit = StreamingChunks()
    var time = 0.0
    while !words.isEmpty {
      time += Double(Int.random(in: StreamingChunks.delayMilliseconds, using: &random)) / 1000
      let chunk = words.prefix(Int.random(in: StreamingChunks.wordsPerChunk, using: &random))
      words = words.dropFirst(chunk.count)
      spaceSplit.append(
        (spaceSplit.arrivals.isEmpty ? "" : " ") + chunk.joined(separator: " "), at: time)
    }
    #expect(StreamingChunks(answer: answer, seed: seed) == spaceSplit)
  }

  /// A Chinese answer arrives in pieces, not as one.
  @Test func aChineseAnswerStreamsInPieces() {
    let answer = "慢慢发酵的面团需要时间，而不是力气。晚上把面粉、水、盐和一勺酵种混合。"
    let chunks = StreamingChunks(answer: answer, seed: 0, language: "zh-Hans")
    #expect(chunks.text == answer)
    #expect(chunks.arrivals.count >= 4)
  }
}
