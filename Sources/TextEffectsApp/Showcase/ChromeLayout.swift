import TextEffects

/// Where the showcase's own controls go: scene tabs in a bar at the top; the Reduce Motion
/// switch, a status line, the appearance button and the help button in a bar at the bottom;
/// the scene in between.
package struct ChromeLayout: Sendable {
  package static let topBarHeight = 44.0
  package static let bottomBarHeight = 36.0
  static let labelFont = Font(design: .proportional, weight: .medium, size: 13)
  static let switchSize = Size(width: 34, height: 20)

  package var size: Size
  package var sceneFrame: Rect
  package var topBar: Rect
  package var bottomBar: Rect
  package var tabs: [(kind: SceneKind, rect: Rect)]
  /// The tabs' label font: smaller than the rest only when the window is too narrow.
  package var tabFont: Font
  /// The switch with its label: all of it is clickable.
  package var reduceMotionSwitch: Rect
  package var appearanceButton: Rect
  package var helpButton: Rect
  /// What is left between the bottom bar's controls, for the status line.
  package var statusArea: Rect

  /// The tabs for `scene`: the three demos, and the stress scene's own while it plays, so the
  /// bar always shows what is on.
  package init(
    size: Size, scene: SceneKind, appearance: Appearance, layouts: Typesetter
  ) {
    let kinds = SceneKind.demos + (SceneKind.demos.contains(scene) ? [] : [scene])
    self.size = size
    topBar = Rect(x: 0, y: 0, width: size.width, height: Self.topBarHeight)
    bottomBar = Rect(
      x: 0, y: max(size.height - Self.bottomBarHeight, Self.topBarHeight), width: size.width,
      height: Self.bottomBarHeight)
    sceneFrame = Rect(
      x: 0, y: topBar.maxY, width: size.width, height: max(bottomBar.minY - topBar.maxY, 1))

    // Tabs padded by 12 a side; on a narrow window the padding, then the label size, give way.
    let available = max(size.width - 16, 1)
    var labelWidths = kinds.map {
      layouts.layout($0.title, font: Self.labelFont).size.width
    }
    var tabFont = Self.labelFont
    let tabCount = Double(labelWidths.count)
    var padding = min(24, max((available - labelWidths.reduce(0, +)) / tabCount, 6))
    if labelWidths.reduce(0, +) + padding * tabCount > available {
      tabFont.size *= (available - padding * tabCount) / labelWidths.reduce(0, +)
      labelWidths = kinds.map { layouts.layout($0.title, font: tabFont).size.width }
      padding = (available - labelWidths.reduce(0, +)) / tabCount
    }
    self.tabFont = tabFont
    var x = (size.width - labelWidths.reduce(0, +) - padding * tabCount) / 2
    tabs = []
    for (kind, width) in zip(kinds, labelWidths) {
      tabs.append((kind, Rect(x: x, y: 8, width: width + padding, height: Self.topBarHeight - 16)))
      x += width + padding
    }

    let barMiddle = bottomBar.minY + Self.bottomBarHeight / 2
    let switchLabel = layouts.layout(Self.reduceMotionLabel, font: Self.labelFont).size.width
    reduceMotionSwitch = Rect(
      x: 10, y: barMiddle - 14, width: switchLabel + 8 + Self.switchSize.width, height: 28)
    helpButton = Rect(x: size.width - 10 - 24, y: barMiddle - 12, width: 24, height: 24)
    let appearanceWidth =
      layouts.layout(Self.appearanceLabel(appearance), font: Self.labelFont).size.width + 20
    appearanceButton = Rect(
      x: helpButton.minX - 8 - appearanceWidth, y: barMiddle - 12, width: appearanceWidth,
      height: 24)
    statusArea = Rect(
      x: reduceMotionSwitch.maxX + 12, y: bottomBar.minY,
      width: max(appearanceButton.minX - 12 - reduceMotionSwitch.maxX - 12, 0),
      height: Self.bottomBarHeight)
  }

  static let reduceMotionLabel = "Reduce Motion"

  /// The button names the appearance it switches to, with its sign: the sun for Light, the
  /// moon for Dark.
  static func appearanceLabel(_ appearance: Appearance) -> String {
    appearance == .dark ? "\u{2600} Light" : "\u{263E} Dark"
  }

  package var hitTargets: [HitTarget] {
    tabs.map { HitTarget(control: .tab($0.kind), rect: $0.rect) } + [
      HitTarget(control: .reduceMotionSwitch, rect: reduceMotionSwitch),
      HitTarget(control: .appearanceButton, rect: appearanceButton),
      HitTarget(control: .helpButton, rect: helpButton),
    ]
  }
}
