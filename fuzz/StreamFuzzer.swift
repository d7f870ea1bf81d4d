// libFuzzer's entry for standard input read as a model server's stream: bytes in as the pipe
// gives them, read whole and cut in two (`ModelStreamCheck`). `scripts/fuzz stream` builds it
// with the application's logic, instrumented for libFuzzer and AddressSanitizer.

import TextEffectsFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let problems = ModelStreamCheck.problems(
    with: Array(UnsafeBufferPointer(start: data, count: size)))
  // A failed check is a crash to libFuzzer, which keeps the input that caused it.
  precondition(problems.isEmpty, problems.joined(separator: "; "))
  return 0
}
