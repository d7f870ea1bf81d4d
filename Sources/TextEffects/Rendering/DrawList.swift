/// One glyph to draw from the glyph atlas: which, in what font, its top-left pen position and
/// its colour.
package struct GlyphDraw: Hashable, Sendable {
  /// What is drawn: a glyph a layout's shaping chose, or a short string the SDL layer shapes
  /// on its own (a typewriter's cursor, a decoding letter's stand-in, a caller's label).
  package enum Content: Hashable, Sendable {
    /// The glyph with this index in the font.
    case glyph(UInt32)
    /// The string, starting at the origin, or ending there when `endsAtOrigin` (a cursor after
    /// text that grows leftwards).
    case text(String, endsAtOrigin: Bool)
  }

  package var content: Content
  package var font: Font
  /// The pen position at the top of the line, in points; the atlas knows the bitmap's bearing.
  package var origin: Point
  /// The colour with the context's opacity already folded into its alpha.
  package var color: RGBAColor
}

/// The filled shapes the demos use: their backgrounds, cards, bubbles and dots.
public enum Shape: Hashable, Sendable {
  /// A rectangle with square corners.
  case rectangle(Rect)
  /// A rectangle whose corners are quarter circles of `cornerRadius` points.
  case roundedRectangle(Rect, cornerRadius: Double)
  /// A disc.
  case circle(center: Point, radius: Double)
}

package struct ShapeDraw: Hashable, Sendable {
  package var shape: Shape
  package var color: RGBAColor
}

/// What a frame draws, in order, back to front, in points.
///
/// A renderer records into it through a `GraphicsContext`; the SDL layer turns it into as few
/// `SDL_RenderGeometry` calls as it can. It is a class so that copies of a context, which an
/// effect makes to change opacity or offset for a few slices, all record into the same list.
public final class DrawList {
  package enum Command: Hashable, Sendable {
    case glyph(GlyphDraw)
    case shape(ShapeDraw)
  }

  /// The colour the frame is cleared to.
  public var background: RGBAColor
  package private(set) var commands: [Command] = []
  /// The view whose text the frame shows scrolled, when it has one.
  package var scrolledView: ScrolledView?
  /// The last frame's commands, kept after ``reset(background:)`` so that code that knows the
  /// frame starts as the last one did can repeat them (``repeatLastFrame(upTo:)``).
  private var lastFrame: [Command] = []
  /// How many of the first commands repeat the last frame's first ones, as the code that
  /// drew them said: the renderer need not compare them.
  package private(set) var repeatedStart = 0
  /// Counts the frames recorded into the list, so that a renderer knows whether the frame it
  /// drew last is the one this one repeats.
  package private(set) var frameNumber = 0

  /// A part of the frame whose content scrolls: its rectangle in points, and how far down its
  /// content it shows. From one frame to the next that scrolled by whole pixels, the pixels
  /// that stay in view move instead of being drawn again.
  package struct ScrolledView: Equatable, Sendable {
    package var rect: Rect
    package var offset: Double

    package init(rect: Rect, offset: Double) {
      self.rect = rect
      self.offset = offset
    }
  }

  /// An empty list for a frame cleared to `background`.
  public init(background: RGBAColor = .black) {
    self.background = background
  }

  package func append(_ command: Command) {
    commands.append(command)
  }

  /// Empties the list for the next frame, keeping its storage and, for a while, the frame.
  package func reset(background: RGBAColor) {
    self.background = background
    swap(&lastFrame, &commands)
    commands.removeAll(keepingCapacity: true)
    scrolledView = nil
    repeatedStart = 0
    frameNumber += 1
  }

  /// Starts this frame with the last frame's first `count` commands, which the caller knows it
  /// would draw again the same, and says so to the renderer. Only at the start of a frame,
  /// after one of as many commands; returns whether it did.
  package func repeatLastFrame(upTo count: Int) -> Bool {
    guard commands.isEmpty, count > 0, count <= lastFrame.count else { return false }
    commands.append(contentsOf: lastFrame[..<count])
    repeatedStart = count
    return true
  }

  /// How many of the first `count` commands draw glyphs.
  package func glyphCommandCount(upTo count: Int) -> Int {
    glyphCommandCount(in: 0..<count)
  }

  /// How many of the commands `range` draw glyphs.
  package func glyphCommandCount(in range: Range<Int>) -> Int {
    var total = 0
    for index in range {
      if case .glyph = commands[index] { total += 1 }
    }
    return total
  }

  /// The glyphs only, in order: what tests most often look at.
  package var glyphs: [GlyphDraw] {
    commands.compactMap {
      if case .glyph(let glyph) = $0 { return glyph }
      return nil
    }
  }
}
