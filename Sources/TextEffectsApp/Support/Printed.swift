import Glibc

/// Numbers as the C library's `printf` writes them, for file names and reports: what
/// Foundation's `String(format:)` did, without the whole of Foundation.
package enum Printed {
  /// `value` with `places` digits after the point, rounded as `printf("%.*f")` rounds.
  package static func decimal(_ value: Double, places: Int) -> String {
    withVaList([Int32(places), value]) { arguments in
      var buffer = [CChar](repeating: 0, count: 400)
      let count = Int(vsnprintf(&buffer, buffer.count, "%.*f", arguments))
      return String(
        decoding: buffer.prefix(min(count, buffer.count - 1)).map(UInt8.init(bitPattern:)),
        as: UTF8.self)
    }
  }

  /// `value` as people write it: a whole number without a point (86401), else the shortest
  /// decimal that reads back as it (0.25).
  package static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }

  /// `value` written with at least `digits` digits, zeros in front: `00042`.
  package static func padded(_ value: Int, digits: Int) -> String {
    let text = String(value.magnitude)
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(digits - text.count, 0))
      + text
  }
}
