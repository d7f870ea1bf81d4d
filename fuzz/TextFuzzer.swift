// libFuzzer's entry: bytes in, decoded as UTF-8 (invalid bytes become U+FFFD, as from
// --text-file or --stdin), or repeated up to millions of times when the first byte is 0xFF,
// through layout, the renderers and the scenes. `scripts/fuzz`
// builds it with the core and the scenes, instrumented for libFuzzer and AddressSanitizer.
// TEXT_EFFECTS_FUZZ_LONGEST caps the repeated texts' scalars: under the fuzzer's instruments
// 100,000 take half a minute, so a short run in CI keeps them short and finds more.

import Glibc
import TextEffectsFuzzing

let longest = getenv("TEXT_EFFECTS_FUZZ_LONGEST").flatMap { Int(String(cString: $0)) } ?? 4_000_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = HostileText.decode(
    fuzzerInput: Array(UnsafeBufferPointer(start: data, count: size)), longest: longest)
  let problems = TextCheck(fonts: StandInFonts()).problems(with: text)
  // A failed check is a crash to libFuzzer, which keeps the input that caused it.
  precondition(problems.isEmpty, problems.prefix(3).joined(separator: "; "))
  return 0
}
