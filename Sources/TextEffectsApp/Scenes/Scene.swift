import TextEffects

/// What the user chose that every scene honours.
package struct SceneSettings: Equatable, Sendable {
  /// The seed's accessibility setting: each effect keeps its still look.
  package var reduceMotion = false
  /// Picks the streaming demo's chunk timing and sizes; the same seed gives the same frames.
  package var seed: UInt64 = 0
  /// The streaming demo follows it; the typewriter and glitch demos stay on black, as theirs do.
  package var appearance = Appearance.dark
  /// Text size, as Dynamic Type: every text style grows by its own table.
  package var dynamicType = DynamicTypeSize.standard
  /// SwiftUI's increased `colorSchemeContrast`: the system colours take their accessible
  /// shades, as on iOS with Increase Contrast on (the glitch's copies, the buttons).
  package var increaseContrast = false
  /// Replaces the scene's own text when set: the typewriter cycles its lines, the glitch shows
  /// its first line large and the rest below, the streaming scene streams all of it.
  package var customText: String?
  /// The text's colour: the typewriter's text and cursor, the glitch's main text, the answer.
  package var textColor: RGBAColor?
  /// A font of the user's own for the scene's text (a file's path or a family name), in place
  /// of the scene's design; the scene's weight and size stay.
  package var fontName: String?
  /// Who reads the text, as a BCP 47 tag: Chinese characters take its region's forms, and
  /// words and lines break as it has them.
  package var language: String?
  /// Each effect's own settings, read as `settings[TypewriterSettings.self]`.
  package var effects = EffectSettingsStore()

  /// One effect's settings: its own struct, with the seed's defaults until set.
  package subscript<Settings: EffectSettings>(_ type: Settings.Type) -> Settings {
    get { effects[type] }
    set { effects[type] = newValue }
  }

  /// `font` as the scene's text is set: in the user's font when one was chosen.
  package func textFont(_ font: Font) -> Font {
    guard let fontName else { return font }
    var chosen = font
    chosen.name = fontName
    return chosen
  }

  /// A system colour as these settings show it: in their appearance and contrast.
  package func color(_ system: SystemColor) -> RGBAColor {
    system.color(in: appearance, increasedContrast: increaseContrast)
  }

  package init(
    reduceMotion: Bool = false, seed: UInt64 = 0, appearance: Appearance = .dark,
    dynamicType: DynamicTypeSize = .standard, customText: String? = nil
  ) {
    self.reduceMotion = reduceMotion
    self.seed = seed
    self.appearance = appearance
    self.dynamicType = dynamicType
    self.customText = customText
  }
}

/// Where the pointer is over clickable parts, for hover and pressed looks: the window's
/// (`PointerState<Control>`) or a scene's own (`ScenePointer`), which knows nothing of the rest.
package struct PointerState<Target: Hashable & Sendable>: Equatable, Sendable {
  package var hovered: Target?
  package var pressed: Target?

  package init(hovered: Target? = nil, pressed: Target? = nil) {
    self.hovered = hovered
    self.pressed = pressed
  }
}

/// The pointer over a scene's own controls.
package typealias ScenePointer = PointerState<SceneControl>

/// A demo: a pure function of the time since it started, its settings, its input and the frame
/// it is drawn in. It never reads a clock or a global random generator.
///
/// What every scene does; what only some do (being held, answering) is a protocol of its own,
/// reached through `MadeScene`.
package protocol Scene: AnyObject {
  var kind: SceneKind { get }
  var settings: SceneSettings { get set }
  /// The colour behind the scene.
  var background: RGBAColor { get }
  /// The window's typesetter, which the scene lays its texts out with: what its effects draw
  /// as strings (a cursor, a stand-in letter) is laid out by it too, as it is recorded.
  var layouts: Typesetter { get }
  /// Records the frame `time` seconds after the scene started, inside `frame` (points), into
  /// `context`, which already knows what part of the window shows.
  func draw(at time: Double, in frame: Rect, pointer: ScenePointer, into context: GraphicsContext)
  /// The first time after `time` at which a pixel of the scene changes, with no input; nil when
  /// it stays still until something happens. A screen at rest is not redrawn.
  func nextChange(after time: Double) -> Double?
  /// What a screen reader reads of the scene at `time`: each of its texts whole (the line being
  /// typed, the title once, the answer received so far), in reading order, never a half-typed
  /// or half-faded part, and nothing of the copies that decorate them.
  func spokenTexts(at time: Double) -> [SpokenText]
}

/// A scene that changes while a person holds it: the glitch bursts while the mouse is held on
/// the scene or G is held.
package protocol HoldableScene: Scene {
  var isHeld: Bool { get set }
}

/// A scene that answers: it takes text from outside, has buttons of its own, scrolls its text
/// and starts its run again. The others are pure functions of their clock, which the window
/// restarts by itself.
package protocol AnsweringScene: Scene {
  /// The scene's own clickable parts in `frame`.
  func hitTargets(in frame: Rect) -> [SceneHitTarget]
  /// One of its parts was clicked, or its key pressed, at `time`.
  func activate(_ control: SceneControl, at time: Double)
  /// The scene went back to its start.
  func restart()
  /// What a model's stream from outside (standard input, an item's command) brought at
  /// `time`: its answer's text, reasoning and tool calls, and whether it ended.
  func receive(_ piece: AnswerPiece, at time: Double)
  /// A person scrolled the scene's text (the wheel, Page Up or Down, Home, End) at `time`.
  func scroll(_ request: SceneScroll, at time: Double)
}

extension AnsweringScene {
  /// Answer text that arrived from outside at `time`, and whether the input ended with it.
  package func receive(_ text: String, ends: Bool = false, at time: Double) {
    receive(AnswerPiece(text: text, ends: ends), at: time)
  }
}

/// A scene as its effect made it, with what it does beyond every scene's part, each known from
/// its type when it was made rather than asked of it later: a window holds the glitch, and
/// feeds and scrolls the streaming answer, without a cast or an empty default for the others.
package struct MadeScene {
  package let scene: any Scene
  /// The same scene, when it can be held.
  package let holdable: (any HoldableScene)?
  /// The same scene, when it answers.
  package let answering: (any AnsweringScene)?

  package init(_ scene: some Scene) {
    self.scene = scene
    holdable = nil
    answering = nil
  }

  package init(_ scene: some HoldableScene) {
    self.scene = scene
    holdable = scene
    answering = nil
  }

  package init(_ scene: some AnsweringScene) {
    self.scene = scene
    holdable = nil
    answering = scene
  }
}

/// How a person scrolls a scene's text: by the wheel's lines, by pages, or to either end.
package enum SceneScroll: Equatable, Sendable {
  /// Lines towards the end, or towards the start when negative, as a wheel turns.
  case lines(Double)
  /// Views' heights (less a line, so one line stays in sight) towards the end or the start.
  case pages(Double)
  /// The first line.
  case start
  /// The newest line, following the text as it comes again.
  case end

  /// A wheel's notch scrolls three lines, as most desktops set it.
  package static let linesPerNotch = 3.0
}

extension Scene {
  /// Records the frame into `list` for a screen of `pixelsPerPoint`; the context handed to
  /// the scene shows `frame`, so its renderers leave out lines far outside it, without each
  /// scene having to say so.
  package func draw(
    at time: Double, in frame: Rect, pointer: ScenePointer, into list: DrawList,
    pixelsPerPoint: Double = 1
  ) {
    var context = GraphicsContext(list: list)
    context.typesetter = layouts
    context.visibleBounds = frame
    context.pixelsPerPoint = pixelsPerPoint
    draw(at: time, in: frame, pointer: pointer, into: context)
  }

}

extension SceneKind {
  /// A fresh scene of this kind, measuring its text with `fonts`.
  package func makeScene(settings: SceneSettings, fonts: any FontMetricsProvider) -> MadeScene {
    makeScene(settings: settings, layouts: Typesetter(fonts: fonts))
  }

  /// A scene of this kind that lays out with `layouts`, which it shares (a window's scenes
  /// and chrome share one, and keep their state when its fonts change).
  package func makeScene(settings: SceneSettings, layouts: Typesetter) -> MadeScene {
    effect.makeScene(settings, layouts)
  }
}
