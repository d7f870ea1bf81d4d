/// Text laid out once: lines, and one slice per grapheme cluster with its glyphs.
///
/// Every character of the text has a slice, spaces and newlines included (they are blank), so an
/// effect can map a slice to its character index exactly. Slices and lines are in reading
/// (logical) order; each slice stands where it shows, so a line read right to left has its first
/// slice at the right. Positions are in points, relative to the layout's top-left corner.
public struct TextLayout: Sendable {
  /// A glyph of a slice: its index in the slice's font and where it is drawn from the slice's
  /// origin (y grows downwards).
  public struct Glyph: Sendable, Hashable {
    /// From the slice's origin to the glyph's pen.
    public var offset: Point
    /// The glyph's index in its font, as the shaper chose it (a joined Arabic form, a conjunct).
    /// After ``offset``, so that a glyph takes 20 bytes, not 24.
    public var id: UInt32

    init(id: UInt32, offset: Point) {
      self.offset = offset
      self.id = id
    }
  }

  /// A slice's glyphs: none (a space, or a character a ligature took into the one before it),
  /// one (most), or several (a cluster with marks, an Indic syllable). One glyph standing at
  /// its slice's origin, as nearly every glyph does, is kept as its index alone, without a
  /// heap allocation: a slice is held for every character of a long answer.
  public struct Glyphs: RandomAccessCollection, Sendable, Hashable {
    private enum Storage: Sendable, Hashable {
      /// One glyph at offset zero.
      case one(UInt32)
      /// Several, or one placed away from the origin.
      case many([Glyph])
    }
    private let storage: Storage?

    private init(_ storage: Storage?) {
      self.storage = storage
    }

    /// No glyph.
    public static let none = Glyphs(nil)

    /// One glyph.
    static func one(_ glyph: Glyph) -> Glyphs {
      Glyphs(glyph.offset == .zero ? .one(glyph.id) : .many([glyph]))
    }

    /// `glyphs`, kept as compactly as their count and places allow; equal glyphs are kept
    /// alike, so they compare equal.
    init(_ glyphs: [Glyph]) {
      switch glyphs.count {
      case 0: storage = nil
      case 1: self = .one(glyphs[0])
      default: storage = .many(glyphs)
      }
    }

    /// These glyphs and `more` after them.
    func appending(_ more: Glyphs) -> Glyphs {
      Glyphs(Array(self) + Array(more))
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// How many glyphs.
    public var endIndex: Int {
      switch storage {
      case nil: 0
      case .one: 1
      case .many(let glyphs): glyphs.count
      }
    }
    /// The glyph at `position`.
    public subscript(position: Int) -> Glyph {
      switch storage {
      case .one(let id): return Glyph(id: id, offset: .zero)
      case .many(let glyphs): return glyphs[position]
      case nil: preconditionFailure("A slice with no glyph has no glyph \(position)")
      }
    }
  }

  /// One grapheme cluster, placed.
  ///
  /// Its stored parts are ordered to pack into 72 bytes, as every character of a text has one.
  public struct Slice: Sendable, Equatable {
    /// The cluster's text: one `Character`, which may be many scalars (a flag, a ZWJ emoji).
    public var text: String
    /// The pen position at the top of its line, at the cluster's left edge: where the glyph's
    /// bitmap starts.
    public var origin: Point
    /// How wide it is: how far the pen moves past it.
    public var advance: Double
    /// Its glyphs in ``font``, as the shaper placed them in its run.
    public var glyphs: Glyphs
    /// Spaces and line breaks: nothing to draw.
    public var isBlank: Bool
    /// It reads right to left (Arabic, Hebrew): a caret after it stands at its left edge.
    public var isRightToLeft: Bool
    /// ``characterIndex``, in 32 bits: a layout never holds 2^31 characters (a scene holds at
    /// most 65,536; a program's text of 2 GB would need hundreds of gigabytes laid out).
    private var index: Int32
    /// The font it is drawn in: the layout's, or a fallback that has the character.
    public var font: Font

    /// Its index among the text's characters.
    public var characterIndex: Int {
      get { Int(index) }
      set { index = Int32(clamping: newValue) }
    }

    init(
      text: String, characterIndex: Int, origin: Point, advance: Double, font: Font,
      isBlank: Bool, glyphs: Glyphs, isRightToLeft: Bool
    ) {
      self.text = text
      self.origin = origin
      self.advance = advance
      self.glyphs = glyphs
      self.isBlank = isBlank
      self.isRightToLeft = isRightToLeft
      index = Int32(clamping: characterIndex)
      self.font = font
    }
  }

  package struct Line: Sendable, Equatable {
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
    /// Its paragraph reads right to left: the line starts at its right end.
    package var isRightToLeft: Bool
  }

  /// The font the text was laid out in (some slices may be in a fallback).
  public var font: Font
  package var lines: [Line]
  /// One slice per character, in order (a streamed column's from some lines above its view:
  /// see ``Slices``).
  public var slices: Slices
  /// The box the layout fills: the widest line (or the whole width, for a layout that fills
  /// it) by the lines' height.
  public var size: Size
  /// The layout's font's ascent: a glyph of it stands that far above the baseline.
  package var ascent: Double
  /// What is drawn besides the glyphs (Markdown's code backgrounds, rules and quote bars), in
  /// the order of the lines they go with.
  package var decorations: [TextDecoration] = []
  /// How many characters the text has: one past its last slice's index.
  public var characterCount: Int { slices.endIndex }
  /// Its first paragraph reads right to left, so the text starts at the right: leading
  /// alignment puts it at the right of the space it is given.
  public var isRightToLeft: Bool { lines.first?.isRightToLeft ?? false }

  /// Where a caret stands once the first `index` characters are typed, at its line's top: after
  /// the last of them in reading order (at its left edge when it reads right to left), or at the
  /// start of the next line when that character ended a line, or at the first line's start
  /// when none is typed. So the typewriter's cursor moves down as soon as a newline is typed,
  /// and follows an Arabic line leftwards.
  public func caret(at index: Int) -> Point {
    caretPlacement(at: index).point
  }

  /// The caret at `index`, and whether text there grows leftwards: a caret drawn there (a
  /// cursor bar) stands left of the point.
  package func caretPlacement(at index: Int) -> (point: Point, isRightToLeft: Bool) {
    guard !lines.isEmpty else { return (.zero, false) }
    let typed = min(max(index, 0), slices.endIndex)
    let last = typed - 1
    let lineOfLast = last >= 0 ? lines.partitioningIndex { $0.slices.upperBound > last } : 0
    let endsLine =
      last >= 0
      && (slices[last].text.first?.isLineBreak == true
        || (typed < slices.endIndex && !lines[lineOfLast].slices.contains(typed)))
    guard last >= 0, !endsLine else {
      let line = lines[last < 0 ? 0 : min(lineOfLast + 1, lines.count - 1)]
      let x = line.isRightToLeft ? line.minX + line.width : line.minX
      return (Point(x: x, y: line.baseline - ascent), line.isRightToLeft)
    }
    let slice = slices[last]
    let line = lines[lineOfLast]
    let x = slice.isRightToLeft ? slice.origin.x : slice.origin.x + slice.advance
    return (Point(x: x, y: line.baseline - ascent), slice.isRightToLeft)
  }
}

extension TextLayout {
  /// The top of the line that holds slice `index`, where a glyph in the layout's own font
  /// stands (a fallback font's glyphs stand lower or higher, to share the baseline).
  package func lineTop(ofSlice index: Int) -> Double? {
    let line = lines.partitioningIndex { $0.slices.upperBound > index }
    return line < lines.count ? lines[line].baseline - ascent : nil
  }

  /// The slices of the lines whose boxes reach into `top..<bottom` (layout coordinates).
  ///
  /// Lines go down the page in order, so two binary searches find them: a megabyte of text
  /// costs a frame only the lines near the window.
  package func slices(onLinesBetween top: Double, and bottom: Double) -> Range<Int> {
    let lines = lines(between: top, and: bottom)
    guard !lines.isEmpty else { return 0..<0 }
    return self.lines[lines.lowerBound].slices
      .lowerBound..<self.lines[lines.upperBound - 1]
      .slices.upperBound
  }

  /// The lines whose boxes reach into `top..<bottom` (layout coordinates), by bisection.
  package func lines(between top: Double, and bottom: Double) -> Range<Int> {
    let first = lines.partitioningIndex { $0.top + $0.height > top }
    let end = lines.partitioningIndex { $0.top >= bottom }
    return first..<max(first, end)
  }
}

extension RandomAccessCollection where Index == Int {
  /// The first index whose element satisfies `predicate`, which must be false and then true
  /// along the collection.
  func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
