import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

@Suite struct ContactSheetLayoutTests {
  @Test func tilesRowByRowWithGapsAndLabelStrips() {
    let layout = ContactSheetLayout(
      count: 5, columns: 2, frameWidth: 100, frameHeight: 50, scale: 1)
    #expect(layout.rows == 3)
    #expect(layout.width == 2 * 100 + 3 * 12)
    #expect(layout.height == 3 * (50 + 24) + 4 * 12)
    #expect(layout.origin(ofTile: 0) == (12, 12))
    #expect(layout.origin(ofTile: 1) == (124, 12))
    #expect(layout.origin(ofTile: 2) == (12, 98))
  }

  @Test func columnsDefaultToTheSquareRootAndNeverExceedTheFrames() {
    #expect(
      ContactSheetLayout(count: 10, columns: nil, frameWidth: 1, frameHeight: 1, scale: 1).columns
        == 4)
    #expect(
      ContactSheetLayout(count: 2, columns: 8, frameWidth: 1, frameHeight: 1, scale: 1).columns == 2
    )
  }

  @Test func gapsScaleWithTheFrames() {
    let layout = ContactSheetLayout(
      count: 1, columns: nil, frameWidth: 200, frameHeight: 100, scale: 2)
    #expect(layout.gap == 24 && layout.labelHeight == 48)
  }

  @Test func labelsUseAsManyDecimalsAsNeeded() {
    let labels = [0, 1, 1.25, 0.1, 2.5004, 12.999].map(ContactSheetLayout.label(for:))
    #expect(labels == ["0 s", "1 s", "1.25 s", "0.1 s", "2.5 s", "12.999 s"])
  }
}
