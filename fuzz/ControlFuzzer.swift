// libFuzzer's entry for the kiosk's control socket: bytes in as one line a client wrote,
// through the command parser (`ControlLineCheck`). `scripts/fuzz control` builds it with the
// application's logic, instrumented for libFuzzer and AddressSanitizer.

import TextEffectsFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let problems = ControlLineCheck.problems(
    with: Array(UnsafeBufferPointer(start: data, count: size)))
  // A failed check is a crash to libFuzzer, which keeps the input that caused it.
  precondition(problems.isEmpty, problems.joined(separator: "; "))
  return 0
}
