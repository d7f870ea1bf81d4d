// Sections: The stream, Its life, A column that follows, Drawing

/// Seed 003's `StreamingText`: text that arrives in pieces, as a language model's answer, each
/// piece fading in behind a soft front that sweeps 80 characters a second.
///
/// Append pieces as they come, with the time they came at; finish it when the answer ends;
/// draw it at each frame's time:
///
/// ```swift
/// var answer = StreamingText()
/// answer.append("Streaming text ", at: now)
/// try textEffects.draw(answer, at: now, in: column)
/// answer.finish(at: now)
/// ```
///
/// A piece that arrives while the front still moves adds to its run, so a burst of pieces reads
/// as one smooth sweep. With Reduce Motion everything shows as soon as it arrives.
///
/// It owns its stream: when each piece came, and what shows of it at any time, read once as it
/// comes and laid out as it grows, so an answer of any length costs a frame what its newest
/// piece costs (drawn in a column by `TextEffectsRenderer`, whose lines wrap to its width).
/// Copies are cheap; one that is changed, or laid out in another font, works its own reading
/// out again.
public struct StreamingText: AnimatedText, Sendable {
  // MARK: The stream

  /// The text that has arrived so far, and how it looks. Setting its string starts the
  /// stream again from that text, already shown.
  public var content: Text {
    get {
      var content = style
      content.string = stream.chunks.text
      return content
    }
    set {
      let string = newValue.string
      // A copy laid out otherwise (another font, spacing or language) works its own layout
      // out: two copies drawn each frame in two fonts would otherwise lay out twice a frame.
      if newValue.font != style.font || newValue.lineSpacing != style.lineSpacing
        || newValue.language != style.language
      {
        keepReadingIfUnique()
      }
      style = newValue
      style.string = ""
      guard string != stream.chunks.text || newValue.isMarkdown != stream.isMarkdown else {
        return
      }
      var restarted = StreamingText(
        string, charactersPerSecond: stream.base.charactersPerSecond, fade: stream.base.fade,
        reduceMotion: reduceMotion, markdown: newValue.isMarkdown
      ).restyled(style)
      restarted.column = column
      self = restarted
    }
  }
  /// Shows each piece whole as it arrives, as the seed does with Reduce Motion.
  public var reduceMotion: Bool
  /// How it looks: its font, colour and spacing, without its text.
  private var style: Text
  /// What arrived and when, whether it has ended, and the front before its arrivals.
  private var stream: Stream
  /// What the stream shows at the times asked, worked out once: shared by copies, and made
  /// anew for a copy that changes (`isKnownUniquelyReferenced`).
  private var reading = StreamingReading()
  /// The column it is shown in, when it is: how tall, and whether it follows the newest line
  /// (``column(height:)``) or shows the text's last lines (``tail(height:)``).
  private var column: (height: Double, showsTail: Bool)?
  /// Where a person scrolled the column back to, in points from the text's top; nil while it
  /// follows the newest line.
  public private(set) var scrolledBack: Double?

  /// The seed's front speed, in characters a second.
  public static let defaultCharactersPerSecond = StreamingMath.defaultCharactersPerSecond
  /// The seed's soft edge, in characters.
  public static let defaultFade = StreamingMath.defaultFade

  /// Text that starts as `string` (already shown, not fading in), sweeping on at
  /// `charactersPerSecond` with a soft edge `fade` characters wide: the seed's 80 and 10.
  /// With `markdown`, the text is GitHub-flavoured Markdown, drawn styled as it arrives (see
  /// ``AnimatedText/markdown(_:)``): half-written syntax shows as it will most likely end, and
  /// the front sweeps over the characters that show, not over `**` and `#`.
  public init(
    _ string: String = "", charactersPerSecond: Double = defaultCharactersPerSecond,
    fade: Double = defaultFade, reduceMotion: Bool = false, markdown: Bool = false
  ) {
    var chunks = StreamingChunks()
    if !string.isEmpty { chunks.append(string, at: -.infinity) }
    var base = StreamingFront(charactersPerSecond: charactersPerSecond, fade: fade)
    let shown =
      markdown ? StreamingReading.shownCount(of: chunks.text) : chunks.count(at: .infinity)
    base.textExtended(to: shown, at: -.infinity)
    self.init(
      Stream(
        chunks: chunks, isMarkdown: markdown, base: base, baseArrivals: chunks.arrivals.count),
      reduceMotion: reduceMotion)
  }

  /// An empty stream in a view that appeared at `time`, as SwiftUI's `onChange(of:initial:
  /// true)` starts the seed's front then: pieces appended soon after sweep on from the
  /// view's appearing, as the seed's demo answer does, rather than from their own arrival.
  public init(
    appearedAt time: Double, charactersPerSecond: Double = defaultCharactersPerSecond,
    fade: Double = defaultFade, reduceMotion: Bool = false, markdown: Bool = false
  ) {
    self.init(
      chunks: StreamingChunks(), appeared: time, charactersPerSecond: charactersPerSecond,
      fade: fade, reduceMotion: reduceMotion, markdown: markdown)
  }

  /// A stream whose pieces come at the times `chunks` gives (a script's, a trace's, or none
  /// yet for a live one), in a view that appeared at `appeared`: the seed's `onChange(initial:
  /// true)` starts the front's first run then.
  package init(
    chunks: StreamingChunks, appeared: Double, charactersPerSecond: Double, fade: Double,
    reduceMotion: Bool, markdown: Bool, finishedAt: Double? = nil
  ) {
    var base = StreamingFront(charactersPerSecond: charactersPerSecond, fade: fade)
    base.textChanged(from: "", to: "", at: appeared)
    var stream = Stream(chunks: chunks, isMarkdown: markdown, base: base, baseArrivals: 0)
    stream.appeared = appeared
    stream.finishedAt = finishedAt.map { max($0, chunks.arrivals.last?.time ?? $0) }
    self.init(stream, reduceMotion: reduceMotion)
  }

  private init(_ stream: Stream, reduceMotion: Bool) {
    self.stream = stream
    self.reduceMotion = reduceMotion
    style = Text("")
    style.isMarkdown = stream.isMarkdown
  }

  private func restyled(_ style: Text) -> StreamingText {
    var copy = self
    copy.style = style
    copy.style.isMarkdown = stream.isMarkdown
    return copy
  }

  /// What arrived, and when: the pieces' times and what they made.
  package var timedChunks: StreamingChunks { stream.chunks }

  /// The same pieces at the same times, its front sweeping at `charactersPerSecond` with an
  /// edge `fade` characters wide, read as Markdown or not, with or without Reduce Motion: a
  /// person who changes the speed, or turns Markdown on, sees the answer they were reading
  /// as it would have come so. Its column and scroll stay.
  public func replayed(
    charactersPerSecond: Double, fade: Double, reduceMotion: Bool, markdown: Bool
  ) -> StreamingText {
    var replayed: StreamingText
    if stream.baseArrivals == 0, let appeared = stream.appeared {
      replayed = StreamingText(
        chunks: stream.chunks, appeared: appeared, charactersPerSecond: charactersPerSecond,
        fade: fade, reduceMotion: reduceMotion, markdown: markdown,
        finishedAt: stream.finishedAt)
    } else {
      var kept = stream
      kept.base.charactersPerSecond = charactersPerSecond
      kept.base.fade = max(fade, 0)
      kept.isMarkdown = markdown
      replayed = StreamingText(kept, reduceMotion: reduceMotion)
    }
    replayed.style = style
    replayed.style.isMarkdown = markdown
    replayed.column = column
    replayed.scrolledBack = scrolledBack
    return replayed
  }

  // MARK: Its life

  /// `piece` arrived at `time` and extends the text. A piece may finish the character before it
  /// (an accent after its letter); each character keeps at most the scalars a shown text keeps.
  /// A piece after the answer finished opens it again.
  public mutating func append(_ piece: String, at time: Double) {
    keepReadingIfUnique()
    stream.chunks.append(piece, at: time)
    stream.finishedAt = nil
  }

  /// The answer ended at `time` (or when its last piece came, if later): from then on it shows
  /// as the whole text does, a Markdown answer read whole rather than as it would most likely
  /// end (a last `---` becomes a rule).
  public mutating func finish(at time: Double) {
    guard stream.finishedAt == nil else { return }
    keepReadingIfUnique()
    stream.finishedAt = max(time, stream.chunks.arrivals.last?.time ?? time)
  }

  /// When the answer ended, if it has.
  public var finishedAt: Double? { stream.finishedAt }

  /// The whole text became `string` at `time` (an answer asked again): what it shares with the
  /// text before stays, and the front sweeps again from there.
  public mutating func replace(with string: String, at time: Double) {
    var front = reading.front(of: stream, at: time)
    var chunks = StreamingChunks()
    chunks.append(string, at: time)
    let isMarkdown = stream.isMarkdown
    let shown = { (text: String) in isMarkdown ? MarkdownStream.shownText(of: text) : text }
    front.textChanged(from: shown(stream.chunks.text), to: shown(chunks.text), at: time)
    stream = Stream(
      chunks: chunks, isMarkdown: stream.isMarkdown, base: front,
      baseArrivals: chunks.arrivals.count)
    reading = StreamingReading()
  }

  /// How many characters have arrived: what ``keepLast(_:)`` bounds.
  public var characterCount: Int { stream.chunks.count(at: .infinity) }

  /// Forgets all but the last `count` characters, which stay as if they had come at the start:
  /// already shown, so nothing fades in again. A live answer fed for days keeps a bounded text.
  /// A Markdown answer keeps fewer, from the first top-level block among them (`MarkdownCut`).
  /// A column scrolled back follows the newest line again.
  public mutating func keepLast(_ count: Int) {
    scrolledBack = nil
    stream.chunks.keepLast(count, markdown: stream.isMarkdown)
    var base = StreamingFront(
      charactersPerSecond: stream.base.charactersPerSecond, fade: stream.base.fade)
    let shown =
      stream.isMarkdown
      ? StreamingReading.shownCount(of: stream.chunks.text) : stream.chunks.count(at: .infinity)
    base.textExtended(to: shown, at: -.infinity)
    stream.base = base
    stream.baseArrivals = stream.chunks.arrivals.count
    reading = StreamingReading()
  }

  /// A change to the stream keeps what was worked out only when no copy shares it; a copy
  /// that changes works its own out.
  private mutating func keepReadingIfUnique() {
    if !isKnownUniquelyReferenced(&reading) { reading = StreamingReading() }
  }

  // MARK: A column that follows

  /// The same text shown in a column `height` points tall that keeps its newest line in
  /// view, as a chat window does with an answer: once the line being written passes the
  /// column's foot, the text moves up a third of the column, eased over a quarter of a second,
  /// and lines fade out over a line's height at its top and foot. Draw it in a rectangle that
  /// tall; ``StreamingText/scroll(by:at:)`` takes it back. (Plain text that is not
  /// leading-aligned is laid out whole, and shows every line.)
  public func column(height: Double) -> StreamingText {
    var copy = self
    copy.column = height.isFinite && height > 0 ? (height, false) : nil
    return copy
  }

  /// The same text shown in a box `height` points tall that shows its last lines, the top one
  /// fading out over a line's height: a model's reasoning under "Thinking…", which a person
  /// glances at rather than reads back. It is as tall as the text until the text outgrows it.
  public func tail(height: Double) -> StreamingText {
    var copy = self
    copy.column = height.isFinite && height > 0 ? (height, true) : nil
    return copy
  }

  /// Scrolls the column `points` towards the end (back towards the start when negative), as
  /// a wheel or a page key does at `time`; scrolled as far as the newest line, it follows it
  /// again. Minus infinity goes back to the start (Home), infinity to the newest line (End).
  public mutating func scroll(by points: Double, at time: Double) {
    guard let view = view(at: time), column?.showsTail == false, !points.isNaN else { return }
    let target = max((scrolledBack ?? view.following) + points, 0)
    scrolledBack = target >= view.following ? nil : target
  }

  /// Scrolls the column `lines` lines towards the end (back when negative), as a wheel's
  /// notches or the arrow keys do.
  public mutating func scroll(byLines lines: Double, at time: Double) {
    guard let view = view(at: time) else { return }
    scroll(by: lines * view.edge, at: time)
  }

  /// Scrolls the column `pages` pages towards the end (back when negative), as Page Down and
  /// Page Up do: a page is the column's height less a line, so a line of the page before
  /// stays in view.
  public mutating func scroll(byPages pages: Double, at time: Double) {
    guard let view = view(at: time) else { return }
    scroll(by: pages * max(view.bottom - view.top - view.edge, view.edge), at: time)
  }

  /// Where the column's top stands at `time`, in points from the text's top: 0 while the
  /// text fits, or without a column. What scrolls with the text under it (a footer, a line
  /// after the answer) is drawn that much higher.
  public func columnTop(at time: Double) -> Double {
    view(at: time)?.top ?? 0
  }

  /// Goes back to following the newest line.
  public mutating func followNewestLine() {
    scrolledBack = nil
  }

  /// Where the column stands at `time` over the text as last laid out: where following the
  /// front puts its top, where it shows, and the height of a line; nil without a column.
  private func view(at time: Double)
    -> (following: Double, top: Double, bottom: Double, edge: Double)?
  {
    guard let column, let laid = reading.lastLayout else { return nil }
    if column.showsTail {
      let height = laid.layout.size.height
      guard height > column.height else { return nil }
      let top = height - column.height
      return (top, top, height, style.font.size * 1.2)
    }
    let columnHeight = column.height
    let scroll = StreamingScroll(viewHeight: columnHeight, lineAdvance: laid.lineAdvance)
    let needed = self.needed(by: scroll, in: laid.layout, at: time)
    // With Reduce Motion the view moves at once, as a scroll view without animation does.
    let following =
      reduceMotion ? needed(time) : StreamingScroll.offset(at: time, needed: needed)
    let top = min(scrolledBack ?? following, following)
    return (following, top, top + columnHeight, laid.lineAdvance)
  }

  /// The scroll `scroll` needs at each time up to a second before `time`: enough to show the
  /// line the front writes (or, with Reduce Motion, the last line that has arrived).
  private func needed(by scroll: StreamingScroll, in layout: TextLayout, at time: Double)
    -> (Double) -> Double
  {
    let front = front(at: time)
    let isInstant = reduceMotion
    return { [self] time in
      scroll.needed(
        for: layout,
        front: isInstant ? Double(shownCount(at: time)) - 1 : front.visible(at: time))
    }
  }

  // MARK: Drawing

  /// The front at `time`, which can also say where it stood up to a second before.
  func front(at time: Double) -> StreamingFront {
    reading.front(of: stream, at: time)
  }

  /// Where the front stands at `time`, in characters of what shows: a character `index` in
  /// is whole once the front is `fade` past it, clear while the front has not reached it. For
  /// an effect of your own drawn over the stream's (a glitch on some lines).
  public func frontPosition(at time: Double) -> Double {
    front(at: time).visible(at: time)
  }

  /// How many characters show at `time`: for Markdown, without its syntax.
  func shownCount(at time: Double) -> Int {
    reading.shownCount(of: stream, at: time)
  }

  /// The text as laid out at `time`, its lines wrapping to `width`, and the first line that
  /// changed since it was last asked for (those before are as they were); `generation` counts
  /// the layouts made from nothing (other fonts, an earlier time).
  package func streamedLayout(
    at time: Double, font: Font, fonts: any FontMetricsProvider, width: Double,
    lineSpacing: Double, language: String?
  ) -> (layout: TextLayout, firstChangedLine: Int, generation: Int) {
    reading.layout(
      of: stream, at: time,
      key: StreamingReading.LayoutKey(
        font: font, width: width, lineSpacing: lineSpacing, language: language,
        pixelsPerPoint: fonts.pixelsPerPoint),
      fonts: fonts)
  }

  /// Laid out in a column as it grows, only what came since the last frame: Markdown, or
  /// text that is leading-aligned and fills a column of some width (other text is laid out
  /// whole).
  public func layout(at time: Double, for request: TextLayoutRequest) -> TextLayout {
    let width = request.width ?? (stream.isMarkdown ? 40 * style.font.size : nil)
    guard let width, stream.isMarkdown || style.alignment == .leading && request.fillsWidth
    else { return request.layout(of: content) }
    let spacing = style.lineSpacing.isFinite ? style.lineSpacing : 0
    reading.lineAdvance = request.fonts.metrics(for: style.font).lineHeight + spacing
    let layOut = {
      streamedLayout(
        at: time, font: style.font, fonts: request.fonts, width: width, lineSpacing: spacing,
        language: style.language
      ).layout
    }
    let laid = layOut()
    let view = scrolledBack == nil ? view(at: time) : nil
    return keepSlices(following: view.map { ($0.top, $0.bottom) }) ? layOut() : laid
  }

  /// Lets the layout let go of the slices of lines a view's height and more above `view`, a
  /// view that follows the newest line (see ``TextLayout/Slices``); with nil (a view scrolled
  /// back, or none) it keeps them all. True when the layout last given lacks some of those it
  /// must keep: ask for it again.
  package func keepSlices(following view: (top: Double, bottom: Double)?) -> Bool {
    reading.keepSlices(from: view.map { $0.top - ($0.bottom - $0.top) })
  }

  /// How many times cmark-gfm parsed the answer for what shows.
  package var markdownParses: Int { reading.parses }

  /// How many lines, from the first, of the Markdown layout last asked for show blocks that
  /// no text added later changes; nil for plain text, or before a layout.
  package var settledLines: Int? { reading.settledLines }

  /// The layout last asked for, if one was.
  package var lastLayout: TextLayout? { reading.lastLayout?.layout }

  /// What a screen reader reads at `time`: the text received, a Markdown answer as it shows
  /// (its syntax gone), a line to a block. Give it as the view's accessibility label, as the
  /// showcase does through AT-SPI2.
  public func accessibilityLabel(at time: Double) -> String {
    reading.spokenText(of: stream, at: time)
  }

  /// Each character as opaque as the front has made it by `time`; in a column, the lines it
  /// shows.
  public func renderer(for layout: TextLayout, at time: Double) -> any TextRenderer {
    var renderer = StreamingRenderer(
      visible: front(at: time).visible(at: time), fade: stream.base.fade, isInstant: reduceMotion)
    if let view = view(at: time), let column {
      renderer.view = (view.top, view.bottom, view.edge)
      renderer.scrollsView = true
      renderer.layers = StreamingRenderer.Layers(
        scope: reading.lines,
        versions: reading.lineVersions(height: view.bottom - view.top, edge: view.edge),
        movesPixels: !column.showsTail)
    }
    return renderer
  }

  /// `time` while the front moves over text still fading in or the column scrolls, else the
  /// next piece's arrival or the finish, or nil.
  public func nextChange(after time: Double) -> Double? {
    if !reduceMotion {
      let front = front(at: time)
      let count = Double(shownCount(at: time))
      if count > 0, front.isMoving(at: time), front.visible(at: time) - stream.base.fade < count {
        return time
      }
    }
    if !reduceMotion, let column, !column.showsTail, let laid = reading.lastLayout,
      StreamingScroll.isMoving(
        at: time,
        needed: needed(
          by: StreamingScroll(viewHeight: column.height, lineAdvance: laid.lineAdvance),
          in: laid.layout, at: time))
    {
      return time
    }
    return nextEvent(after: time)
  }

  /// When the next piece arrives, or the answer finishes, after `time`: nil when neither is to
  /// come. A screen reader's label grows until then.
  public func nextEvent(after time: Double) -> Double? {
    let next = stream.chunks.nextArrival(after: time)
    guard let finished = stream.finishedAt, finished > time else { return next }
    return min(next ?? finished, finished)
  }
}

extension StreamingText {
  /// What arrived and when, whether the answer has ended, and where the front stood before the
  /// arrivals it has yet to run over: everything a frame of it is a function of, but the time.
  struct Stream: Sendable {
    var chunks: StreamingChunks
    var isMarkdown: Bool
    /// The front before the arrivals from `baseArrivals` on: at the start of a view, or as a
    /// replaced text left it.
    var base: StreamingFront
    var baseArrivals: Int
    var finishedAt: Double?
    /// When the view appeared, for a stream whose front has run over nothing but its arrivals
    /// since (``StreamingText/init(appearedAt:charactersPerSecond:fade:reduceMotion:markdown:)``).
    var appeared: Double?
  }
}
