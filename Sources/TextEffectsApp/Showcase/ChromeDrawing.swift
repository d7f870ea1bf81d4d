import TextEffects

/// Draws the showcase's bars and help overlay, in the system's grey palette for the appearance.
/// With Increase Contrast the secondary text, the switch and the unselected fills take stronger
/// shades, as the system's controls do: the status line then reads at 7:1 against its bar
/// (WCAG's AAA) in both appearances, where it reads at 4.6:1 to 5.9:1 without.
struct ChromeDrawing {
  let layout: ChromeLayout
  let appearance: Appearance
  let increasesContrast: Bool
  let pointer: PointerState<Control>
  let layouts: Typesetter

  private var isDark: Bool { appearance == .dark }
  var barColor: RGBAColor {
    isDark
      ? RGBAColor(red8: 28, green8: 28, blue8: 30) : RGBAColor(red8: 242, green8: 242, blue8: 247)
  }
  private var primary: RGBAColor { isDark ? .white : .black }
  var secondary: RGBAColor {
    switch (isDark, increasesContrast) {
    case (true, false): RGBAColor(red8: 152, green8: 152, blue8: 159)
    case (true, true): RGBAColor(red8: 174, green8: 174, blue8: 178)
    case (false, false): RGBAColor(red8: 110, green8: 110, blue8: 115)
    case (false, true): RGBAColor(red8: 72, green8: 72, blue8: 74)
    }
  }
  /// A fill that lightens on dark and darkens on light, at `strength` (stronger with Increase
  /// Contrast).
  private func tint(_ strength: Double) -> RGBAColor {
    (isDark ? RGBAColor.white : RGBAColor.black).withOpacity(
      increasesContrast ? min(strength * 1.6, 1) : strength)
  }

  /// How much a control's fill shows: more when hovered, most when pressed.
  private func emphasis(of control: Control) -> Double {
    pointer.pressed == control ? 0.22 : pointer.hovered == control ? 0.14 : 0
  }

  func drawBars(selected: SceneKind, reduceMotion: Bool, status: String, into list: DrawList) {
    let context = GraphicsContext(list: list, foregroundColor: primary)
    context.fill(.rectangle(layout.topBar), with: barColor)
    context.fill(.rectangle(layout.bottomBar), with: barColor)

    // Scene tabs, as a segmented control.
    if let first = layout.tabs.first, let last = layout.tabs.last {
      let track = Rect(
        x: first.rect.minX - 2, y: first.rect.minY - 2,
        width: last.rect.maxX - first.rect.minX + 4, height: first.rect.height + 4)
      context.fill(.roundedRectangle(track, cornerRadius: 9), with: tint(0.08))
    }
    for (kind, rect) in layout.tabs {
      let control = Control.tab(kind)
      if kind == selected {
        context.fill(
          .roundedRectangle(rect, cornerRadius: 7),
          with: isDark ? RGBAColor(red8: 99, green8: 99, blue8: 102) : .white)
      } else if emphasis(of: control) > 0 {
        context.fill(.roundedRectangle(rect, cornerRadius: 7), with: tint(emphasis(of: control)))
      }
      drawCentered(kind.title, in: rect, font: layout.tabFont, color: primary, context: context)
    }

    // Reduce Motion: a label and a switch, green when on.
    let switchRect = layout.reduceMotionSwitch
    let label = layouts.layout(ChromeLayout.reduceMotionLabel, font: ChromeLayout.labelFont)
    var labelContext = context
    labelContext.foregroundColor = primary
    labelContext.draw(
      label,
      at: Point(
        x: switchRect.minX, y: switchRect.minY + (switchRect.height - label.size.height) / 2))
    let trackSize = ChromeLayout.switchSize
    let track = Rect(
      x: switchRect.maxX - trackSize.width,
      y: switchRect.minY + (switchRect.height - trackSize.height) / 2,
      width: trackSize.width, height: trackSize.height)
    let offColor = tint(0.22 + emphasis(of: .reduceMotionSwitch))
    context.fill(
      .roundedRectangle(track, cornerRadius: trackSize.height / 2),
      with: reduceMotion
        ? SystemColor.green.color(in: appearance, increasedContrast: increasesContrast) : offColor)
    let knobRadius = trackSize.height / 2 - 2
    let knobX = reduceMotion ? track.maxX - 2 - knobRadius : track.minX + 2 + knobRadius
    context.fill(
      .circle(center: Point(x: knobX, y: track.minY + trackSize.height / 2), radius: knobRadius),
      with: .white)

    // Appearance and help buttons.
    let appearanceRect = layout.appearanceButton
    context.fill(
      .roundedRectangle(appearanceRect, cornerRadius: appearanceRect.height / 2),
      with: tint(0.1 + emphasis(of: .appearanceButton)))
    drawCentered(
      ChromeLayout.appearanceLabel(appearance), in: appearanceRect, color: primary, context: context
    )
    let help = layout.helpButton
    context.fill(
      .circle(
        center: Point(x: help.minX + help.width / 2, y: help.minY + help.height / 2),
        radius: help.width / 2),
      with: tint(0.1 + emphasis(of: .helpButton)))
    drawCentered("?", in: help, color: primary, context: context)

    // The status line: as many of its parts as fit.
    let area = layout.statusArea
    var parts = status.split(separator: Self.separator, omittingEmptySubsequences: false)
    while !parts.isEmpty {
      let text = parts.joined(separator: Self.separator)
      if layouts.layout(text, font: ChromeLayout.labelFont).size.width <= area.width {
        drawCentered(text, in: area, color: secondary, context: context)
        break
      }
      parts.removeLast()
    }
  }

  static let separator = "  \u{00B7}  "

  /// The help overlay: every control and the values they set, over a dimmed window.
  func drawHelp(values: [String], into list: DrawList) {
    let size = layout.size
    let context = GraphicsContext(list: list, foregroundColor: primary)
    context.fill(
      .rectangle(Rect(x: 0, y: 0, width: size.width, height: size.height)),
      with: RGBAColor.black.withOpacity(0.55))

    let rows = KeyMap.help
    func measure(_ zoom: Double) -> (
      keyFont: Font, actionFont: Font, titleFont: Font, keyWidth: Double, width: Double,
      height: Double
    ) {
      let keyFont = Font(design: .monospaced, weight: .medium, size: 12 * zoom)
      let actionFont = Font(design: .proportional, weight: .regular, size: 13 * zoom)
      let titleFont = Font(design: .proportional, weight: .semibold, size: 17 * zoom)
      let keyWidth = rows.map { layouts.layout($0.keys, font: keyFont).size.width }.max() ?? 0
      let actionWidth =
        rows.map { layouts.layout($0.action, font: actionFont).size.width }.max() ?? 0
      let valueWidth = values.map { layouts.layout($0, font: actionFont).size.width }.max() ?? 0
      let rowHeight = layouts.layout("Ag", font: actionFont).size.height + 4 * zoom
      let width = max(keyWidth + 16 * zoom + actionWidth, valueWidth) + 40 * zoom
      let height =
        (20 + 12 + 12 + 20) * zoom + layouts.layout("Controls", font: titleFont).size.height
        + Double(rows.count + values.count) * rowHeight
      return (keyFont, actionFont, titleFont, keyWidth, width, height)
    }
    let fit = measure(1)
    let zoom = min(1, (size.width - 16) / fit.width, (size.height - 16) / fit.height)
    guard zoom >= Self.smallestHelpZoom else {
      drawHelpTooSmall(in: size, context: context)
      return
    }
    let m = measure(zoom)
    let panel = Rect(
      x: (size.width - m.width) / 2, y: (size.height - m.height) / 2, width: m.width,
      height: m.height)
    context.fill(.roundedRectangle(panel, cornerRadius: 14 * zoom), with: barColor)

    var y = panel.minY + 20 * zoom
    let title = layouts.layout("Controls", font: m.titleFont)
    context.draw(title, at: Point(x: panel.minX + 20 * zoom, y: y))
    y += title.size.height + 12 * zoom
    let rowHeight = layouts.layout("Ag", font: m.actionFont).size.height + 4 * zoom
    var keyContext = context
    keyContext.foregroundColor = secondary
    for row in rows {
      keyContext.draw(
        layouts.layout(row.keys, font: m.keyFont),
        at: Point(x: panel.minX + 20 * zoom, y: y + 2 * zoom))
      context.draw(
        layouts.layout(row.action, font: m.actionFont),
        at: Point(x: panel.minX + (20 + 16) * zoom + m.keyWidth, y: y))
      y += rowHeight
    }
    y += 12 * zoom
    for value in values {
      keyContext.draw(
        layouts.layout(value, font: m.actionFont), at: Point(x: panel.minX + 20 * zoom, y: y))
      y += rowHeight
    }
  }

  /// How far the help's text may shrink to fit the window: its keys at 9 points, the size a
  /// person still reads. A smaller window says where the keys are instead.
  static let smallestHelpZoom = 0.75

  /// What a window too small to list the keys readably shows in their place.
  static let helpTooSmall = [
    "Too small to list the keys.", "Make the window larger,", "or run text-effects \(Option.help).",
  ]

  private func drawHelpTooSmall(in size: Size, context: GraphicsContext) {
    let font = Font(design: .proportional, weight: .regular, size: 13)
    let lines = Self.helpTooSmall.map { layouts.layout($0, font: font) }
    let width = (lines.map(\.size.width).max() ?? 0) + 24
    let height = lines.reduce(0) { $0 + $1.size.height + 2 } + 20
    let panel = Rect(
      x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    context.fill(.roundedRectangle(panel, cornerRadius: 10), with: barColor)
    var y = panel.minY + 10
    for line in lines {
      context.draw(line, at: Point(x: panel.minX + 12, y: y))
      y += line.size.height + 2
    }
  }

  private func drawCentered(
    _ text: String, in rect: Rect, font: Font = ChromeLayout.labelFont, color: RGBAColor,
    context: GraphicsContext
  ) {
    let layout = layouts.layout(text, font: font)
    var centered = context
    centered.foregroundColor = color
    centered.draw(
      layout,
      at: Point(
        x: rect.minX + (rect.width - layout.size.width) / 2,
        y: rect.minY + (rect.height - layout.size.height) / 2))
  }
}
