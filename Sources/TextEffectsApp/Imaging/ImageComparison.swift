import TextEffects

/// Compares two screenshots as pixelmatch (and so Playwright's toHaveScreenshot) does: a pixel
/// differs when its colour distance in YIQ space passes a threshold, unless it lies on an
/// anti-aliased edge that moved within itself; the images match while no more than
/// `maximumDifferingPixels` differ, or no more than `maximumDifferingRatio` of them when that is
/// given (Playwright's `maxDiffPixels` and `maxDiffPixelRatio`). A difference in size never
/// matches.
package struct ImageComparison: Sendable, Equatable {
  /// 0 to 1: how far apart two colours may be and still count as the same (pixelmatch's 0.1).
  package var threshold: Double
  /// How many differing pixels are still a match.
  package var maximumDifferingPixels: Int
  /// 0 to 1: the share of the image's pixels that may differ and still match, instead of a
  /// count; nil counts pixels.
  package var maximumDifferingRatio: Double?
  /// Whether a pixel on an anti-aliased edge that moved within itself is let pass (pixelmatch
  /// does), or counts as differing like any other.
  package var ignoresAntiAliasing: Bool

  package init(
    threshold: Double = 0.1, maximumDifferingPixels: Int = 0,
    maximumDifferingRatio: Double? = nil, ignoresAntiAliasing: Bool = true
  ) {
    self.threshold = threshold
    self.maximumDifferingPixels = maximumDifferingPixels
    self.maximumDifferingRatio = maximumDifferingRatio
    self.ignoresAntiAliasing = ignoresAntiAliasing
  }

  /// Every pixel the same colour: for frames made by the same code and libraries, which are
  /// byte-identical, so that any change at all is seen.
  package static let exact = ImageComparison(
    threshold: 0, maximumDifferingPixels: 0, ignoresAntiAliasing: false)

  /// How many of an image's `pixels` may differ: the count, or the ratio's share rounded down,
  /// so that a ratio never lets through more than it says.
  package func allowedPixels(of pixels: Int) -> Int {
    guard let maximumDifferingRatio else { return maximumDifferingPixels }
    return Int((Double(pixels) * maximumDifferingRatio).rounded(.down))
  }

  package struct Result: Sendable {
    /// Nil when the sizes differ.
    package var differingPixels: Int?
    /// The expected image's pixels, which the ratio is of.
    package var totalPixels: Int
    /// How many pixels could have differed and still matched.
    package var allowedPixels: Int
    /// Pixels that differ only by anti-aliasing, which are not counted.
    package var antiAliasedPixels: Int
    /// The expected image greyed out, differing pixels in red, anti-aliasing in yellow.
    package var diff: RGBAImage?
    package var matches: Bool
  }

  /// One line for people: the verdict, the counts and the ratio, and the tolerances that
  /// decided it, as `--compare` and `--check` print it. Nil when the sizes differ, which the
  /// caller says in its own words.
  package func summary(of result: Result) -> String? {
    counts(of: result).map { "\(result.matches ? "match" : "differ"): \($0)" }
  }

  /// The summary's counts and tolerances, without the verdict.
  package func counts(of result: Result) -> String? {
    guard let differing = result.differingPixels else { return nil }
    let share = Double(differing) / Double(max(result.totalPixels, 1)) * 100
    let antiAliasing =
      ignoresAntiAliasing
      ? "\(result.antiAliasedPixels) only by anti-aliasing" : "anti-aliasing counted"
    return "\(differing) pixels differ "
      + "(\(Printed.decimal(share, places: 4))% of \(result.totalPixels); up to "
      + "\(result.allowedPixels) may), \(antiAliasing) (threshold \(threshold))"
  }

  package func compare(_ actual: RGBAImage, to expected: RGBAImage) -> Result {
    guard actual.width == expected.width, actual.height == expected.height else {
      return Result(
        differingPixels: nil, totalPixels: expected.width * expected.height, allowedPixels: 0,
        antiAliasedPixels: 0, diff: nil, matches: false)
    }
    // The largest YIQ distance is 35215; the threshold is on its square root's scale.
    let maximumDelta = 35215 * threshold * threshold
    var diff = expected
    var differing = 0
    var antiAliased = 0
    for y in 0..<expected.height {
      for x in 0..<expected.width {
        let delta = Self.colorDelta(actual, x, y, expected, x, y, brightnessOnly: false)
        if abs(delta) > maximumDelta {
          if ignoresAntiAliasing,
            Self.isAntiAliased(actual, x, y, other: expected)
              || Self.isAntiAliased(expected, x, y, other: actual)
          {
            antiAliased += 1
            diff[x, y] = (255, 255, 0, 255)
          } else {
            differing += 1
            diff[x, y] = (255, 0, 0, 255)
          }
        } else {
          let grey = UInt8(min(max(255 + (Self.brightness(expected, x, y) - 255) * 0.1, 0), 255))
          diff[x, y] = (grey, grey, grey, 255)
        }
      }
    }
    let allowed = allowedPixels(of: expected.width * expected.height)
    return Result(
      differingPixels: differing, totalPixels: expected.width * expected.height,
      allowedPixels: allowed, antiAliasedPixels: antiAliased, diff: diff,
      matches: differing <= allowed)
  }

  /// A pixel's channels blended over white by its alpha, as pixelmatch does.
  private static func blended(_ image: RGBAImage, _ x: Int, _ y: Int) -> (Double, Double, Double) {
    let pixel = image[x, y]
    let alpha = Double(pixel.alpha) / 255
    func blend(_ channel: UInt8) -> Double { 255 + (Double(channel) - 255) * alpha }
    return (blend(pixel.red), blend(pixel.green), blend(pixel.blue))
  }

  private static func brightness(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
    let (r, g, b) = blended(image, x, y)
    return r * 0.29889531 + g * 0.58662247 + b * 0.11448223
  }

  /// The squared YIQ distance between two pixels, signed by which is brighter; or the
  /// difference in brightness alone.
  static func colorDelta(
    _ first: RGBAImage, _ x1: Int, _ y1: Int, _ second: RGBAImage, _ x2: Int, _ y2: Int,
    brightnessOnly: Bool
  ) -> Double {
    let (r1, g1, b1) = blended(first, x1, y1)
    let (r2, g2, b2) = blended(second, x2, y2)
    let y = (r1 - r2) * 0.29889531 + (g1 - g2) * 0.58662247 + (b1 - b2) * 0.11448223
    if brightnessOnly { return y }
    let i = (r1 - r2) * 0.59597799 - (g1 - g2) * 0.27417610 - (b1 - b2) * 0.32180189
    let q = (r1 - r2) * 0.21147017 - (g1 - g2) * 0.52261711 + (b1 - b2) * 0.31114694
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y > 0 ? -delta : delta
  }

  /// Whether the pixel sits on an anti-aliased edge: among its neighbours it is neither the
  /// darkest nor the brightest, and the darkest or brightest neighbour lies in a flat area in
  /// both images (pixelmatch's test, after Vysniauskas 2009).
  static func isAntiAliased(_ image: RGBAImage, _ x: Int, _ y: Int, other: RGBAImage) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    var zeroes = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
    var minimum = 0.0
    var maximum = 0.0
    var darkest: (Int, Int)?
    var brightest: (Int, Int)?
    for neighbourX in x0...x2 {
      for neighbourY in y0...y2 where neighbourX != x || neighbourY != y {
        let delta = colorDelta(image, x, y, image, neighbourX, neighbourY, brightnessOnly: true)
        if delta == 0 {
          zeroes += 1
          if zeroes > 2 { return false }
        } else if delta < minimum {
          minimum = delta
          darkest = (neighbourX, neighbourY)
        } else if delta > maximum {
          maximum = delta
          brightest = (neighbourX, neighbourY)
        }
      }
    }
    guard let darkest, let brightest else { return false }
    return (hasManySiblings(image, darkest) && hasManySiblings(other, darkest))
      || (hasManySiblings(image, brightest) && hasManySiblings(other, brightest))
  }

  /// Whether at least three neighbours have exactly the pixel's colour.
  private static func hasManySiblings(_ image: RGBAImage, _ point: (Int, Int)) -> Bool {
    let (x, y) = point
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    var zeroes = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
    let pixel = image[x, y]
    for neighbourX in x0...x2 {
      for neighbourY in y0...y2 where neighbourX != x || neighbourY != y {
        let other = image[neighbourX, neighbourY]
        if other == pixel {
          zeroes += 1
          if zeroes > 2 { return true }
        }
      }
    }
    return false
  }
}
