import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// Increase Contrast reaches the showcase's own controls, not only the scenes' system colours.
@Suite struct ChromeContrastTests {
  /// WCAG 2's contrast ratio of two opaque colours.
  static func contrast(_ a: RGBAColor, _ b: RGBAColor) -> Double {
    func luminance(_ c: RGBAColor) -> Double {
      func linear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  func drawing(_ appearance: Appearance, contrast: Bool) -> ChromeDrawing {
    let show = showcase()
    return ChromeDrawing(
      layout: show.chromeLayout(in: windowSize), appearance: appearance,
      increasesContrast: contrast, pointer: PointerState(), layouts: show.layouts)
  }

  /// The status line reads at WCAG's AAA (7:1) against its bar with Increase Contrast, in both
  /// appearances, and at less without it: the setting changes what a person reads.
  @Test(arguments: [Appearance.dark, .light])
  func theStatusLineReadsAtSevenToOne(_ appearance: Appearance) {
    let plain = drawing(appearance, contrast: false)
    let strong = drawing(appearance, contrast: true)
    #expect(Self.contrast(strong.secondary, strong.barColor) >= 7)
    #expect(Self.contrast(plain.secondary, plain.barColor) < 7)
  }

  /// The window's frame with Increase Contrast on is drawn in the switch's accessible green.
  @Test func theSwitchTakesTheAccessibleGreen() {
    var settings = SceneSettings()
    settings.reduceMotion = true
    settings.increaseContrast = true
    let list = DrawList()
    showcase(settings: settings).draw(at: 100, in: windowSize, into: list)
    let fills = list.commands.compactMap { command -> RGBAColor? in
      if case .shape(let shape) = command { return shape.color }
      return nil
    }
    #expect(fills.contains(SystemColor.green.color(in: .dark, increasedContrast: true)))
    #expect(!fills.contains(SystemColor.green.color(in: .dark)))
  }
}
