// libFuzzer's entry for a streamed Markdown answer's frames: bytes in as the whole answer,
// decoded as UTF-8 (invalid bytes become U+FFFD, as from --stdin), streamed a character a frame
// through `StreamingText` and finished; no settled line may change and nothing may show that
// then goes (`MarkdownPrefixCheck`). `scripts/fuzz prefix` builds it with the core, instrumented
// for libFuzzer and AddressSanitizer.

import TextEffectsFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let problems = MarkdownPrefixCheck.problems(streaming: text, limit: 1)
  // A failed check is a crash to libFuzzer, which keeps the input that caused it.
  precondition(problems.isEmpty, problems.joined(separator: "; "))
  return 0
}
