import TextEffectsApp

/// Reads any bytes as standard input is read with `--stdin`, as a model server's stream or a
/// terminal's text: whole, and cut in two where the input's first byte says. The reader owns
/// what a server sends, so nothing may crash it, and what it shows may not depend on where the
/// pipe's reads fell: both readings must show the same text, reasoning and tool calls, and end
/// alike. Text read as a
/// terminal's keeps no escape and no control but line ends and tabs, and each problem said
/// on standard error is one line.
package enum ModelStreamCheck {
  /// What is wrong with how `bytes` were read, as sentences; none means they were read well.
  /// The first byte picks the format (auto, text, sse, ndjson) and where the rest is cut.
  package static func problems(with bytes: [UInt8]) -> [String] {
    guard let first = bytes.first else { return [] }
    let format = StreamFormat.allCases[Int(first) % StreamFormat.allCases.count]
    let input = bytes.dropFirst()
    let cut = input.startIndex + (input.isEmpty ? 0 : Int(first) * 7 % (input.count + 1))
    let whole = read([input], as: format)
    let pieces = read([input[..<cut], input[cut...]], as: format)
    var problems: [String] = []
    if whole.text != pieces.text || whole.reasoning != pieces.reasoning
      || whole.tools != pieces.tools || whole.ends != pieces.ends
    {
      problems.append(
        "as \(format), cut at \(cut - input.startIndex) the stream reads "
          + "\(pieces.text.debugDescription) (ends: \(pieces.ends)), whole "
          + "\(whole.text.debugDescription) (ends: \(whole.ends)), reasoning "
          + "\(pieces.reasoning.debugDescription) against \(whole.reasoning.debugDescription), "
          + "tools \(pieces.tools) against \(whole.tools)")
    }
    if whole.format == .text,
      (whole.text + whole.reasoning).unicodeScalars.contains(where: {
        $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value)
      })
    {
      problems.append("text read as a terminal's keeps a control: \(whole.text.debugDescription)")
    }
    for problem in whole.problems + pieces.problems where problem.contains("\n") {
      problems.append("a problem is said in more than one line: \(problem.debugDescription)")
    }
    return problems
  }

  private static func read(_ pieces: [ArraySlice<UInt8>], as format: StreamFormat) -> (
    text: String, reasoning: String, tools: [String], ends: Bool, problems: [String],
    format: StreamFormat
  ) {
    var stream = ModelStream(format: format)
    var all = AnswerPiece()
    var ends = false
    var problems: [String] = []
    for piece in pieces {
      let reading = stream.read(bytes: piece)
      all.add(reading.piece)
      ends = ends || reading.ends
      problems += reading.problems
    }
    let told = stream.readFormat
    let end = stream.finish()
    all.add(end.piece)
    return (
      all.answer.applied(to: ""), all.reasoning.applied(to: ""), all.toolCalls, ends,
      problems + end.problems, told == .auto ? .text : told
    )
  }
}
