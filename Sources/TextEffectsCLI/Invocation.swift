import TextEffects

/// What the command line asked for.
public enum Invocation: Equatable {
  case help
  case version
  case window(WindowRequest)
  /// One frame at `time`, written to `path`.
  case screenshot(path: String, time: Double, RenderRequest)
  /// A numbered PNG sequence in `directory`, one frame per time.
  case frames(directory: String, times: [Double], RenderRequest)
  /// One animated file (APNG or GIF, by its name) of the frames at `times`.
  case animation(path: String, times: [Double], RenderRequest)
  /// One PNG that tiles the frames at `times`, `columns` a row.
  case contactSheet(path: String, times: [Double], columns: Int, RenderRequest)
  /// A kiosk: fullscreen (or a window, for `--stdin` alone), no controls, scenes cycling.
  case kiosk(KioskRequest)
  /// Frames timed, ours and the naive way's, for the bench's figures.
  case bench(BenchRequest)
  /// Two PNGs compared with the tolerances given (the goldens' by default); a diff image
  /// written when asked.
  case compare(expected: String, actual: String, diff: String?, ImageComparison)
  /// A suite's cases drawn and compared with their references.
  case check(CheckRequest)
}

public struct CheckRequest: Equatable {
  /// The suite file as given, for messages and the report's title.
  public var path: String
  public var suite: VisualSuite
  /// The suite's folder, which holds the references.
  public var folder: String
  /// `--update`: write the references that are missing or differ.
  public var updates: Bool
  /// `--report DIR`: where the HTML report goes.
  public var reportDirectory: String?
}

public struct WindowRequest: Equatable {
  public var scene: SceneKind
  public var settings: SceneSettings
  public var size: Size
  public var scale: Double
  public var showsChrome: Bool
  /// `--at T`: the clock holds at T, in every scene.
  public var frozenTime: Double?
  /// `--renderer`: how the window draws.
  public var renderer = WindowRenderer.auto
  /// Which settings the command line gave, and so the desktop's preferences may not set.
  public var following = DesktopFollowing()
  /// False with `--follow-desktop no`: the desktop is not read.
  public var followsDesktop = true
}

/// What every headless image is drawn from.
public struct RenderRequest: Equatable {
  public var scene: SceneKind
  public var settings: SceneSettings
  public var size: Size
  public var scale: Double
  public var showsChrome: Bool
}

public struct KioskRequest: Equatable {
  /// What it shows; read again when the file changes. Nil without `--content`.
  public var contentPath: String?
  /// The items as first read (or the three demos, or the live streaming item).
  public var content: KioskContent
  /// Text from standard input streams into the one streaming item.
  public var readsStandardInput: Bool
  /// `--record-trace`: where each arrival from standard input is saved, with its time.
  public var traceRecording: String?
  public var cycle: Double
  public var isFullscreen: Bool
  /// Nil: text grows with the display.
  public var scale: Double?
  public var size: Size
  public var settings: SceneSettings
  /// `--renderer`: how the kiosk's window draws.
  public var renderer = WindowRenderer.auto
  /// Which settings the command line gave, and so the desktop's preferences may not set.
  public var following = DesktopFollowing()
  /// False with `--follow-desktop no`: the desktop is not read.
  public var followsDesktop = true
}

public struct BenchRequest: Equatable {
  public var scene: SceneKind
  public var settings: SceneSettings
  public var frames: Int
  public var size: Size
  public var scale: Double
  /// "software" (offscreen) or "opengl" (in a window).
  public var renderer: String
  public var runsBaseline: Bool
}
