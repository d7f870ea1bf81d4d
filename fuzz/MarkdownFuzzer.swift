// libFuzzer's entry for streamed Markdown: bytes in as the answer so far, decoded as UTF-8
// (invalid bytes become U+FFFD, as from --stdin), through the completion, cmark-gfm and the
// layout, streamed and whole (`MarkdownCheck`). `scripts/fuzz markdown` builds it with the
// core, instrumented for libFuzzer and AddressSanitizer.

import TextEffectsFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let problems = MarkdownCheck.problems(with: text)
  // A failed check is a crash to libFuzzer, which keeps the input that caused it.
  precondition(problems.isEmpty, problems.prefix(3).joined(separator: "; "))
  return 0
}
