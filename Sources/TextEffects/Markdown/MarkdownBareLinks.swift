/// GitHub's bare links, as cmark-gfm's autolink extension finds them in a block's inlines:
/// `www.` after a space, a line's start, `*`, `_`, `~` or `(`; `http://`, `https://` or
/// `ftp://` after no letter or digit; a domain, then all to the next space, less the
/// punctuation the extension leaves out of it. What is in one is no marker.
struct MarkdownBareLinks<Unit: InlineUnit> {
  let units: [Unit]

  /// The bare link at `index` (a `w` or a `:`), the index past it, or nil when there is
  /// none.
  func end(at index: Int) -> Int? {
    var start = index
    if units[index].ascii == UInt8(ascii: "w") {
      if index > 0, let before = units[index - 1].ascii,
        !"*_~(".utf8.contains(before), !isASCIISpace(before)
      {
        return nil
      }
      if index > 0, units[index - 1].ascii == nil { return nil }
      guard Self.starts(units, at: index, with: "www.") else { return nil }
      guard let domain = domainLength(from: index, allowingShort: false) else { return nil }
      return linkEnd(from: index, domainEnd: index + domain)
    }
    guard Self.starts(units, at: index + 1, with: "//") else { return nil }
    while start > 0, units[start - 1].ascii.map(isASCIILetter) == true { start -= 1 }
    let scheme = String(decoding: units[start..<index].compactMap(\.ascii), as: UTF8.self)
      .lowercased()
    guard ["http", "https", "ftp"].contains(scheme), index + 3 < units.count,
      !isMarkdownSpace(units[index + 3].firstScalar),
      !isMarkdownPunctuation(units[index + 3].firstScalar),
      let domain = domainLength(from: index + 3, allowingShort: true)
    else { return nil }
    return linkEnd(from: index, domainEnd: index + 3 + domain)
  }

  /// How long a bare link's domain from `start` is, as cmark-gfm checks it; nil for none.
  private func domainLength(from start: Int, allowingShort: Bool) -> Int? {
    var index = start + 1
    var dots = 0
    var underscores = (before: 0, last: 0)
    while index < units.count - 1 {
      let unit = units[index]
      if unit == .underscore {
        underscores.last += 1
      } else if unit.ascii == UInt8(ascii: ".") {
        underscores = (underscores.last, 0)
        dots += 1
      } else if isMarkdownSpace(unit.firstScalar)
        || isMarkdownPunctuation(unit.firstScalar),
        unit.ascii != UInt8(ascii: "-")
      {
        break
      }
      index += 1
    }
    guard underscores == (0, 0), allowingShort || dots > 0 else { return nil }
    return index - start
  }

  /// Where a bare link whose domain ends at `domainEnd` ends: at the next space, less the
  /// punctuation cmark-gfm leaves out of it.
  private func linkEnd(from start: Int, domainEnd: Int) -> Int? {
    var end = domainEnd
    while end < units.count, units[end].ascii.map(isASCIISpace) != true { end += 1 }
    if let angle = units[start..<end].firstIndex(where: { $0.ascii == UInt8(ascii: "<") }) {
      end = angle
    }
    while end > start {
      let last = units[end - 1].ascii
      if let last, "?!.,:*_~'\"".utf8.contains(last) {
        end -= 1
      } else if last == UInt8(ascii: ";") {
        var letters = end - 2
        while letters > start, units[letters].ascii.map(isASCIILetter) == true { letters -= 1 }
        end = letters < end - 2 && units[letters].ascii == UInt8(ascii: "&") ? letters : end - 1
      } else if last == UInt8(ascii: ")") {
        let opening = units[start..<end].filter { $0.ascii == UInt8(ascii: "(") }.count
        let closing = units[start..<end].filter { $0.ascii == UInt8(ascii: ")") }.count
        guard closing > opening else { break }
        end -= 1
      } else {
        break
      }
    }
    return end > start ? end : nil
  }

  private static func starts(_ units: [Unit], at index: Int, with prefix: String) -> Bool {
    let bytes = Array(prefix.utf8)
    guard index + bytes.count <= units.count else { return false }
    return zip(units[index...], bytes).allSatisfy { $0.ascii == $1 }
  }
}
