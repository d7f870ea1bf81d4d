import Glibc

/// A text or a character, compared and hashed by its exact UTF-8 bytes: the key of the caches
/// that keep what was laid out, shaped or found for a text.
///
/// Swift's `String` and `Character` are equal when canonically equivalent, so hashing or
/// comparing one that is not ASCII normalises it first: laying out a long text in Devanagari
/// spent most of its time there, and every frame that looked its layout up paid it again. The
/// bytes are also the truer key: "é" as one scalar and as "e" with a combining accent are
/// equal Strings, but two texts to lay out, with characters and glyphs of their own.
package struct ExactText: Hashable, Sendable {
  package let text: String

  package init(_ text: String) {
    self.text = text
  }

  package init(_ character: Character) {
    text = String(character)
  }

  package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
    let (left, right) = (lhs.text.utf8, rhs.text.utf8)
    guard left.count == right.count else { return false }
    // Their bytes in place, compared as memory is; a String that is not kept as UTF-8 (one
    // bridged from elsewhere) byte by byte.
    let inPlace = left.withContiguousStorageIfAvailable { left in
      right.withContiguousStorageIfAvailable { right in
        left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
      }
    }
    return (inPlace ?? nil) ?? left.elementsEqual(right)
  }

  package func hash(into hasher: inout Hasher) {
    let isHashed: Bool? = text.utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
      return true
    }
    if isHashed == nil {
      for byte in text.utf8 { hasher.combine(byte) }
    }
  }
}
