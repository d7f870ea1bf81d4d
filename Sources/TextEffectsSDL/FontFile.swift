/// A font file, and which face of it: a collection (`.ttc`) holds several.
package struct FontFile: Hashable, Sendable {
  package var path: String
  package var index = 0

  /// Hashes the path's length, not its bytes: every glyph of every frame is looked up in the
  /// atlas by a key that holds its file, and hashing a path 3,000 times a frame cost a streamed
  /// answer's window a quarter of its time. The few files a program opens rarely share a
  /// length, and those that do are told apart by `==`, which compares the paths.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(path.utf8.count)
    hasher.combine(index)
  }
}
