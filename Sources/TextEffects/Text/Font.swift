/// Which family a font comes from: SwiftUI's default (proportional) or `.monospaced` design,
/// or the colour emoji font every text falls back to for its emoji.
public enum FontDesign: String, CaseIterable, Hashable, Sendable {
  /// SwiftUI's default design (Inter here).
  case proportional
  /// SwiftUI's `.monospaced` (JetBrains Mono here).
  case monospaced
  /// Noto Color Emoji: what emoji are drawn in, whatever the text's font.
  case emoji
}

/// The weights the demos ask for; the SDL layer maps each to a bundled font file.
public enum FontWeight: Int, CaseIterable, Hashable, Sendable {
  /// 400.
  case regular = 400
  /// 500.
  case medium = 500
  /// 600.
  case semibold = 600
  /// 700.
  case bold = 700
  /// 900 (the monospaced design's heaviest is ExtraBold, 800).
  case black = 900
}

/// SwiftUI's text styles, by their size in points at the default Dynamic Type size.
package enum TextStyle: Double, CaseIterable, Sendable {
  case largeTitle = 34
  case title2 = 22
  case title3 = 20
  case body = 17
}

/// A font as the core knows it: what it looks like and how big it is, in points.
///
/// It is a small value of plain bits (16 bytes, nothing reference-counted), since every
/// laid-out character and every glyph drawn carries one: a name is kept as its number in
/// `FontNames`.
public struct Font: Hashable, Sendable {
  /// The size in points: the em, as SwiftUI's `.system(size:)`.
  public var size: Double
  /// ``name``'s number, 0 for none.
  private var nameNumber: UInt32 = 0
  /// Which bundled family, when ``name`` is nil.
  public var design: FontDesign
  /// How heavy.
  public var weight: FontWeight
  /// Slanted, as SwiftUI's `.italic()`: the design's italic face (Markdown's emphasis), where
  /// the family has one; a family without one draws upright.
  public var isItalic = false

  /// A font of your own, as SwiftUI's `Font.custom(_:size:)`: a font file's path, or a family
  /// name that a bundled font or fontconfig answers to ("Noto Sans Arabic", "DejaVu Serif").
  /// Nil for the bundled family of ``design``.
  public var name: String? {
    get { FontNames.name(numbered: nameNumber) }
    set { nameNumber = FontNames.number(of: newValue) }
  }

  /// A font of `size` points in `design` and `weight`.
  public init(design: FontDesign = .proportional, weight: FontWeight = .regular, size: Double) {
    self.design = design
    self.weight = weight
    self.size = size
  }

  /// A font of your own (a file's path or a family name) of `size` points, as SwiftUI's
  /// `.custom(_:size:)`; the weight picks among a family's files.
  public static func custom(_ name: String, size: Double, weight: FontWeight = .regular) -> Font {
    var font = Font(weight: weight, size: size)
    font.name = name
    return font
  }

  /// A system font in a text style at a Dynamic Type size, optionally scaled further (a scale
  /// effect, or a scene shrunk to fit a small window).
  package static func system(
    _ style: TextStyle, design: FontDesign = .proportional, weight: FontWeight = .regular,
    dynamicType: DynamicTypeSize = .standard, scale: Double = 1
  ) -> Font {
    Font(design: design, weight: weight, size: dynamicType.pointSize(of: style) * scale)
  }

  /// A system font of `size` points, as SwiftUI's `.system(size:weight:design:)`.
  public static func system(
    size: Double, weight: FontWeight = .regular, design: FontDesign = .proportional
  ) -> Font {
    Font(design: design, weight: weight, size: size)
  }
}

/// The names fonts were given, each numbered once for the whole process, so that a ``Font``
/// holds a number rather than a string. A program names a handful of fonts; the numbers only
/// stand for names, so which number a name gets never changes what is drawn.
private enum FontNames {
  private static let lock = Lock()
  nonisolated(unsafe) private static var names: [String] = []
  nonisolated(unsafe) private static var numbers: [String: UInt32] = [:]

  /// `name`'s number, given it now if it has none; 0 for nil.
  static func number(of name: String?) -> UInt32 {
    guard let name else { return 0 }
    return lock.withLock {
      if let number = numbers[name] { return number }
      names.append(name)
      let number = UInt32(names.count)
      numbers[name] = number
      return number
    }
  }

  /// The name numbered `number`, or nil for 0.
  static func name(numbered number: UInt32) -> String? {
    guard number > 0 else { return nil }
    return lock.withLock { names[Int(number) - 1] }
  }
}
