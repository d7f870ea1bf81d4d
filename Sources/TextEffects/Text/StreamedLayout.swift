/// A layout that grows with a streamed text at the cost of the piece, not of the whole.
///
/// A greedy line break changes only from the line that new text joins, and a paragraph a line
/// break has closed never changes again; so each piece lays out again only the open part of the
/// text: its last paragraph, or for a paragraph longer than ``segmentLength`` characters, its
/// last segment. A long paragraph is cut into segments at the start of a line (the first that
/// starts ``segmentLength`` characters into its segment), each laid out as a paragraph of its
/// own in the paragraph's direction; the cut is made where the line breaks already are, so the
/// lines do not move. Where the cuts fall depends on the text alone, never on how it arrived,
/// so a text streamed in any pieces lays out as the same text given whole: a trace replayed, a
/// screenshot at one time and the live window agree.
///
/// What a cut loses is the context across it: a number right after it does not see the
/// Arabic before it (bidi's weak types), a kerning pair across it is not kerned, and a Thai
/// word is looked up from the cut. A paragraph up to ``segmentLength`` characters has no cut,
/// and lays out exactly as ``TextLayout`` lays it out.
package struct StreamedLayout {
  /// The characters a segment of a long paragraph holds before the next may start: enough
  /// that most paragraphs are never cut, few enough that a piece costs well under a
  /// millisecond to lay out.
  package static let segmentLength = 2_048

  /// The text laid out so far, positioned as one layout.
  package private(set) var layout: TextLayout
  private let font: Font
  private let width: Double
  private let lineSpacing: Double
  private let language: String?
  /// The fonts and line breaker every piece is laid out with, so what they found for one piece
  /// (a character's font, ICU's iterator) is there for the next.
  private let context: LayoutContext
  /// The last paragraph shaped, which the next piece extends: only what the new text can reach
  /// is shaped again.
  private var openParagraph: ShapedParagraph?

  /// Where the open segment starts: its first character, its first UTF-8 byte in the text, and
  /// the first line and slice of it in `layout`; the lines before it are settled.
  private var segment = (character: 0, utf8: 0, line: 0, slice: 0)
  /// The first line the last ``grow(to:)`` changed: those before it are as they were, slice
  /// for slice (a line of the open paragraph usually is; bidi's neutrals or a Thai word can
  /// move one when text after it arrives).
  package private(set) var firstChangedLine = 0
  /// The direction of the paragraph the open segment is in, once a cut has put the segment
  /// apart from the paragraph's start (which says it); nil at a paragraph's start.
  private var direction: BidiParagraph.BaseDirection?

  /// An empty layout for text in `font`, wrapped to `width` with `lineSpacing` between lines,
  /// read as `language` is; each paragraph stands on its own side of the whole width.
  package init(
    font: Font, fonts: any FontMetricsProvider, width: Double, lineSpacing: Double = 0,
    language: String? = nil
  ) {
    self.font = font
    self.width = width
    self.lineSpacing = lineSpacing
    self.language = language
    context = LayoutContext(font: font, fonts: fonts, language: language)
    layout = TextLayout(
      text: "", font: font, fonts: fonts, width: width, lineSpacing: lineSpacing,
      language: language, fillsWidth: true)
  }

  /// Whether `font`, `width`, `lineSpacing` and `language` are the ones it lays out with.
  package func lays(font: Font, width: Double, lineSpacing: Double, language: String?) -> Bool {
    self.font == font && self.width == width && self.lineSpacing == lineSpacing
      && self.language == language
  }

  /// Lets go of the slices of settled lines that end above `top`, keeping the lines: see
  /// ``TextLayout/Slices``. The open segment keeps its own, as the next piece lays it again.
  package mutating func forgetSlices(above top: Double) {
    layout.forgetSlices(above: top, keepingFrom: segment.slice)
  }

  /// Lays out `text`, which holds every character laid out so far but perhaps the last (a mark
  /// may have joined it), and more after them.
  package mutating func grow(to text: String) {
    grow(to: text[...])
  }

  /// Lays out `text` as ``grow(to:)-(String)`` does, from a part of a longer string.
  ///
  /// A long open text (a megabyte in one piece) is laid out a window at a time: the first
  /// ``segmentLength`` characters twice over find where the next segment starts, as the whole
  /// would; only the last segment is laid out whole.
  package mutating func grow(to text: Substring) {
    let utf8 = text.utf8
    var open = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: segment.utf8)...])
    var windowed = true
    firstChangedLine = layout.lines.count
    defer { firstChangedLine = min(firstChangedLine, layout.lines.count) }
    layingOut: while true {
      let window = windowed ? Self.window(of: open) : open
      let windowStart = segment.utf8
      replaceOpenSegment(with: layOut(window))
      // The open segment's paragraphs, one by one: a long one is cut at the first line that
      // starts far enough in, once it is settled (two lines follow it, the last two being
      // able to change, or its paragraph has ended), and is laid out again from there; one
      // that a line break has closed is settled whole.
      while true {
        let lines = layout.lines[segment.line...]
        let ending = lines.firstIndex { line in
          line.slices.last.map { layout.slices[$0].text.first?.isLineBreak == true } ?? false
        }
        let end = ending.map { $0 + 1 } ?? layout.lines.endIndex
        if let cut = layout.lines[segment.line..<end].firstIndex(where: {
          $0.slices.lowerBound - segment.slice >= Self.segmentLength
        }), ending != nil || cut + 2 < end {
          direction =
            direction ?? (layout.lines[segment.line].isRightToLeft ? .rightToLeft : .leftToRight)
          open = moveSegment(to: cut, in: open)
          windowed = true
          continue layingOut
        }
        guard ending != nil else {
          // The window ended before its last paragraph: a window from that paragraph's
          // start, or if it started there and found no cut, the rest laid out whole.
          if window.endIndex < open.endIndex {
            windowed = segment.utf8 != windowStart
            continue layingOut
          }
          return
        }
        open = moveSegment(to: end, in: open)
        direction = nil
      }
    }
  }

  /// The first ``segmentLength`` characters of `open` twice over, or all of it when shorter.
  private static func window(of open: Substring) -> Substring {
    let utf8 = open.utf8
    // A character is at least a byte: a text of few bytes is short enough as it is.
    guard utf8.count > 2 * segmentLength else { return open }
    return open.prefix(2 * segmentLength)
  }

  /// Starts the open segment at line `line` of the layout, and returns the part of `open` (the
  /// open segment's text) that it keeps.
  private mutating func moveSegment(to line: Int, in open: Substring) -> Substring {
    let slice =
      line < layout.lines.count ? layout.lines[line].slices.lowerBound : layout.slices.endIndex
    let bytes = layout.slices[segment.slice..<slice].reduce(0) { $0 + $1.text.utf8.count }
    segment = (slice - segment.slice + segment.character, segment.utf8 + bytes, line, slice)
    return Substring(open.utf8.dropFirst(bytes))
  }

  /// The open segment's text laid out alone: its first paragraph in the direction of the
  /// paragraph it is part of, the others each in their own.
  private mutating func layOut(_ open: Substring) -> TextLayout {
    guard let direction, let lineBreak = open.firstIndex(where: \.isLineBreak) else {
      return layOut(String(open), direction: direction ?? .firstStrong)
    }
    var first = layOut(String(open[...lineBreak]), direction: direction)
    let rest = layOut(String(open[open.index(after: lineBreak)...]), direction: .firstStrong)
    Self.append(rest, to: &first, lineSpacing: lineSpacing)
    return first
  }

  private mutating func layOut(_ text: String, direction: BidiParagraph.BaseDirection)
    -> TextLayout
  {
    TextLayout(
      text: text, context: context, width: width, lineSpacing: lineSpacing,
      direction: direction, fillsWidth: true, lastParagraph: &openParagraph)
  }

  /// Puts `laid`, the open segment's layout, in place of the one it had, after the settled
  /// lines, and notes the first line that changed. The lines that come out as they were stay
  /// where they are: only those from the first that changed are replaced.
  private mutating func replaceOpenSegment(with laid: TextLayout) {
    let lastSettled = layout.lines[..<segment.line].last
    // An empty line after a paragraph's end gives its place to the new text's first.
    if let lastSettled, lastSettled.slices.isEmpty {
      layout.lines.removeSubrange(segment.line...)
      layout.slices.removeSubrange(segment.slice...)
      Self.append(laid, to: &layout, characterOffset: segment.character, lineSpacing: lineSpacing)
      firstChangedLine = min(firstChangedLine, segment.line - 1)
      return
    }
    let top = lastSettled.map { $0.top + $0.height + lineSpacing } ?? 0
    let place = Placement(slice: segment.slice, character: segment.character, top: top)
    var same = 0
    while same < laid.lines.count, segment.line + same < min(firstChangedLine, layout.lines.count) {
      let old = layout.lines[segment.line + same]
      let new = laid.lines[same]
      guard old == place.line(new),
        zip(layout.slices[old.slices], laid.slices[new.slices]).allSatisfy({
          $0 == place.slice($1)
        })
      else { break }
      same += 1
    }
    let keptLines = segment.line + same
    let keptSlices = same > 0 ? layout.lines[keptLines - 1].slices.upperBound : segment.slice
    layout.lines.removeSubrange(keptLines...)
    layout.slices.removeSubrange(keptSlices...)
    layout.slices.append(
      contentsOf: laid.slices[(keptSlices - segment.slice)...].lazy.map(place.slice))
    layout.lines.append(contentsOf: laid.lines[same...].lazy.map(place.line))
    let bottom = layout.lines.last.map { $0.top + $0.height } ?? 0
    layout.size = Size(width: max(layout.size.width, laid.size.width), height: bottom)
    firstChangedLine = min(firstChangedLine, keptLines)
  }

  /// Where a layout laid out alone goes in a longer one: its slices after the first `slice`,
  /// its characters numbered from `character`, its lines from `top` down.
  private struct Placement {
    var slice: Int
    var character: Int
    var top: Double

    func slice(_ slice: TextLayout.Slice) -> TextLayout.Slice {
      var placed = slice
      placed.characterIndex += character
      placed.origin.y += top
      return placed
    }

    func line(_ line: TextLayout.Line) -> TextLayout.Line {
      var placed = line
      placed.slices = (line.slices.lowerBound + slice)..<(line.slices.upperBound + slice)
      placed.top += top
      placed.baseline += top
      return placed
    }
  }

  /// Appends `more`'s lines and slices below `layout`'s, its characters numbered from
  /// `characterOffset` (the count of `layout`'s slices when nil). A text that ends in a line
  /// break has an empty last line, which the next text's first line takes the place of.
  private static func append(
    _ more: TextLayout, to layout: inout TextLayout, characterOffset: Int? = nil,
    lineSpacing: Double
  ) {
    let lastLine = layout.lines.last
    var top = lastLine.map { $0.top + $0.height + lineSpacing } ?? 0
    if let lastLine, lastLine.slices.isEmpty {
      top = lastLine.top
      layout.lines.removeLast()
    }
    let place = Placement(
      slice: layout.slices.endIndex, character: characterOffset ?? layout.slices.endIndex, top: top)
    layout.slices.append(contentsOf: more.slices.lazy.map(place.slice))
    layout.lines.append(contentsOf: more.lines.lazy.map(place.line))
    let bottom = layout.lines.last.map { $0.top + $0.height } ?? 0
    layout.size = Size(width: max(layout.size.width, more.size.width), height: bottom)
  }
}
