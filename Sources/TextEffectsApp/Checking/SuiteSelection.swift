/// Which of a suite's cases a run draws: one shard of them (`--shard I/N`), those whose names a
/// pattern finds or does not (`--grep`, `--grep-invert`), those that failed last time
/// (`--last-failed`). All of them by default, in the suite's order.
package struct SuiteSelection: Equatable, Sendable {
  /// Shard `index` of `count`, counted from 1.
  package struct Shard: Equatable, Sendable, CustomStringConvertible {
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
      self.index = index
      self.count = count
    }

    /// "2/4", as `--shard` takes it.
    package var description: String { "\(index)/\(count)" }

    /// Reads "I/N", 1 ≤ I ≤ N ≤ 1000; nil, and the caller says why, for anything else.
    package init?(_ text: String) {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
        count >= 1, count <= 1000, index >= 1, index <= count
      else { return nil }
      self.init(index: index, count: count)
    }

    /// Whether the case `name` is this shard's. By a hash of the name alone (64-bit FNV-1a of
    /// its UTF-8), so a case added or removed moves no other case between shards, and every
    /// machine splits alike.
    package func holds(_ name: String) -> Bool {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in name.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      return Int(hash % UInt64(count)) == index - 1
    }
  }

  package var shard: Shard?
  /// `--grep`: a regular expression (Swift's `Regex`, which reads ICU's and Perl's common
  /// forms) a case's name must match.
  package var grep: String?
  /// `--grep-invert`: one it must not.
  package var grepInvert: String?
  /// `--last-failed`: only the cases the last run's record says failed.
  package var lastFailed = false

  package init(
    shard: Shard? = nil, grep: String? = nil, grepInvert: String? = nil, lastFailed: Bool = false
  ) {
    self.shard = shard
    self.grep = grep
    self.grepInvert = grepInvert
    self.lastFailed = lastFailed
  }

  /// Whether anything is left out: a run of some cases says so in its last line.
  package var isPartial: Bool {
    shard != nil || grep != nil || grepInvert != nil || lastFailed
  }

  /// A pattern that does not read as a regular expression, in one line.
  package static func patternProblem(_ pattern: String) -> String? {
    do {
      _ = try Regex(pattern)
      return nil
    } catch {
      return "'\(pattern)' is not a regular expression"
    }
  }

  /// The names of `names` this selection draws, in their order; `failedLastTime` is the last
  /// run's record (only read with `lastFailed`).
  package func names(_ names: [String], failedLastTime: Set<String> = []) -> [String] {
    let find = grep.flatMap { try? Regex($0) }
    let avoid = grepInvert.flatMap { try? Regex($0) }
    return names.filter { name in
      if let shard, !shard.holds(name) { return false }
      if let find, !name.contains(find) { return false }
      if let avoid, name.contains(avoid) { return false }
      return !lastFailed || failedLastTime.contains(name)
    }
  }
}
