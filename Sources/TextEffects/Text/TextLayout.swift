/// Text laid out once: lines, runs of one font, and one slice per grapheme cluster.
///
/// Every character of the text has a slice, spaces and newlines included (they are blank), so an
/// effect can map a slice to its character index exactly. Positions are in points, relative to
/// the layout's top-left corner.
public struct TextLayout: Sendable {
  /// One grapheme cluster, placed.
  public struct Slice: Sendable, Equatable {
    /// The cluster's text: one `Character`, which may be many scalars (a flag, a ZWJ emoji).
    public var text: String
    /// Its index among the text's characters.
    public var characterIndex: Int
    /// The pen position at the top of its line: where the glyph's bitmap starts.
    public var origin: Point
    /// How far the pen moves past it.
    public var advance: Double
    /// The font it is drawn in: the layout's, or a fallback that has the character.
    public var font: Font
    /// Spaces and line breaks: nothing to draw.
    public var isBlank: Bool
  }

  /// Consecutive slices on one line in one font.
  package struct Run: Sendable, Equatable {
    package var font: Font
    package var slices: Range<Int>
  }

  package struct Line: Sendable, Equatable {
    package var runs: [Run]
    /// Indices into `slices` of this line's slices, trailing spaces and the newline included.
    package var slices: Range<Int>
    /// The top of the line box.
    package var top: Double
    package var baseline: Double
    package var height: Double
    /// Where the first glyph starts, after alignment.
    package var minX: Double
    /// The width of the inked part: without trailing spaces and the line break.
    package var width: Double
  }

  /// The font the text was laid out in (some slices may be in a fallback).
  public var font: Font
  package var lines: [Line]
  /// One slice per character, in order.
  public var slices: [Slice]
  /// The box the layout fills: the wrap width (or the widest line) by the lines' height.
  public var size: Size
  /// How many characters the text has; equals `slices.count`.
  public var characterCount: Int { slices.count }

  /// Where a caret stands before character `index` (or after the last one), at its line's top.
  ///
  /// A caret after a line break goes to the start of the next line, so the typewriter's cursor
  /// moves down as soon as the newline is typed.
  public func caret(at index: Int) -> Point {
    if index < slices.count, index >= 0 {
      return slices[index].origin
    }
    guard let line = lines.last else { return .zero }
    guard let last = slices.last, !line.slices.isEmpty else {
      return Point(x: line.minX, y: line.top)
    }
    return Point(x: last.origin.x + last.advance, y: last.origin.y)
  }
}

extension TextLayout {
  /// The top of the line that holds slice `index`, where a glyph in the layout's own font
  /// stands (a fallback font's glyphs stand lower or higher, to share the baseline).
  package func lineTop(ofSlice index: Int) -> Double? {
    let line = lines.partitioningIndex { $0.slices.upperBound > index }
    return line < lines.count ? lines[line].top : nil
  }

  /// The slices of the lines whose boxes reach into `top..<bottom` (layout coordinates).
  ///
  /// Lines go down the page in order, so two binary searches find them: a megabyte of text
  /// costs a frame only the lines near the window.
  package func slices(onLinesBetween top: Double, and bottom: Double) -> Range<Int> {
    let first = lines.partitioningIndex { $0.top + $0.height > top }
    let end = lines.partitioningIndex { $0.top >= bottom }
    guard first < end else { return 0..<0 }
    return lines[first].slices.lowerBound..<lines[end - 1].slices.upperBound
  }
}

extension Array {
  /// The first index whose element satisfies `predicate`, which must be false and then true
  /// along the array.
  func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
