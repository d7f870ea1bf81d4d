/// The text sizes a reader can pick, as iOS's Dynamic Type: each text style grows or shrinks by
/// its own table, not by one factor, so titles grow slower than body text.
package enum DynamicTypeSize: Int, CaseIterable, Comparable, Sendable {
  case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
  case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

  /// The default, at which the text styles have their usual sizes (body 17 pt).
  package static let standard = DynamicTypeSize.large

  package static func < (lhs: DynamicTypeSize, rhs: DynamicTypeSize) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// One size larger, or the same at the largest.
  package var larger: DynamicTypeSize { DynamicTypeSize(rawValue: rawValue + 1) ?? self }
  /// One size smaller, or the same at the smallest.
  package var smaller: DynamicTypeSize { DynamicTypeSize(rawValue: rawValue - 1) ?? self }

  /// The point size of `style` at this size, from Apple's Dynamic Type tables.
  package func pointSize(of style: TextStyle) -> Double {
    let table: [Double]
    switch style {
    case .largeTitle: table = [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
    case .title2: table = [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
    case .title3: table = [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
    case .body: table = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    }
    return table[rawValue]
  }

  /// How much a metric scaled relative to `style` grows at this size (`@ScaledMetric`).
  package func scale(relativeTo style: TextStyle) -> Double {
    pointSize(of: style) / style.rawValue
  }
}
