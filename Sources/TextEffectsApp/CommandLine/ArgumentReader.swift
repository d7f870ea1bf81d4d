import TextEffects

/// One option as written: `--name` and a value after `=`, if one was attached.
struct OptionWord {
  var name: Option
  var attached: String?

  /// For an option that takes no value: true, or a one-line refusal of `--flag=value`.
  func flag() throws(UsageError) -> Bool {
    guard attached == nil else { throw UsageError(description: "\(name) takes no value") }
    return true
  }
}

/// The arguments not yet read.
struct ArgumentReader {
  var remaining: ArraySlice<String>

  /// The next option, split at its first `=` when it is a long one (`--size=900x600`).
  mutating func next() -> (String, String?)? {
    guard let argument = remaining.popFirst() else { return nil }
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The option's value: attached after `=`, or the next argument.
  mutating func value(for option: OptionWord) throws(UsageError) -> String {
    if let attached = option.attached { return attached }
    guard let next = remaining.popFirst() else {
      throw UsageError(description: "\(option.name) needs a value: \(option.name.usage[0].words)")
    }
    return next
  }
}
