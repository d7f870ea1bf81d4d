// libFuzzer's entry: bytes in, decoded as UTF-8 (invalid bytes become U+FFFD, as from
// --text-file or --stdin), through layout, the renderers and the scenes. `scripts/fuzz`
// builds it with the core in one module, instrumented for libFuzzer and AddressSanitizer.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let problems = TextCheck(fonts: StandInFonts()).problems(with: text)
  // A failed check is a crash to libFuzzer, which keeps the input that caused it.
  precondition(problems.isEmpty, problems.prefix(3).joined(separator: "; "))
  return 0
}
