import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsSDL

/// SDL's software renderer (screenshots, and windows without a GPU) blends a translucent
/// fill once for every triangle that covers a pixel; where triangles overlapped, light lines
/// crossed the round controls. Each shape the showcase draws is filled here alone, half
/// transparent, and every pixel well inside it must come out the same. "Well inside" is two
/// pixels in from the edge: the software renderer truncates each vertex to a whole pixel,
/// which can move the fringe's inner edge in by up to one and a half.
@Suite(.threadOfItsOwn(.computing)) struct SeamTests {
  /// Every shape of every scene's frame, with the controls, in both appearances and with the
  /// help open, at 800×500 points.
  func showcaseShapes(scale: Double) throws -> [Shape] {
    var shapes: [Shape] = []
    for kind in SceneKind.demos {
      for appearance in [Appearance.dark, .light] {
        for helpOpen in [false, true] {
          var settings = SceneSettings()
          settings.appearance = appearance
          let showcase = Showcase(
            scene: kind, settings: settings, showsChrome: true,
            fonts: try FontLibrary.bundled().metricsProvider(pixelsPerPoint: scale), now: 0)
          if helpOpen { showcase.perform(.toggleHelp, at: 0) }
          let list = DrawList()
          showcase.draw(at: 1.5, in: Size(width: 800, height: 500), into: list)
          for case .shape(let draw) in list.commands where !shapes.contains(draw.shape) {
            shapes.append(draw.shape)
          }
        }
      }
    }
    return shapes
  }

  /// A shape's bounding rectangle and corner radius, in points.
  func outline(of shape: Shape) -> (rect: Rect, radius: Double) {
    switch shape {
    case .rectangle(let rect): (rect, 0)
    case .roundedRectangle(let rect, let radius): (rect, radius)
    case .circle(let centre, let r):
      (Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r), r)
    }
  }

  /// How far inside `shape` (in pixels at `scale`) a point lies; negative outside.
  func depth(of point: Point, in shape: Shape, scale: Double) -> Double {
    let (rect, radius) = outline(of: shape)
    let r = min(radius, min(rect.width, rect.height) / 2) * scale
    let qx = abs(point.x - (rect.minX + rect.width / 2) * scale) - (rect.width * scale / 2 - r)
    let qy = abs(point.y - (rect.minY + rect.height / 2) * scale) - (rect.height * scale / 2 - r)
    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
    return -(outside + min(max(qx, qy), 0) - r)
  }

  @Test(arguments: [1.0, 2.0, 3.0])
  func everyControlsTranslucentFillIsEven(scale: Double) throws {
    let shapes = try showcaseShapes(scale: scale)
    #expect(shapes.count >= 10, "the showcase draws \(shapes.count) shapes")
    let width = Int((800 * scale).rounded())
    let height = Int((500 * scale).rounded())
    let target = try SDLRenderTarget(offscreenWidth: width, height: height)
    let drawer = try TextEffectsRenderer(fonts: try FontLibrary.bundled())
    for shape in shapes {
      let list = DrawList(background: .black)
      list.append(
        .shape(ShapeDraw(shape: shape, color: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5))))
      try drawer.draw(list, on: target, pixelsPerPoint: scale)
      let image = try target.image()
      // A grey byte is enough: white over black, all three channels are the same.
      var shades: [UInt8: Int] = [:]
      let bounds = outline(of: shape).rect
      let (left, right) = (max(Int(bounds.minX * scale), 0), min(Int(bounds.maxX * scale), width))
      let (top, bottom) = (
        max(Int(bounds.minY * scale), 0), min(Int(bounds.maxY * scale), height)
      )
      for y in top..<bottom {
        for x in left..<right
        where depth(of: Point(x: Double(x) + 0.5, y: Double(y) + 0.5), in: shape, scale: scale)
          >= 2
        {
          shades[image.bytes[(y * width + x) * 4], default: 0] += 1
        }
      }
      #expect(
        shades.count <= 1,
        "\(shape) at \(scale)x: grey levels inside and their pixel counts: \(shades)")
    }
  }
}
