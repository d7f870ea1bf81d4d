/// A path's folder and name, read from its text as the shell's `dirname` and `basename` do:
/// `/a/b` is `b` in `/a`, `b` alone is in no folder (""), and a slash at the end is not a name.
package enum FilePath {
  /// The folder `path` names a file in: "" for a bare name, "/" for one at the root.
  package static func folder(of path: String) -> String {
    let trimmed = withoutEndingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = withoutEndingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty ? "/" : folder
  }

  /// The last name in `path`; "/" for the root itself.
  package static func name(of path: String) -> String {
    let trimmed = withoutEndingSlashes(path)
    guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  private static func withoutEndingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.last == "/" { path.removeLast() }
    return String(path)
  }
}
