/// The three demos, by the name the command line uses.
public enum SceneKind: String, CaseIterable, Sendable {
  case typewriter
  case glitch
  case streaming
  /// Not a seed's demo: thousands of glyphs streaming, some glitching, for the bench.
  case stress

  /// The seeds' three demos, as the tabs and a kiosk without content show them.
  public static let demos: [SceneKind] = [.typewriter, .glitch, .streaming]

  /// The name a person reads, in tabs and the window title.
  public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// What the user chose that every scene honours.
public struct SceneSettings: Equatable, Sendable {
  /// The seed's accessibility setting: each effect keeps its still look.
  public var reduceMotion = false
  /// Picks the streaming demo's chunk timing and sizes; the same seed gives the same frames.
  public var seed: UInt64 = 0
  /// The streaming demo follows it; the typewriter and glitch demos stay on black, as theirs do.
  public var appearance = Appearance.dark
  /// Text size, as Dynamic Type: every text style grows by its own table.
  public var dynamicType = DynamicTypeSize.standard
  /// The typewriter's speed, in characters per second.
  public var typewriterSpeed = TypewriterScene.defaultCharactersPerSecond
  /// How fast the streaming front crosses new text, in characters per second.
  public var streamingSpeed = StreamingMath.defaultCharactersPerSecond
  /// How many characters the streaming text's soft edge spans.
  public var streamingFade = StreamingMath.defaultFade
  /// Replaces the scene's own text when set: the typewriter cycles its lines, the glitch shows
  /// its first line large and the rest below, the streaming scene streams all of it.
  public var customText: String?
  /// The typewriter's entries when given as a list (each may span lines); else the lines of
  /// `customText`, one entry each.
  public var typewriterEntries: [String]?
  /// The streaming scene's question, in its bubble; empty hides the bubble.
  public var question: String?
  /// The text's colour: the typewriter's text and cursor, the glitch's main text, the answer.
  public var textColor: RGBAColor?
  /// The glitch's two coloured copies.
  public var glitchColors: GlitchColors?
  /// The streaming demo's Ask Again button; a kiosk has no use for it.
  public var showsAskAgain = true
  /// The streaming scene shows only text that arrives from outside (standard input).
  public var streamsLiveInput = false
  /// How many characters the stress scene streams.
  public var stressCharacters = StressScene.defaultCharacters

  public init(
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

/// The colours of the glitch's two copies, the first resting left and the second right.
public struct GlitchColors: Equatable, Sendable {
  public var first: RGBAColor
  public var second: RGBAColor

  public init(first: RGBAColor, second: RGBAColor) {
    self.first = first
    self.second = second
  }
}

/// Where the pointer is over the clickable parts, for hover and pressed looks.
public struct PointerState: Equatable, Sendable {
  public var hovered: Control?
  public var pressed: Control?

  public init(hovered: Control? = nil, pressed: Control? = nil) {
    self.hovered = hovered
    self.pressed = pressed
  }
}

/// A demo: a pure function of the time since it started, its settings, its input and the frame
/// it is drawn in. It never reads a clock or a global random generator.
public protocol Scene: AnyObject {
  var kind: SceneKind { get }
  var settings: SceneSettings { get set }
  /// The colour behind the scene.
  var background: RGBAColor { get }
  /// True while the user holds the mouse on the scene or holds G: the glitch bursts.
  var isHeld: Bool { get set }
  /// Records the frame `time` seconds after the scene started, inside `frame` (points), into
  /// `context`, which already knows what part of the window shows.
  func draw(at time: Double, in frame: Rect, pointer: PointerState, into context: GraphicsContext)
  /// The scene's own clickable parts in `frame`.
  func hitTargets(in frame: Rect) -> [SceneHitTarget]
  /// The first time after `time` at which a pixel of the scene changes, with no input; nil when
  /// it stays still until something happens. A screen at rest is not redrawn.
  func nextChange(after time: Double) -> Double?
  /// One of its parts was clicked, or its key pressed, at `time`.
  func activate(_ control: SceneControl, at time: Double)
  /// The scene went back to its start.
  func restart()
  /// Text that arrived from outside (standard input) at `time`; a scene that shows none
  /// ignores it.
  func receive(_ text: String, at time: Double)
}

extension Scene {
  /// Records the frame into `list`; the context handed to the scene shows `frame`, so its
  /// renderers leave out lines far outside it, without each scene having to say so.
  public func draw(at time: Double, in frame: Rect, pointer: PointerState, into list: DrawList) {
    var context = GraphicsContext(list: list)
    context.visibleBounds = frame
    draw(at: time, in: frame, pointer: pointer, into: context)
  }

  public var isHeld: Bool {
    get { false }
    set {}
  }
  public func hitTargets(in frame: Rect) -> [SceneHitTarget] { [] }
  public func activate(_ control: SceneControl, at time: Double) {}
  public func restart() {}
  public func receive(_ text: String, at time: Double) {}
}

extension SceneKind {
  /// A fresh scene of this kind, measuring its text with `fonts`.
  public func makeScene(settings: SceneSettings, fonts: any FontMetricsProvider) -> any Scene {
    let layouts = TextLayoutCache(fonts: fonts)
    switch self {
    case .typewriter: return TypewriterScene(settings: settings, layouts: layouts)
    case .glitch: return GlitchScene(settings: settings, layouts: layouts)
    case .streaming: return StreamingScene(settings: settings, layouts: layouts)
    case .stress: return StressScene(settings: settings, layouts: layouts)
    }
  }
}
