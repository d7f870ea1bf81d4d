import TextEffects

/// Where a contact sheet's tiles go: frames in rows, a gap around each and a strip below each
/// for its time, all in pixels. The command line checks the sheet's size with it before
/// anything is drawn.
package struct ContactSheetLayout: Equatable, Sendable {
  /// In points, scaled with the frames.
  package static let gap = 12.0
  package static let labelHeight = 24.0

  package let count: Int
  package let columns: Int
  package let rows: Int
  package let frameWidth: Int
  package let frameHeight: Int
  package let gap: Int
  package let labelHeight: Int

  /// `columns` a row (nearest to a square when nil) for `count` frames of the given pixels.
  package init(count: Int, columns: Int?, frameWidth: Int, frameHeight: Int, scale: Double) {
    self.count = max(count, 1)
    self.columns = min(
      max(columns ?? Int(Double(self.count).squareRoot().rounded(.up)), 1), self.count)
    rows = (self.count + self.columns - 1) / self.columns
    self.frameWidth = frameWidth
    self.frameHeight = frameHeight
    gap = Int((Self.gap * scale).rounded())
    labelHeight = Int((Self.labelHeight * scale).rounded())
  }

  package var width: Int { columns * frameWidth + (columns + 1) * gap }
  package var height: Int { rows * (frameHeight + labelHeight) + (rows + 1) * gap }

  /// The top-left pixel of tile `index`, row by row.
  package func origin(ofTile index: Int) -> (x: Int, y: Int) {
    (
      gap + (index % columns) * (frameWidth + gap),
      gap + (index / columns) * (frameHeight + labelHeight + gap)
    )
  }

  /// "1.25 s": as many decimals as the time needs, up to three.
  package static func label(for time: Double) -> String {
    let thousandths = (time * 1000).rounded()
    var text = String(Int(thousandths) / 1000)
    var fraction = Int(thousandths) % 1000
    if fraction > 0 {
      var digits = ""
      for _ in 0..<3 {
        digits += String(fraction / 100)
        fraction = fraction % 100 * 10
      }
      while digits.hasSuffix("0") { digits.removeLast() }
      text += "." + digits
    }
    return text + " s"
  }
}
