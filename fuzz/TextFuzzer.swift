// libFuzzer's entry: bytes in, decoded as UTF-8 (invalid bytes become U+FFFD, as from
// --text-file or --stdin), or repeated up to millions of times when the first byte is 0xFF,
// through layout, the renderers and the scenes. `scripts/fuzz`
// builds it with the core and the scenes, instrumented for libFuzzer and AddressSanitizer.

import TextEffectsFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = HostileText.decode(fuzzerInput: Array(UnsafeBufferPointer(start: data, count: size)))
  let problems = TextCheck(fonts: StandInFonts()).problems(with: text)
  // A failed check is a crash to libFuzzer, which keeps the input that caused it.
  precondition(problems.isEmpty, problems.prefix(3).joined(separator: "; "))
  return 0
}
