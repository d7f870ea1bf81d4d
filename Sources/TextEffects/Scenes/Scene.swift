/// The three demos, by the name the command line uses.
public enum SceneKind: String, CaseIterable, Sendable {
  case typewriter
  case glitch
  case streaming
}

/// What the user chose that every scene honours.
public struct SceneSettings: Equatable, Sendable {
  /// The seed's accessibility setting: each effect keeps its still look.
  public var reduceMotion = false
  /// Picks the streaming demo's chunk timing and sizes; the same seed gives the same frames.
  public var seed: UInt64 = 0
  public var appearance = Appearance.dark
  /// Dynamic Type: multiplies every text size, and the glitch's offset with it.
  public var textScale = 1.0

  public init(
    reduceMotion: Bool = false, seed: UInt64 = 0, appearance: Appearance = .dark,
    textScale: Double = 1
  ) {
    self.reduceMotion = reduceMotion
    self.seed = seed
    self.appearance = appearance
    self.textScale = textScale
  }
}

/// A demo: a pure function of the time since it started, its settings and the canvas size.
public protocol Scene: AnyObject {
  var kind: SceneKind { get }
  /// Records the frame `time` seconds after the scene started, on a canvas of `size` points.
  func draw(at time: Double, in size: Size, into list: DrawList)
}

extension SceneKind {
  /// A fresh scene of this kind, measuring its text with `fonts`.
  public func makeScene(settings: SceneSettings, fonts: any FontMetricsProvider) -> any Scene {
    let layouts = TextLayoutCache(fonts: fonts)
    switch self {
    case .typewriter: return TypewriterScene(settings: settings, layouts: layouts)
    case .glitch: return GlitchScene(settings: settings, layouts: layouts)
    case .streaming: return StreamingScene(settings: settings, layouts: layouts)
    }
  }
}

/// The seeds are phone-sized; on a desktop their content sits in a readable column.
enum SceneColumn {
  static let maximumWidth = 600.0

  /// The column, centred, as tall as the canvas.
  static func frame(in size: Size) -> Rect {
    let width = min(size.width, maximumWidth)
    return Rect(x: (size.width - width) / 2, y: 0, width: width, height: size.height)
  }
}
