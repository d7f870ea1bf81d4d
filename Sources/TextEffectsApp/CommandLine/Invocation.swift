import TextEffects

/// What the command line asked for.
package enum Invocation: Equatable {
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
  /// A command sent to the kiosk listening at `socket` (the default place when nil).
  case send(ControlCommand, socket: String?)
  /// One report of the parts shards' checks wrote.
  case merge(MergeRequest)
}

extension Invocation {
  /// The settings its scenes are drawn with, where it draws scenes from the command line.
  package var settings: SceneSettings? {
    switch self {
    case .window(let request): request.settings
    case .screenshot(_, _, let request), .frames(_, _, let request), .animation(_, _, let request),
      .contactSheet(_, _, _, let request):
      request.settings
    case .kiosk(let request): request.settings
    case .bench(let request): request.settings
    case .help, .version, .compare, .check, .send, .merge: nil
    }
  }
}

package struct CheckRequest: Equatable {
  /// The suite file as given, for messages and the report's title.
  package var path: String
  package var suite: VisualSuite
  /// The suite's folder, which holds the references.
  package var folder: String
  /// `--update`: write the references that are missing or differ.
  package var updates: Bool
  /// `--report DIR`: where the HTML report and the part for merging go.
  package var reportDirectory: String?
  /// `--reporter`: how the results are told; none given is `line`.
  package var reporters: [SuiteReporter] = [SuiteReporter(.line)]
  /// `--shard`, `--grep`, `--grep-invert`, `--last-failed`: which cases are drawn.
  package var selection = SuiteSelection()
}

/// `--merge-reports DIR...`: the folders shards' `--report` wrote, made one report.
package struct MergeRequest: Equatable {
  package var folders: [String]
  package var reportDirectory: String?
  package var reporters: [SuiteReporter] = [SuiteReporter(.line)]
}

package struct WindowRequest: Equatable {
  package var scene: SceneKind
  package var settings: SceneSettings
  package var size: Size
  package var scale: Double
  package var showsChrome: Bool
  /// `--at T`: the clock holds at T, in every scene.
  package var frozenTime: Double?
  /// `--renderer`: how the window draws.
  package var renderer = WindowRenderer.auto
  /// Which settings the command line gave, and so the desktop's preferences may not set.
  package var following = DesktopFollowing()
  /// False with `--follow-desktop no`: the desktop is not read.
  package var followsDesktop = true
  /// `--control PATH`: the socket the window takes commands on; nil or "none" for none.
  package var control: String?
}

/// What every headless image is drawn from.
package struct RenderRequest: Equatable {
  package var scene: SceneKind
  package var settings: SceneSettings
  package var size: Size
  package var scale: Double
  package var showsChrome: Bool
}

package struct KioskRequest: Equatable {
  /// What it shows; read again when the file changes. Nil without `--content`.
  package var contentPath: String?
  /// The items as first read (or the three demos, or the live streaming item).
  package var content: KioskContent
  /// Text from standard input streams into the one streaming item.
  package var readsStandardInput: Bool
  /// `--stdin-format`: how standard input is read, a model server's stream or text.
  package var standardInputFormat: StreamFormat
  /// `--record-trace`: where each arrival from standard input is saved, with its time.
  package var traceRecording: String?
  /// `--play-log`: where a line is appended for each item shown, as it ends.
  package var playLog: String?
  /// `--control`: the socket's path, "none", or nil for the default place.
  package var control: String?
  package var cycle: Double
  package var isFullscreen: Bool
  /// Nil: text grows with the display.
  package var scale: Double?
  package var size: Size
  package var settings: SceneSettings
  /// `--renderer`: how the kiosk's window draws.
  package var renderer = WindowRenderer.auto
  /// Which settings the command line gave, and so the desktop's preferences may not set.
  package var following = DesktopFollowing()
  /// False with `--follow-desktop no`: the desktop is not read.
  package var followsDesktop = true
}

package struct BenchRequest: Equatable {
  package var scene: SceneKind
  package var settings: SceneSettings
  /// The scene times of the frames it draws.
  package var times: [Double]
  package var size: Size
  package var scale: Double
  /// How the frames are drawn: offscreen in software, or in a window with OpenGL.
  package var renderer: Renderer
  package var runsBaseline: Bool

  /// How many frames it draws unless told: ten seconds at a display's rate.
  package static let defaultFrames = 600

  /// The renderers the bench can time: `--renderer auto` chooses in a window, not here.
  package enum Renderer: String, Sendable {
    case software
    case opengl
  }
}
