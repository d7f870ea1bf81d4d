/// Which family a font comes from: SwiftUI's default (proportional) or `.monospaced` design,
/// or the colour emoji font every text falls back to for its emoji.
public enum FontDesign: String, CaseIterable, Hashable, Sendable {
  case proportional
  case monospaced
  case emoji
}

/// The weights the demos ask for; the SDL layer maps each to a bundled font file.
public enum FontWeight: Int, CaseIterable, Hashable, Sendable {
  case regular = 400
  case medium = 500
  case semibold = 600
  case bold = 700
  case black = 900
}

/// SwiftUI's text styles, by their size in points at the default Dynamic Type size.
public enum TextStyle: Double, CaseIterable, Sendable {
  case largeTitle = 34
  case title2 = 22
  case title3 = 20
  case body = 17
}

/// A font as the core knows it: what it looks like and how big it is, in points.
public struct Font: Hashable, Sendable {
  public var design: FontDesign
  public var weight: FontWeight
  public var size: Double

  public init(design: FontDesign = .proportional, weight: FontWeight = .regular, size: Double) {
    self.design = design
    self.weight = weight
    self.size = size
  }

  /// A system font in a text style at a Dynamic Type size, optionally scaled further (a scale
  /// effect, or a scene shrunk to fit a small window).
  public static func system(
    _ style: TextStyle, design: FontDesign = .proportional, weight: FontWeight = .regular,
    dynamicType: DynamicTypeSize = .standard, scale: Double = 1
  ) -> Font {
    Font(design: design, weight: weight, size: dynamicType.pointSize(of: style) * scale)
  }
}
