import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

@Suite struct ImageComparisonTests {
  /// A white square on black, its left edge soft (grey) as anti-aliasing leaves it.
  func square(edge: UInt8, at x0: Int = 4) -> RGBAImage {
    var image = RGBAImage(width: 16, height: 16, red: 0, green: 0, blue: 0)
    for y in 4..<12 {
      image[x0, y] = (edge, edge, edge, 255)
      for x in (x0 + 1)..<(x0 + 8) { image[x, y] = (255, 255, 255, 255) }
    }
    return image
  }

  @Test func identicalImagesMatch() {
    let result = ImageComparison().compare(square(edge: 128), to: square(edge: 128))
    let (matches, differing) = (result.matches, result.differingPixels)
    #expect(matches && differing == 0)
  }

  @Test func aSoftEdgeThatChangedShadeIsAntiAliasingNotADifference() {
    let result = ImageComparison().compare(square(edge: 100), to: square(edge: 160))
    let (matches, antiAliased) = (result.matches, result.antiAliasedPixels)
    #expect(matches && antiAliased == 8)
  }

  /// The exact comparison, for frames whose libraries match the goldens', lets nothing pass:
  /// neither the soft edge's change of shade nor colour noise too small for the eye.
  @Test func theExactComparisonCountsAntiAliasingAndNoise() {
    let edge = ImageComparison.exact.compare(square(edge: 100), to: square(edge: 160))
    #expect(!edge.matches && edge.differingPixels == 8 && edge.antiAliasedPixels == 0)
    var noisy = square(edge: 128)
    noisy[8, 8] = (254, 255, 255, 255)
    let noise = ImageComparison.exact.compare(noisy, to: square(edge: 128))
    #expect(!noise.matches && noise.differingPixels == 1)
    #expect(ImageComparison.exact.compare(noisy, to: noisy).matches)
  }

  @Test func aShapeMovedByOnePixelDiffers() {
    let result = ImageComparison().compare(square(edge: 128, at: 5), to: square(edge: 128))
    let (matches, differing) = (result.matches, result.differingPixels ?? 0)
    #expect(!matches && differing >= 8)
  }

  @Test func smallColourNoiseIsBelowTheThreshold() {
    var noisy = square(edge: 128)
    noisy[8, 8] = (250, 252, 255, 255)
    let result = ImageComparison(threshold: 0.1).compare(noisy, to: square(edge: 128))
    #expect(result.differingPixels == 0)
  }

  @Test func theAllowanceCountsDifferingPixels() {
    var changed = square(edge: 128)
    changed[1, 1] = (255, 0, 0, 255)
    #expect(
      !ImageComparison(maximumDifferingPixels: 0).compare(changed, to: square(edge: 128)).matches)
    #expect(
      ImageComparison(maximumDifferingPixels: 1).compare(changed, to: square(edge: 128)).matches)
  }

  /// Playwright's maxDiffPixelRatio: a share of the expected image's pixels, rounded down, so
  /// that 4 differing pixels of 256 pass at 4/256 and fail just below it.
  @Test func theRatioIsAShareOfThePixelsRoundedDown() {
    var changed = square(edge: 128)
    for x in 0..<4 { changed[x, 0] = (255, 0, 0, 255) }
    let exactShare = ImageComparison(maximumDifferingRatio: 4.0 / 256)
    let result = exactShare.compare(changed, to: square(edge: 128))
    #expect(result.matches && result.allowedPixels == 4 && result.totalPixels == 256)
    let below = ImageComparison(maximumDifferingRatio: 3.99 / 256)
    #expect(!below.compare(changed, to: square(edge: 128)).matches)
    #expect(ImageComparison(maximumDifferingRatio: 0).allowedPixels(of: 1_000_000) == 0)
    #expect(ImageComparison(maximumDifferingRatio: 1).allowedPixels(of: 1_000_000) == 1_000_000)
  }

  /// With the ratio given, the count is not what decides.
  @Test func theRatioTakesThePlaceOfTheCount() {
    let comparison = ImageComparison(maximumDifferingPixels: 100, maximumDifferingRatio: 0.01)
    #expect(comparison.allowedPixels(of: 256) == 2)
  }

  /// --include-anti-aliasing: a soft edge that changed shade counts like any other pixel.
  @Test func includingAntiAliasingCountsTheSoftEdge() {
    let comparison = ImageComparison(ignoresAntiAliasing: false)
    let result = comparison.compare(square(edge: 100), to: square(edge: 160))
    #expect(!result.matches && result.differingPixels == 8 && result.antiAliasedPixels == 0)
  }

  @Test func theDiffMarksDifferencesInRed() throws {
    var changed = square(edge: 128)
    changed[1, 1] = (255, 0, 0, 255)
    let diff = try #require(ImageComparison().compare(changed, to: square(edge: 128)).diff)
    let marked = diff[1, 1]
    let unchanged = diff[0, 0]
    #expect(marked.red == 255 && marked.green == 0 && marked.blue == 0)
    #expect(unchanged.red == unchanged.green && unchanged.green == unchanged.blue)  // grey
  }

  @Test func differentSizesNeverMatch() {
    let small = RGBAImage(width: 4, height: 4, red: 0, green: 0, blue: 0)
    let large = RGBAImage(width: 4, height: 5, red: 0, green: 0, blue: 0)
    let result = ImageComparison(maximumDifferingPixels: 1000).compare(small, to: large)
    let (matches, differing) = (result.matches, result.differingPixels)
    #expect(!matches && differing == nil)
  }
}
