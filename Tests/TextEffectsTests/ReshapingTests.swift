import Testing
import TextEffectsTestSupport

@testable import TextEffects

/// Shaping does not depend on the width: a text laid out again at another width (a window
/// resized) is broken into lines again, not shaped again.
@Suite struct ReshapingTests {
  static let text = """
    A window resized breaks its lines again.
    مرحبا بالعالم، hello again, and a long third paragraph that wraps more than once.
    """

  @Test func aResizedTextIsBrokenIntoLinesAgainWithoutShaping() {
    let fonts = CountingMetrics()
    let layouts = Typesetter(fonts: fonts)
    let wide = layouts.layout(Self.text, font: testFont, width: 400)
    let shapedOnce = fonts.shapings
    #expect(shapedOnce > 0)
    for width in [300.0, 120, 55, 400, 1_000] {
      let laid = layouts.layout(Self.text, font: testFont, width: width, alignment: .center)
      #expect(fonts.shapings == shapedOnce, "at \(width)")
      // Each equals the same text laid out afresh at that width.
      let fresh = TextLayout(
        text: Self.text, font: testFont, fonts: FakeMonospaceMetrics(), width: width,
        alignment: .center)
      #expect(laid.slices == fresh.slices && laid.lines == fresh.lines, "at \(width)")
    }
    #expect(layouts.layout(Self.text, font: testFont, width: 120).lines.count > wide.lines.count)
    // Another text, or the same in another font or language, is shaped.
    _ = layouts.layout(Self.text, font: testFont, width: 400, language: "ar")
    #expect(fonts.shapings > shapedOnce)
  }
}
