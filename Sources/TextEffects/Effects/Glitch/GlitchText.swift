/// Seed 002's `GlitchText`: two coloured copies sit just left and right of the text, and every
/// two and a half seconds jump and flicker for a burst of ten ticks (twelve a second).
///
/// ```swift
/// GlitchText("GAME OVER").font(.system(size: 54, weight: .black, design: .monospaced))
/// ```
///
/// Where the copies go is a pure function of the time, so a frame at a given time is always the
/// same. With Reduce Motion the copies rest and never jump.
public struct GlitchText: AnimatedText, Sendable {
  /// The text and how it looks.
  public var content: Text
  /// The copy that rests to the left; the seed's is cyan.
  public var firstColor: RGBAColor
  /// The copy that rests to the right; the seed's is pink.
  public var secondColor: RGBAColor
  /// How far a copy may jump, in points: the seed's 7 at the standard text size (SwiftUI grows
  /// it with Dynamic Type; give more for a larger text).
  public var maxOffset: Double
  /// Keeps the copies bursting, whatever the time: the demo's held mouse button.
  public var isBursting: Bool
  /// The copies rest and never jump, as the seed does with Reduce Motion.
  public var reduceMotion: Bool

  /// The seed's farthest jump at the standard text size, in points.
  public static let defaultMaxOffset = GlitchSchedule.maxOffset

  /// `string` with copies in `firstColor` and `secondColor`, the seed's cyan and pink.
  public init(
    _ string: String, firstColor: RGBAColor = SystemColor.cyan.color(in: .dark),
    secondColor: RGBAColor = SystemColor.pink.color(in: .dark),
    maxOffset: Double = defaultMaxOffset,
    isBursting: Bool = false, reduceMotion: Bool = false
  ) {
    content = Text(string)
    self.firstColor = firstColor
    self.secondColor = secondColor
    self.maxOffset = maxOffset
    self.isBursting = isBursting
    self.reduceMotion = reduceMotion
  }

  /// The copies where the schedule puts them at `time`, behind the text.
  public func renderer(for layout: TextLayout, at time: Double) -> any TextRenderer {
    GlitchRenderer(
      tick: GlitchSchedule.tick(at: time), reduceMotion: reduceMotion, isForced: isBursting,
      firstColor: firstColor, secondColor: secondColor, maxOffset: maxOffset)
  }

  /// The next tick while bursting; at rest, the start of the next burst.
  public func nextChange(after time: Double) -> Double? {
    reduceMotion ? nil : GlitchSchedule.nextChange(after: time, isForced: isBursting)
  }
}
