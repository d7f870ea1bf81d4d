/// A colour with straight (not premultiplied) alpha, each channel in 0...1.
public struct RGBAColor: Hashable, Sendable {
  /// Red, 0...1.
  public var red: Double
  /// Green, 0...1.
  public var green: Double
  /// Blue, 0...1.
  public var blue: Double
  /// Opacity, 0 (clear) ...1 (opaque).
  public var alpha: Double

  /// A colour from channels in 0...1; values outside are held within it when drawn.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from 8-bit channels, as the system colours are published.
  public init(red8: Int, green8: Int, blue8: Int, alpha: Double = 1) {
    self.init(
      red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255,
      alpha: alpha)
  }

  /// The same colour with its alpha multiplied by `factor`, as SwiftUI's `.opacity` does.
  public func withOpacity(_ factor: Double) -> RGBAColor {
    RGBAColor(red: red, green: green, blue: blue, alpha: alpha * min(max(factor, 0), 1))
  }

  /// Opaque black.
  public static let black = RGBAColor(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = RGBAColor(red: 1, green: 1, blue: 1)
  /// Nothing at all: black with no opacity.
  public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
}

/// Light or dark, as the system colours come in two shades.
public enum Appearance: String, CaseIterable, Sendable {
  /// Light text on dark.
  case dark
  /// Dark text on light.
  case light
}

/// SwiftUI's system colours, in their dark and light shades, and the accessible shades iOS
/// shows with Increase Contrast on (Apple's Human Interface Guidelines, "Color").
public enum SystemColor: CaseIterable, Sendable {
  /// The colours the seeds' demos use.
  case red, yellow, green, cyan, pink, purple, blue

  /// Its shade in `appearance`, or the accessible one with `increasedContrast`.
  public func color(in appearance: Appearance, increasedContrast: Bool = false) -> RGBAColor {
    let shade = shades[(appearance == .dark ? 0 : 1) + (increasedContrast ? 2 : 0)]
    return RGBAColor(red8: shade.0, green8: shade.1, blue8: shade.2)
  }

  /// Red, green and blue in the dark and light appearances, then their accessible shades.
  private var shades: [(Int, Int, Int)] {
    switch self {
    case .red: [(255, 69, 58), (255, 59, 48), (255, 105, 97), (215, 0, 21)]
    case .yellow: [(255, 214, 10), (255, 204, 0), (255, 212, 38), (178, 80, 0)]
    case .green: [(48, 209, 88), (52, 199, 89), (48, 219, 91), (36, 138, 61)]
    case .cyan: [(100, 210, 255), (50, 173, 230), (112, 215, 255), (0, 113, 164)]
    case .pink: [(255, 55, 95), (255, 45, 85), (255, 100, 130), (211, 15, 69)]
    case .purple: [(191, 90, 242), (175, 82, 222), (218, 143, 255), (137, 68, 171)]
    case .blue: [(10, 132, 255), (0, 122, 255), (64, 156, 255), (0, 64, 221)]
    }
  }
}
