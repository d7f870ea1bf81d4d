/// A font file, and which face of it: a collection (`.ttc`) holds several.
package struct FontFile: Hashable, Sendable {
  package var path: String
  package var index = 0
}
