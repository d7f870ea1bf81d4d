/// One cluster to draw from the glyph atlas: its text, font, top-left pen position and colour.
public struct GlyphDraw: Hashable, Sendable {
  public var text: String
  public var font: Font
  /// The pen position at the top of the line, in points; the atlas knows the bitmap's bearing.
  public var origin: Point
  /// The colour with the context's opacity already folded into its alpha.
  public var color: RGBAColor
}

/// The filled shapes the demos use: their backgrounds, cards, bubbles and dots.
public enum Shape: Hashable, Sendable {
  case rectangle(Rect)
  case roundedRectangle(Rect, cornerRadius: Double)
  case circle(center: Point, radius: Double)
}

public struct ShapeDraw: Hashable, Sendable {
  public var shape: Shape
  public var color: RGBAColor
}

/// What a frame draws, in order, back to front, in points.
///
/// A renderer records into it through a `GraphicsContext`; the SDL layer turns it into as few
/// `SDL_RenderGeometry` calls as it can. It is a class so that copies of a context, which an
/// effect makes to change opacity or offset for a few slices, all record into the same list.
public final class DrawList {
  public enum Command: Hashable, Sendable {
    case glyph(GlyphDraw)
    case shape(ShapeDraw)
  }

  /// The colour the frame is cleared to.
  public var background: RGBAColor
  public private(set) var commands: [Command] = []

  public init(background: RGBAColor = .black) {
    self.background = background
  }

  public func append(_ command: Command) {
    commands.append(command)
  }

  /// Empties the list for the next frame, keeping its storage.
  public func reset(background: RGBAColor) {
    self.background = background
    commands.removeAll(keepingCapacity: true)
  }

  /// The glyphs only, in order: what tests most often look at.
  public var glyphs: [GlyphDraw] {
    commands.compactMap {
      if case .glyph(let glyph) = $0 { return glyph }
      return nil
    }
  }
}
