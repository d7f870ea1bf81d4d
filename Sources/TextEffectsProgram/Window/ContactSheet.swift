import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// One image that tiles a scene's frames at chosen times, each labelled with its time, so a
/// reviewer sees a whole animation at a glance.
package enum ContactSheet {
  static let background = RGBAColor(red8: 44, green8: 44, blue8: 46)
  static let labelColor = RGBAColor(red8: 220, green8: 220, blue8: 224)

  /// Renders the frame at each of `times` with `renderer` and tiles them, `columns` a row.
  package static func render(
    times: [Double], columns: Int, with renderer: OffscreenRenderer, fonts: FontLibrary
  ) throws -> SDLRenderTarget {
    let scale = renderer.scale
    let layout = ContactSheetLayout(
      count: times.count, columns: columns,
      frameWidth: PixelRect.wholePixel(renderer.size.width * scale, .toNearestOrAwayFromZero),
      frameHeight: PixelRect.wholePixel(renderer.size.height * scale, .toNearestOrAwayFromZero),
      scale: scale)
    let sheet = try SDLRenderTarget(
      offscreenWidth: layout.width, height: layout.height, opaque: true)
    let labels = DrawList(background: background)
    let context = GraphicsContext(list: labels, foregroundColor: labelColor)
    let layouts = Typesetter(fonts: fonts.metricsProvider(pixelsPerPoint: scale))
    let font = Font(design: .monospaced, weight: .medium, size: 13)

    let drawer = try TextEffectsRenderer(fonts: fonts)
    drawer.renderer = sheet.renderer
    drawer.pixelsPerPoint = scale
    try drawer.clear(to: background)
    for (index, time) in times.enumerated() {
      let origin = layout.origin(ofTile: index)
      try renderer.render(at: time).copy(into: sheet, x: origin.x, y: origin.y)
      let text = layouts.layout(ContactSheetLayout.label(for: time), font: font)
      let stripTop = Double(origin.y + layout.frameHeight) / scale
      context.draw(
        text,
        at: Point(
          x: (Double(origin.x) + Double(layout.frameWidth) / 2) / scale - text.size.width / 2,
          y: stripTop + (Double(layout.labelHeight) / scale - text.size.height) / 2))
    }
    try drawer.draw(labels)
    return sheet
  }
}
