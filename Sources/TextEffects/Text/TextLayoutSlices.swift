extension TextLayout {
  /// A layout's slices, one per character in order, each at its character's index.
  ///
  /// A layout usually holds them all, from index 0. A streamed answer's column holds only those
  /// from a line a view's height above its view (``startIndex`` past 0): the lines above keep
  /// their geometry, so the column scrolls and measures as before, but not the 72 bytes a
  /// character's slice takes, so an answer fed for hours holds what its view needs rather than
  /// every character it ever showed. The indices stay the text's: a line's slices, a
  /// character's index, read the same in both.
  public struct Slices: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral, Sendable, Equatable
  {
    private var kept: [Slice]
    /// The first slice held: how many before it were let go.
    public private(set) var startIndex: Int

    /// One past the last slice: how many characters the text has.
    public var endIndex: Int { startIndex + kept.count }

    /// No slice.
    public init() {
      kept = []
      startIndex = 0
    }

    /// `slices`, from index 0.
    public init(_ slices: [Slice]) {
      kept = slices
      startIndex = 0
    }

    public init(arrayLiteral slices: Slice...) {
      self.init(slices)
    }

    /// The slice of the character at `index`, which must be held.
    public subscript(index: Int) -> Slice {
      get { kept[index - startIndex] }
      set { kept[index - startIndex] = newValue }
    }

    public mutating func replaceSubrange<Replacement: Collection<Slice>>(
      _ range: Range<Int>, with replacement: Replacement
    ) {
      kept.replaceSubrange(
        (range.lowerBound - startIndex)..<(range.upperBound - startIndex), with: replacement)
    }

    public mutating func append(_ slice: Slice) {
      kept.append(slice)
    }

    public mutating func append<More: Sequence<Slice>>(contentsOf more: More) {
      kept.append(contentsOf: more)
    }

    public mutating func reserveCapacity(_ capacity: Int) {
      kept.reserveCapacity(capacity)
    }

    /// Lets go of the slices before `index`, their memory with them (the rest are copied into
    /// storage of their own size); their indices stay unused.
    mutating func forget(before index: Int) {
      let end = Swift.min(index, endIndex)
      guard end > startIndex else { return }
      kept = Array(kept[(end - startIndex)...])
      startIndex = end
    }
  }
}

extension TextLayout {
  /// Slices are let go of this many at least at a time, and no fewer than stay, so that
  /// copying those that stay into storage of their own costs a character about once.
  static let slicesForgottenAtOnce = 4_096

  /// Lets go of the slices of the lines that end above `top` (layout points), but not of any
  /// from slice `limit` on (the part of the text still laid out again as it grows). The lines
  /// stay, with their places and sizes.
  mutating func forgetSlices(above top: Double, keepingFrom limit: Int) {
    let firstKept = lines.partitioningIndex { $0.top + $0.height > top }
    let end = min(
      firstKept < lines.count ? lines[firstKept].slices.lowerBound : slices.endIndex, limit)
    guard end - slices.startIndex >= max(Self.slicesForgottenAtOnce, slices.endIndex - end)
    else { return }
    slices.forget(before: end)
  }

  /// The top of the first line whose slices are all held: the view must stay below it.
  var topOfHeldSlices: Double {
    guard slices.startIndex > 0 else { return -.infinity }
    let line = lines.partitioningIndex { $0.slices.lowerBound >= slices.startIndex }
    return line < lines.count ? lines[line].top : size.height
  }
}
